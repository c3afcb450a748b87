import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, PAYMENT_PROVIDERS } from '@touchline/shared';
import type { PaymentsService } from './payments.service';

/** Provider events are a few kilobytes. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const received = z.object({ received: z.literal(true) });

/**
 * The providers' webhooks: public, each checked by its signature over the raw body. This context
 * reads every body as bytes (its own content-type parser): the signature is over the exact bytes
 * sent, which parsing and re-serialising would not keep.
 */
export function paymentWebhookRoutes(deps: {
  payments: Pick<PaymentsService, 'handleWebhook'>;
}): FastifyPluginAsyncZod {
  const { payments } = deps;
  return async (app) => {
    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    for (const provider of PAYMENT_PROVIDERS) {
      app.post(
        `/payments/webhook/${provider}`,
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['payments'],
            summary: `${provider === 'paystack' ? 'Paystack' : 'The sandbox'}’s webhook (header x-${provider}-signature: HMAC-SHA512 of the raw body); a replay changes nothing`,
            response: {
              200: received,
              400: errorBodySchema,
              401: errorBodySchema,
              404: errorBodySchema,
              503: errorBodySchema,
            },
          },
        },
        async (request) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          await payments.handleWebhook(provider, body, request.headers);
          return { received: true as const };
        },
      );
    }
  };
}
