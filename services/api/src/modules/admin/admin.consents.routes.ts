import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminConsentsSchema, errorBodySchema } from '@touchline/shared';
import type { AdminConsentsService } from './admin.consents.service';

/** `GET /api/admin/consents?status=awaiting|ledger&search=&page=` (administrators only). */
export function adminConsentsRoutes(deps: {
  consents: AdminConsentsService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/consents',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Accounts awaiting a guardian’s consent and the consent ledger (`status` narrows to one; `search` names or e-mails; 20 a page)',
          security: [{ bearer: [] }],
          querystring: z.object({
            status: z.enum(['awaiting', 'ledger']).optional(),
            search: z.string().max(100).optional(),
            page: z.coerce.number().int().min(1).max(10_000).default(1),
          }),
          response: {
            200: adminConsentsSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => deps.consents.list(request.query),
    );
  };
}
