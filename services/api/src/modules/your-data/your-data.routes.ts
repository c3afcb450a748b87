import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountDeletedSchema,
  dataExportStartedSchema,
  dataExportStatusSchema,
  deleteAccountBodySchema,
  deletionInfoSchema,
  errorBodySchema,
} from '@touchline/shared';
import { perUserRateLimit } from '../../lib/user-rate-limit';
import type { DeletionService } from './your-data.deletion.service';
import type { ExportService } from './your-data.export.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/**
 * The signed-in owner's 'Your data' (supplement §15): exports (`/me/export…`) and deleting the
 * account (`DELETE /me`, `GET /me/deletion`). Every route acts on the caller's own account.
 */
export function yourDataRoutes(deps: {
  exports: ExportService;
  deletion: DeletionService;
}): FastifyPluginAsyncZod {
  const { exports, deletion } = deps;
  return async (app) => {
    app.post(
      '/me/export',
      {
        schema: {
          tags: ['your data'],
          summary:
            'Start an export of your data (one ZIP, built by a worker; you are told when it is ready). One a day: 429 says when the next is possible.',
          security: [{ bearer: [] }],
          response: { 202: dataExportStartedSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { userId } = request.auth;
        const started = await exports.requestExport({ subjectId: userId, actorId: userId });
        return reply.status(202).send(started);
      },
    );

    app.get(
      '/me/export',
      {
        schema: {
          tags: ['your data'],
          summary: 'Your latest export and when the next one may be asked for',
          security: [{ bearer: [] }],
          response: { 200: dataExportStatusSchema, ...errors },
        },
      },
      async (request) => exports.status(request.auth.userId),
    );

    app.get(
      '/me/export/:id',
      {
        schema: {
          tags: ['your data'],
          summary:
            'Download your export (application/zip): yours only (anyone else 404), for 7 days (then 410)',
          security: [{ bearer: [] }],
          params: z.object({ id: z.string().uuid() }),
          response: {
            200: z.unknown().describe('The ZIP file'),
            ...errors,
            409: errorBodySchema,
            410: errorBodySchema,
          },
        },
      },
      async (request, reply) => {
        const file = await exports.openDownload(request.auth.userId, request.params.id);
        reply.header('content-type', 'application/zip');
        reply.header('content-disposition', `attachment; filename="${file.fileName}"`);
        reply.header('cache-control', 'private, no-store');
        if (file.contentLength !== undefined) reply.header('content-length', file.contentLength);
        return reply.send(file.body);
      },
    );

    app.get(
      '/me/deletion',
      {
        schema: {
          tags: ['your data'],
          summary: 'How you confirm deleting your account, and what the deletion cancels',
          security: [{ bearer: [] }],
          response: { 200: deletionInfoSchema, ...errors },
        },
      },
      async (request) => deletion.info(request.auth.userId),
    );

    app.delete(
      '/me',
      {
        preHandler: perUserRateLimit(app, 'account-delete'),
        schema: {
          tags: ['your data'],
          summary:
            'Delete your account (your password, or a fresh Google sign-in): signed out everywhere and hidden at once, erased after 30 days or at once with `immediately`',
          security: [{ bearer: [] }],
          body: deleteAccountBodySchema,
          response: {
            200: accountDeletedSchema,
            ...errors,
            403: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => {
        const { userId } = request.auth;
        await deletion.confirmOwner(userId, request.body);
        return deletion.deleteAccount({
          subjectId: userId,
          actorId: userId,
          immediately: request.body.immediately,
        });
      },
    );
  };
}
