import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devMailboxSchema, LIMITS } from '@touchline/shared';
import type { DevMailboxService } from './dev-mailbox.service';

/**
 * `GET /api/dev/mailbox?to=`: the development mailbox (e-mails delivered without SMTP). Only
 * registered outside production mode (see app.ts).
 */
export function devMailboxRoutes(deps: { mailbox: DevMailboxService }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: ['development'],
          summary: 'E-mails delivered to the development mailbox, newest first',
          querystring: z.object({
            to: z.string().trim().toLowerCase().max(LIMITS.emailMaxLength).optional(),
            limit: z.coerce.number().int().min(1).max(LIMITS.maxPageSize).default(50),
          }),
          response: { 200: devMailboxSchema },
        },
      },
      async (request) => deps.mailbox.list({ to: request.query.to, limit: request.query.limit }),
    );
  };
}
