import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ERROR_CODES, MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';

/** Per-user budgets of new content (on top of the global per-IP limit). */
export const POSTS_PER_MINUTE = 10;
export const COMMENTS_PER_MINUTE = 30;

export const postIdParams = z.object({ id: z.string().uuid() });

/**
 * A preHandler that counts the signed-in user's requests of one kind (`posts`, `comments`)
 * against a per-minute budget, shared across instances like the global limit.
 */
export function perUserRateLimit(app: FastifyInstance, kind: string, max: number) {
  const check = app.createRateLimit({
    max,
    timeWindow: 60_000,
    keyGenerator: (request) => `${kind}:${request.auth.userId}`,
  });
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new AppError(
        429,
        ERROR_CODES.rateLimited,
        `${MESSAGES.tooManyRequests} (retry in ${result.ttlInSeconds} s)`,
      );
    }
  };
}
