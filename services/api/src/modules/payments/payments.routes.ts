import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorBodySchema,
  paymentSchema,
  sandboxOutcomeBodySchema,
  sandboxOutcomeResponseSchema,
} from '@touchline/shared';
import type { PaymentsService } from './payments.service';

const errors = { 401: errorBodySchema, 404: errorBodySchema };
const secured = { security: [{ bearer: [] }] };
const params = z.object({ reference: z.string().min(1).max(100) });

/** The signed-in routes of payments: reading one, and the sandbox checkout's choice. */
export function paymentsRoutes(deps: {
  payments: Pick<PaymentsService, 'getPayment' | 'sandboxCheckout'>;
}): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    const tags = ['payments'];

    app.get(
      '/payment/:reference',
      {
        schema: {
          tags,
          summary:
            'A payment, for its payer or the trial’s academy (a pending one is verified with the provider first)',
          ...secured,
          params,
          response: { 200: paymentSchema, ...errors },
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
