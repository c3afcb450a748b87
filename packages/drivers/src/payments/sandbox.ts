import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { hmacSha512Hex, signatureMatches } from './signature';
import {
  PaymentProviderError,
  type PaymentProvider,
  type SandboxCharge,
  type SandboxChargeStore,
  type WebhookEvent,
} from './types';

export type SandboxOptions = {
  store: SandboxChargeStore;
  /** The drivers' secret (derived from APP_SECRET); the webhook key is derived from it. */
  signingSecret: string;
};

/** The signed callback the sandbox delivers to its webhook, as a provider would POST it. */
export type SandboxCallback = {
  charge: SandboxCharge;
  rawBody: Buffer;
  headers: Record<string, string>;
};

export type SandboxPaymentProvider = PaymentProvider & {
  readonly kind: 'sandbox';
  /** The charge as the sandbox's remote side holds it (the checkout page shows it). */
  charge(reference: string): Promise<SandboxCharge | null>;
  /**
   * The payer's choice on the checkout page: decides the pending charge (a decided one keeps its
   * first outcome) and answers the signed callback to deliver to the sandbox webhook; null for an
   * unknown reference.
   */
  checkout(reference: string, outcome: 'success' | 'failed'): Promise<SandboxCallback | null>;
  /** The signature of a body, as `x-sandbox-signature` carries it. */
  sign(rawBody: Buffer): string;
};

const SIGNATURE_HEADER = 'x-sandbox-signature';

const webhookBody = z.object({
  id: z.string().min(1),
  event: z.enum(['charge.success', 'charge.failed']),
  data: z.object({
    reference: z.string().min(1),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(['success', 'failed']),
  }),
});

/**
 * The embedded payment provider: our own checkout page stands in for the provider's, and its
 * "remote side" is the `sandbox_charges` store. It drives the same path as a real provider: the
 * payer's choice becomes a signed webhook (HMAC-SHA512 with a key derived from APP_SECRET), and
 * only a verify call (reading the stored outcome) confirms a payment.
 */
export function createSandboxProvider({
  store,
  signingSecret,
}: SandboxOptions): SandboxPaymentProvider {
  const key = createHmac('sha256', signingSecret).update('touchline:sandbox-payments').digest();
  const sign = (rawBody: Buffer) => hmacSha512Hex(key, rawBody);

  async function known(reference: string): Promise<SandboxCharge> {
    const charge = await store.get(reference);
    if (!charge) throw new PaymentProviderError(`sandbox: no charge ${reference}`, false, 404);
    return charge;
  }

  return {
    kind: 'sandbox',
    signatureHeader: SIGNATURE_HEADER,
    sign,

    async initialize({ reference, amountKobo, currency, email }) {
      await store.create({ reference, amountKobo, currency, email });
      return { authorizationUrl: `/sandbox/checkout/${encodeURIComponent(reference)}` };
    },

    async verify(reference) {
      const charge = await known(reference);
      return {
        status: charge.outcome,
        amountKobo: charge.amountKobo,
        currency: charge.currency,
        raw: charge,
      };
    },

    async refund({ reference }) {
      const charge = await known(reference);
      if (charge.outcome !== 'success') {
        throw new PaymentProviderError(`sandbox: charge ${reference} was not paid`, false, 400);
      }
      const refunded = await store.markRefunded(reference);
      return { refundReference: `sbr_${reference}`, raw: refunded };
    },

    async charge(reference) {
      return store.get(reference);
    },

    async checkout(reference, outcome) {
      const charge = await store.decide(reference, outcome);
      if (!charge || charge.outcome === 'pending') return null;
      const body = {
        // One id per charge and outcome: the callback delivered twice is one event.
        id: `sandbox:${charge.reference}:${charge.outcome}`,
        event: charge.outcome === 'success' ? 'charge.success' : 'charge.failed',
        data: {
          reference: charge.reference,
          amount: charge.amountKobo,
          currency: charge.currency,
          status: charge.outcome,
        },
      };
      const rawBody = Buffer.from(JSON.stringify(body));
      return {
        charge,
        rawBody,
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: sign(rawBody) },
      };
    },

    verifyWebhook(rawBody, headers) {
      return signatureMatches(headers, SIGNATURE_HEADER, sign(rawBody));
    },

    parseWebhook(rawBody): WebhookEvent {
      let body: z.infer<typeof webhookBody>;
      try {
        body = webhookBody.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new PaymentProviderError('sandbox webhook: not an event', false);
      }
      return { dedupeKey: body.id, kind: body.event, reference: body.data.reference, raw: body };
    },
  };
}
