import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PAYSTACK_CHECKOUT_HOST } from '@touchline/drivers';
import { clientConfigSchema } from '@touchline/shared';

/** `GET /api/client-config`: what the SPA needs to know about this deployment. */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/client-config',
    {
      schema: {
        tags: ['deployment'],
        summary: 'Public settings for the web client',
        response: { 200: clientConfigSchema },
      },
    },
    async () => ({
      google_client_id: app.config.GOOGLE_CLIENT_ID ?? null,
      dev_mailbox: app.config.APP_ENV !== 'production',
      test_payments: app.drivers.payments.kind === 'sandbox',
      checkout_host: app.drivers.payments.kind === 'paystack' ? PAYSTACK_CHECKOUT_HOST : null,
    }),
  );
};
