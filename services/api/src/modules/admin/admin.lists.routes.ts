import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminAuditPageSchema,
  adminAuditQuerySchema,
  adminPlayerPageSchema,
  adminPlayersQuerySchema,
  adminTrialPageSchema,
  adminTrialsQuerySchema,
  errorBodySchema,
} from '@touchline/shared';
import type { AdminAuditService } from './admin.audit.service';
import type { AdminPlayersService } from './admin.players.service';
import type { AdminTrialsService } from './admin.trials.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The administrators' read-only lists: players, trials and the audit log. Newest first, 20 a
 * page; `page` is a page number (1, 2, …), `before` the previous answer's `next` (a keyset
 * cursor, exact while rows arrive).
 */
export function adminListsRoutes(deps: {
  players: AdminPlayersService;
  trials: AdminTrialsService;
  audit: AdminAuditService;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/players',
      {
        schema: {
          tags,
          summary:
            'Players, newest first, with age, minor flag and band, blocked state: `search` (name or e-mail), `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
          security,
          querystring: adminPlayersQuerySchema,
          response: { 200: adminPlayerPageSchema, ...errors },
        },
      },
      async (request) => deps.players.list(request.query),
    );

    app.get(
      '/trials',
      {
        schema: {
          tags,
          summary:
            'Every trial, newest first: `search` (name, place or academy), `status` active|cancelled, `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
          security,
          querystring: adminTrialsQuerySchema,
          response: { 200: adminTrialPageSchema, ...errors },
        },
      },
      async (request) => deps.trials.list(request.query),
    );

    app.get(
      '/audit',
      {
        schema: {
          tags,
          summary:
            'The audit log (who, what, whom, when, why), newest first: `search` (action, reason or a name), `page` = a page number (1, 2, …) or `before` = the previous answer’s `next`',
          security,
          querystring: adminAuditQuerySchema,
          response: { 200: adminAuditPageSchema, ...errors },
        },
      },
      async (request) => deps.audit.list(request.query),
    );
  };
}
