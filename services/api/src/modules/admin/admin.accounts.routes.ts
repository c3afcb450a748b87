import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, messageSchema } from '@touchline/shared';
import type { AccountsService } from '../accounts/accounts.service';

const params = z.object({ id: z.string().uuid() });
const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/**
 * Administrators block and unblock accounts (`POST /api/admin/users/{id}/block|unblock`), each
 * with its `user.blocked` / `user.unblocked` audit record written by the accounts service in the
 * same transaction (a reason is required to block, optional to unblock).
 */
export function adminAccountsRoutes(deps: {
  accounts: Pick<AccountsService, 'block' | 'unblock'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/users/:id/block',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Block a player or an academy with a reason: sessions end, sockets close, sign-in is refused (never an administrator); audited',
          security: [{ bearer: [] }],
          params,
          body: z.object({ reason: z.string().trim().min(1, 'A reason is required').max(500) }),
          response: { 200: messageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        await deps.accounts.block(request.params.id, request.body.reason, request.auth.userId);
        return { message: 'Account blocked' };
      },
    );

    app.post(
      '/users/:id/unblock',
      {
        schema: {
          tags: ['admin'],
          summary: 'Unblock an account (an optional reason for the audit log); audited',
          security: [{ bearer: [] }],
          params,
          // No body at all (null) or `{}`: no reason.
          body: z.object({ reason: z.string().trim().max(500).optional() }).nullish(),
          response: { 200: messageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => {
        await deps.accounts.unblock(
          request.params.id,
          request.auth.userId,
          request.body?.reason ?? '',
        );
        return { message: 'Account unblocked' };
      },
    );
  };
}
