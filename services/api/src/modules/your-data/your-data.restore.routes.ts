import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  ERROR_CODES,
  errorBodySchema,
  messageSchema,
  MESSAGES,
  restoreAccountBodySchema,
} from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import type { DeletionService } from './your-data.deletion.service';

const MINUTE = 60_000;

/**
 * `POST /api/account/restore` (public): the sign-in of a deleted account answered 409
 * `account.pending_deletion`; the same credentials restore it. Rate-limited like sign-in, per
 * address and per IP.
 */
export function restoreRoutes(deps: { deletion: DeletionService }): FastifyPluginAsyncZod {
  return async (app) => {
    const emailKey = (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `restore:${typeof email === 'string' ? email.trim().toLowerCase() : request.ip}`;
    };
    const perEmail = app.createRateLimit({
      max: 10,
      timeWindow: 15 * MINUTE,
      keyGenerator: emailKey,
    });
    app.post(
      '/account/restore',
      {
        config: {
          rateLimit: {
            max: Math.max(1, app.config.AUTH_RATE_LIMIT_PER_MINUTE),
            timeWindow: MINUTE,
          },
        },
        preHandler: async (request) => {
          const result = await perEmail(request);
          if (!result.isAllowed && result.isExceeded)
            throw new AppError(
              429,
              ERROR_CODES.rateLimited,
              `${MESSAGES.tooManyRequests} (retry in ${result.ttlInSeconds} s)`,
            );
        },
        schema: {
          tags: ['your data'],
          summary:
            "Restore a deleted account within its 30 days ('Restore my account'), with the sign-in's credentials or a Google ID token",
          body: restoreAccountBodySchema,
          response: {
            200: messageSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            409: errorBodySchema,
            429: errorBodySchema,
          },
        },
      },
      async (request) => deps.deletion.restore(request.body),
    );
  };
}
