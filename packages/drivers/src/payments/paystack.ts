import { z } from 'zod';
import { bodyHash, hmacSha512Hex, signatureMatches } from './signature';
import {
  PaymentProviderError,
  type PaymentProvider,
  type PaymentStatus,
  type WebhookEvent,
} from './types';

export const PAYSTACK_DEFAULT_BASE_URL = 'https://api.paystack.co';
/** Where Paystack's `authorization_url` sends the payer (the web client goes nowhere else). */
export const PAYSTACK_CHECKOUT_HOST = 'checkout.paystack.com';

export type PaystackOptions = {
  secretKey: string;
  /** Paystack's API, or a local fake in tests. */
  baseUrl?: string;
  /** Each call gives up after this long (a retryable failure). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
};

export type PaystackPaymentProvider = PaymentProvider & { readonly kind: 'paystack' };

const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  data: z.unknown().optional(),
});
const initializeData = z.object({ authorization_url: z.url() });
const verifyData = z.object({
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  reference: z.string().optional(),
});
const refundData = z.object({ id: z.union([z.number(), z.string()]) });
const webhookBody = z.object({
  event: z.string().min(1),
  data: z
    .object({
      id: z.union([z.number(), z.string()]).optional(),
      reference: z.string().optional(),
      transaction_reference: z.string().optional(),
    })
    .loose(),
});

/**
 * Paystack's transaction states → ours. A transaction Paystack has opened but not seen paid is
 * `abandoned` (or ongoing, processing, queued): still pending; only `success` is money received.
 */
function statusOf(paystackStatus: string): PaymentStatus {
  if (paystackStatus === 'success') return 'success';
  if (paystackStatus === 'failed' || paystackStatus === 'reversed') return 'failed';
  return 'pending';
}

/**
 * Paystack over its REST API (`transaction/initialize`, `transaction/verify/{reference}`,
 * `refund`) with the secret key, and its webhook: `x-paystack-signature` is the HMAC-SHA512 of
 * the raw body with the same key.
 */
export function createPaystackProvider(options: PaystackOptions): PaystackPaymentProvider {
  const baseUrl = (options.baseUrl ?? PAYSTACK_DEFAULT_BASE_URL).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const fetchImpl = options.fetch ?? globalThis.fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    const what = `paystack ${method} ${path.split('?')[0]}`;
    let response: Response;
    try {
      response = await fetchImpl(`${baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secretKey}`,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new PaymentProviderError(`${what}: ${reason}`, true);
    }
    const retryable = response.status >= 500 || response.status === 429;
    let json: z.infer<typeof envelope>;
    try {
      json = envelope.parse(await response.json());
    } catch {
      throw new PaymentProviderError(
        `${what}: answered ${response.status} without Paystack's JSON`,
        retryable,
        response.status,
      );
    }
    if (!response.ok || !json.status) {
      throw new PaymentProviderError(
        `${what}: ${json.message ?? `status ${response.status}`}`,
        retryable,
        response.status,
      );
    }
    return json.data;
  }

  function shaped<T extends z.ZodType>(schema: T, data: unknown, what: string): z.output<T> {
    const parsed = schema.safeParse(data);
    if (!parsed.success)
      throw new PaymentProviderError(`paystack ${what}: unexpected answer`, false);
    return parsed.data;
  }

  return {
    kind: 'paystack',
    signatureHeader: 'x-paystack-signature',

    async initialize({ reference, amountKobo, currency, email, callbackUrl }) {
      const data = await call('POST', '/transaction/initialize', {
        email,
        amount: amountKobo,
        currency,
        reference,
        callback_url: callbackUrl,
      });
      return { authorizationUrl: shaped(initializeData, data, 'initialize').authorization_url };
    },

    async verify(reference) {
      const data = await call('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
      const tx = shaped(verifyData, data, 'verify');
      if (tx.reference !== undefined && tx.reference !== reference) {
        throw new PaymentProviderError('paystack verify: answered another reference', false);
      }
      return {
        status: statusOf(tx.status),
        amountKobo: tx.amount,
        currency: tx.currency,
        raw: data,
      };
    },

    async refund({ reference, amountKobo }) {
      const data = await call('POST', '/refund', {
        transaction: reference,
        ...(amountKobo !== undefined ? { amount: amountKobo } : {}),
      });
      return { refundReference: String(shaped(refundData, data, 'refund').id), raw: data };
    },

    verifyWebhook(rawBody, headers) {
      return signatureMatches(
        headers,
        'x-paystack-signature',
        hmacSha512Hex(options.secretKey, rawBody),
      );
    },

    parseWebhook(rawBody): WebhookEvent {
      let body: z.infer<typeof webhookBody>;
      try {
        body = webhookBody.parse(JSON.parse(rawBody.toString('utf8')));
      } catch {
        throw new PaymentProviderError('paystack webhook: not an event', false);
      }
      const { event, data } = body;
      return {
        // Paystack sends no event id: the event and its object's id name one delivery.
        dedupeKey:
          data.id !== undefined ? `paystack:${event}:${data.id}` : `paystack:${bodyHash(rawBody)}`,
        kind: event,
        reference: data.reference ?? data.transaction_reference ?? null,
        raw: body,
      };
    },
  };
}
