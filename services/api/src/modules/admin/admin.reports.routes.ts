import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReportPageSchema,
  adminReportResolvedSchema,
  adminReportsQuerySchema,
  adminResolveReportBodySchema,
  errorBodySchema,
} from '@touchline/shared';
import { contentModerationFrom } from '../posts/posts.module';
import { createAdminReportsService } from './admin.reports.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * `/api/admin/reports…`: reported posts and comments (open ones of minors' content first) and
 * their resolution (remove through the posts module, or dismiss), audited. The services are built
 * from `app` (the admin module registers this plugin as is).
 */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createAdminReportsService({
    db: app.db,
    clock: app.clock,
    moderation: contentModerationFrom(app),
    publisher: app.publisher,
  });

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'Content reports: `status` open (default)|removed|dismissed; open ones of minors’ content first, then newest first; `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
        security,
        querystring: adminReportsQuerySchema,
        response: { 200: adminReportPageSchema, ...errors },
      },
    },
    async (request) => reports.list(request.query),
  );

  app.post(
    '/reports/:id/resolve',
    {
      schema: {
        tags,
        summary:
          'Resolve an open report: `remove` (the post or comment is removed, its author notified, every open report of it answered) or `dismiss`, with a reason; audited',
        security,
        params: z.object({ id: z.string().uuid() }),
        body: adminResolveReportBodySchema,
        response: {
          200: adminReportResolvedSchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => reports.resolve(request.auth.userId, request.params.id, request.body),
  );
};
