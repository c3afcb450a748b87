import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES, MESSAGES } from '@touchline/shared';
import { AppError } from './app-error';

/** A budget of one kind of request per signed-in user: `max` in `windowMs`. */
export type UserBudget = { max: number; windowMs: number };

/** Per-user budgets (on top of the global per-IP limit), shared across instances like it. */
export const USER_BUDGETS = {
  /** New posts: 10 a minute. */
  posts: { max: 10, windowMs: 60_000 },
  /** Comments and replies: 30 a minute. */
  comments: { max: 30, windowMs: 60_000 },
  /** Chat sends: 30 in 10 seconds (a fast typist, never a script). */
  'chat-send': { max: 30, windowMs: 10_000 },
  /** Account deletions (each one a password check): 5 in 15 minutes. */
  'account-delete': { max: 5, windowMs: 15 * 60_000 },
} as const satisfies Record<string, UserBudget>;

export type UserBudgetKind = keyof typeof USER_BUDGETS;
export type UserBudgets = Record<UserBudgetKind, UserBudget>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The per-user budgets in force (USER_BUDGETS unless the app was built with others). */
    userBudgets: UserBudgets;
  }
}

/**
 * A preHandler that counts the signed-in user's requests of one kind against its budget and
 * answers 429 with the seconds left once it is spent.
 */
export function perUserRateLimit(app: FastifyInstance, kind: UserBudgetKind) {
  const { max, windowMs } = app.userBudgets[kind];
  const check = app.createRateLimit({
    max,
    timeWindow: windowMs,
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
