import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminReportPageSchema,
  adminReportResolvedSchema,
  adminReportsQuerySchema,
  adminResolveReportBodySchema,
  errorBodySchema,
} from '@touchline/shared';
import { accountModerationFrom } from '../accounts/accounts.module';
import { chatModerationFrom } from '../chat/chat.module';
import { contentModerationFrom } from '../posts/posts.module';
import { createAdminReportsService } from './admin.reports.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * `/api/admin/reports…`: reported posts, comments, chat messages and conversations (open ones
 * about minors first) and their resolution (remove through the posts or chat module, block the
 * author through accounts, or dismiss), audited. The services are built
 * from `app` (the admin module registers this plugin as is).
 */
export const adminReportsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = createAdminReportsService({
    db: app.db,
    clock: app.clock,
    moderation: contentModerationFrom(app),
    chat: chatModerationFrom(app),
    accounts: accountModerationFrom(app),
    publisher: app.publisher,
  });

  app.get(
    '/reports',
    {
      schema: {
        tags,
        summary:
          'Content reports (posts, comments, chat messages with the surrounding messages, conversations): `status` open (default)|removed|dismissed|blocked; open ones about minors first, then newest first; `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
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
          'Resolve an open report: `remove` (the post, comment or message is removed for everyone, its author notified, every open report of it answered; 400 for a whole conversation), `block` (its author — a message’s or conversation’s sender — is blocked, audited as `user.blocked`) or `dismiss`, with a reason; audited',
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
