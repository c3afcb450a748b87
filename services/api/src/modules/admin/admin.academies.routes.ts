import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminAcademiesQuerySchema,
  adminAcademyDecisionSchema,
  adminAcademyPageSchema,
  adminDeclineBodySchema,
  adminLicenceLinkSchema,
  errorBodySchema,
} from '@touchline/shared';
import type { AdminAcademiesService } from './admin.academies.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const params = z.object({ id: z.string().uuid() });
const errors = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * Administrators review academies (supplement §10, §12): the list with search and filters, the
 * licence through a short-lived link, and verify or decline (audited in the same transaction).
 */
export function adminAcademiesRoutes(deps: {
  academies: AdminAcademiesService;
}): FastifyPluginAsyncZod {
  const { academies } = deps;
  return async (app) => {
    app.get(
      '/academies',
      {
        schema: {
          tags,
          summary:
            'Academies, newest first: `search` (name or e-mail), `status` pending|verified|declined|blocked, `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
          security,
          querystring: adminAcademiesQuerySchema,
          response: { 200: adminAcademyPageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => academies.list(request.query),
    );

    app.post(
      '/academies/:id/verify',
      {
        schema: {
          tags,
          summary: 'Verify an academy (it may then publish trials); audited',
          security,
          params,
          response: {
            200: adminAcademyDecisionSchema,
            ...errors,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => ({
        message: ADMIN_MESSAGES.academyVerified,
        academy: await academies.verify(request.auth.userId, request.params.id),
      }),
    );

    app.post(
      '/academies/:id/decline',
      {
        schema: {
          tags,
          summary: 'Decline an academy’s verification with a reason; audited',
          security,
          params,
          body: adminDeclineBodySchema,
          response: {
            200: adminAcademyDecisionSchema,
            400: errorBodySchema,
            ...errors,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => ({
        message: ADMIN_MESSAGES.academyDeclined,
        academy: await academies.decline(
          request.auth.userId,
          request.params.id,
          request.body.reason,
        ),
      }),
    );

    app.get(
      '/academies/:id/licence',
      {
        schema: {
          tags,
          summary: 'A short-lived signed link to the academy’s licence (private file)',
          security,
          params,
          response: { 200: adminLicenceLinkSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return academies.licence(request.params.id);
      },
    );
  };
}
