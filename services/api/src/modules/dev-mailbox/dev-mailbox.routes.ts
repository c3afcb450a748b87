import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDevMailbox } from '@touchline/db';
import { devMailboxSchema, LIMITS } from '@touchline/shared';

/**
 * `GET /api/dev/mailbox?to=`: the development mailbox (e-mails delivered without SMTP). Only
 * registered outside production mode (see app.ts).
 */
export const devMailboxRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const rows = await listDevMailbox(app.db, {
        to: request.query.to,
        limit: request.query.limit,
      });
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  );
};
