import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ERROR_CODES,
  MESSAGES,
  errorBodySchema,
  paymentSchema,
  sandboxOutcomeBodySchema,
  sandboxOutcomeResponseSchema,
} from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import type { PaymentsService } from './payments.service';

const errors = { 401: errorBodySchema, 404: errorBodySchema };

/**
 * Reads of payments per payer and minute: the payment page polls every 2 s (30 a minute), and a
 * pending payment's read may call the provider (issue 25).
 */
export const PAYMENT_READS_PER_MINUTE = 60;
const secured = { security: [{ bearer: [] }] };
const params = z.object({ reference: z.string().min(1).max(100) });

/** The signed-in routes of payments: reading one, and the sandbox checkout's choice. */
export function paymentsRoutes(deps: {
  payments: Pick<PaymentsService, 'getPayment' | 'sandboxCheckout'>;
}): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    const tags = ['payments'];
    const perPayer = app.createRateLimit({
      max: PAYMENT_READS_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request) => `payment-read:${request.auth.userId}`,
    });

    app.get(
      '/payment/:reference',
      {
        preHandler: async (request) => {
          const result = await perPayer(request);
          if (!result.isAllowed && result.isExceeded)
            throw new AppError(
              429,
              ERROR_CODES.rateLimited,
              `${MESSAGES.tooManyRequests} (retry in ${result.ttlInSeconds} s)`,
            );
        },
        schema: {
          tags,
          summary:
            'A payment, for its payer or the trial’s academy (a pending one is verified with the provider first)',
          ...secured,
          params,
          response: { 200: paymentSchema, ...errors, 429: errorBodySchema },
        },
      },
      async (request) => payments.getPayment(request.params.reference, request.auth),
    );

    app.post(
      '/payments/sandbox/:reference',
      {
        schema: {
          tags,
          summary:
            'The payer’s choice on the sandbox checkout page: the sandbox delivers its signed callback and answers where to go',
          ...secured,
          params,
          body: sandboxOutcomeBodySchema,
          response: { 200: sandboxOutcomeResponseSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) =>
        payments.sandboxCheckout(
          request.params.reference,
          request.auth.userId,
          request.body.outcome,
        ),
    );
  };
}
