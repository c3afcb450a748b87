import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentsRoutes } from './payments.routes';
import { createPaymentsService, type PaymentsService } from './payments.service';
import { paymentWebhookRoutes } from './payments.webhook.routes';

/**
 * What other modules may ask of payments: opening the provider transaction of a registration's
 * pending payment (trials, after its transaction committed). Throws `payments.unavailable` (502).
 */
export type PaymentStarter = Pick<PaymentsService, 'initialize'>;

/** The payments service wired from the root's decorators (provider: `drivers.payments`). */
export function buildPaymentsService(app: FastifyInstance) {
  return createPaymentsService({
    db: app.db,
    clock: app.clock,
    provider: app.drivers.payments,
    publicUrl: app.config.PUBLIC_URL,
    log: app.log,
  });
}

export function paymentStarterFrom(app: FastifyInstance): PaymentStarter {
  const { initialize } = buildPaymentsService(app);
  return { initialize };
}

/**
 * Payments: the providers' webhooks (public, signature-checked, raw bodies) and, signed in, a
 * payment's state and the sandbox checkout's choice.
 */
export const paymentsModule: FastifyPluginAsyncZod = async (app) => {
  // Production gets here with the sandbox only when ALLOW_SANDBOX_PAYMENTS=true (config).
  if (app.config.APP_ENV === 'production' && app.drivers.payments.kind === 'sandbox') {
    app.log.warn(
      'PAYMENT_PROVIDER=sandbox in production (ALLOW_SANDBOX_PAYMENTS=true): paid trials are "paid" on our own checkout page and no money moves',
    );
  }
  const payments = buildPaymentsService(app);
  await app.register(paymentWebhookRoutes({ payments }));
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(paymentsRoutes({ payments }));
  });
};
