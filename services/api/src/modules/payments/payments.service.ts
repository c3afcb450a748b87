import type { Database } from '@touchline/db';
import {
  getPaymentByReference,
  markPaymentFailed,
  markPaymentSucceeded,
  recordPaymentEvent,
  setAuthorizationUrl,
  type PaymentDetail,
} from '@touchline/db/payments';
import { appendEvent } from '@touchline/db/outbox';
import {
  PaymentProviderError,
  type PaymentProvider,
  type SandboxPaymentProvider,
  type WebhookHeaders,
} from '@touchline/drivers';
import {
  findNulCharacter,
  type PaymentProvider as ProviderName,
  type RegistrationStatus,
  type PaymentView,
  type SandboxOutcome,
  type StartPayment,
} from '@touchline/shared';
import { paymentsErrors } from './payments.errors';

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

export type PaymentsServiceDeps = {
  db: Database;
  clock: () => Date;
  /** The configured provider (`drivers.payments`). */
  provider: PaymentProvider;
  /** Where providers send the browser back: `${publicUrl}/payment_success?reference=…`. */
  publicUrl: string;
  log: Log;
};

/** What a payment starts from: the pending payment row the registration wrote. */
export type StartPaymentInput = {
  reference: string;
  amountKobo: number;
  currency: string;
  /** The payer's e-mail (the registration's). */
  email: string;
};

/**
 * How long a pending payment's verify answer stands for its reads (issue 25): the payment page
 * polls every 2 s, and each read of a pending payment would otherwise ask the provider. Webhooks
 * always verify.
 */
export const VERIFY_CACHE_MS = 5_000;
const VERIFY_CACHE_MAX = 10_000;

const isSandbox = (provider: PaymentProvider): provider is SandboxPaymentProvider =>
  provider.kind === 'sandbox';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function view(payment: PaymentDetail): PaymentView {
  return {
    reference: payment.reference,
    status: payment.status,
    amount: payment.amountKobo,
    currency: payment.currency,
    provider: payment.provider,
    created_at: payment.createdAt.toISOString(),
    paid_at: iso(payment.paidAt),
    refunded_at: iso(payment.refundedAt),
    trial: { id: payment.trial.id, name: payment.trial.name },
    registration: {
      id: payment.registration.id,
      reference_code: payment.registration.referenceCode,
      status: payment.registration.status as RegistrationStatus,
    },
  };
}

/** A payment the provider may still settle: pending, or failed (late money, a retried charge). */
const isOpen = (payment: PaymentDetail) =>
  payment.status === 'pending' || payment.status === 'failed';

/**
 * Payments: starting a provider transaction for a registration, and the only ways a payment's
 * state changes — a verify call to the provider, made when a signed webhook arrives or when a
 * pending payment is read. The browser's return to `/payment_success` changes nothing.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const { db, clock, provider, log } = deps;
  /** reference → when a read last asked the provider (or the call still in flight). */
  const verifiedReads = new Map<string, { at: number; call: Promise<unknown> }>();

  /** Verifies a pending payment for a read at most once per `VERIFY_CACHE_MS` per reference. */
  function confirmForRead(reference: string): Promise<unknown> {
    const now = clock().getTime();
    const last = verifiedReads.get(reference);
    if (last && now - last.at < VERIFY_CACHE_MS) return last.call;
    if (verifiedReads.size >= VERIFY_CACHE_MAX) {
      for (const [key, entry] of verifiedReads)
        if (now - entry.at >= VERIFY_CACHE_MS) verifiedReads.delete(key);
      if (verifiedReads.size >= VERIFY_CACHE_MAX) verifiedReads.clear();
    }
    const call = confirm(reference);
    verifiedReads.set(reference, { at: now, call });
    return call;
  }

  /**
   * Asks the provider for the transaction's state and applies it in one transaction with its
   * domain event: success (the database checks amount and currency against the payment under
   * its lock; a difference fails the payment and confirms nothing), or failure (the hold is
   * released); pending changes nothing. A final answer is kept with the payment's events.
   * Provider failures throw `PaymentProviderError`.
   */
  async function confirm(reference: string): Promise<'pending' | 'success' | 'failed'> {
    const result = await provider.verify(reference);
    if (result.status === 'pending') return 'pending';
    const payment = await getPaymentByReference(db, reference);
    await recordPaymentEvent(db, {
      paymentId: payment?.id ?? null,
      provider: provider.kind,
      dedupeKey: `${provider.kind}:verify:${reference}:${result.status}:${result.amountKobo}:${result.currency}`,
      kind: `verify.${result.status}`,
      raw: result.raw ?? {},
      signatureValid: true,
    });
    const now = clock();
    if (result.status === 'success') {
      const outcome = await db.transaction(async (tx) => {
        const done = await markPaymentSucceeded(tx, {
          reference,
          amountKobo: result.amountKobo,
          currency: result.currency,
          now,
        });
        if (done.outcome === 'confirmed' && done.confirmed)
          await appendEvent(tx, {
            type: 'registration.confirmed',
            payload: { registrationId: done.registrationId },
          });
        // A guardian paid for a minor's registration: the academy is told only now (decision 42).
        if (done.outcome === 'confirmed' && done.approved)
          await appendEvent(tx, {
            type: 'registration.approved',
            payload: { registrationId: done.registrationId },
          });
        if (done.outcome === 'amount_mismatch' && done.expiredRegistrationId)
          await appendEvent(tx, {
            type: 'registration.expired',
            payload: { registrationId: done.expiredRegistrationId },
          });
        // The money goes back (the worker refunds; the payer is told when it is refunded).
        if (done.outcome === 'needs_refund' || done.outcome === 'amount_mismatch')
          await appendEvent(tx, {
            type: 'payment.refund_requested',
            payload: { paymentId: done.paymentId },
          });
        return done;
      });
      if (outcome.outcome === 'amount_mismatch') {
        log.warn(
          {
            reference,
            expected: payment && [payment.amountKobo, payment.currency],
            charged: [result.amountKobo, result.currency],
          },
          'payment refused and refunded: the amount charged is not the fee',
        );
        return 'failed';
      }
      return 'success';
    }
    await db.transaction(async (tx) => {
      const failed = await markPaymentFailed(tx, { reference, reason: 'declined', now });
      if (failed.expiredRegistrationId)
        await appendEvent(tx, {
          type: 'registration.expired',
          payload: { registrationId: failed.expiredRegistrationId },
        });
    });
    return 'failed';
  }

  /**
   * A provider's webhook. A signature that does not verify is refused before anything is read
   * or written. The event is recorded once (its dedupe key); then, if the payment it names may
   * still change, it is confirmed through a verify call (never from the body alone), which is
   * idempotent: a replay re-reads the provider's truth and changes nothing. When the provider
   * cannot answer, the webhook fails (503) so that the provider delivers it again.
   */
  async function handleWebhook(name: ProviderName, rawBody: Buffer, headers: WebhookHeaders) {
    if (name !== provider.kind) {
      throw name === 'sandbox'
        ? paymentsErrors.sandboxDisabled()
        : paymentsErrors.providerDisabled();
    }
    if (!provider.verifyWebhook(rawBody, headers)) throw paymentsErrors.badSignature();
    let event: ReturnType<PaymentProvider['parseWebhook']>;
    try {
      event = provider.parseWebhook(rawBody);
    } catch {
      throw paymentsErrors.notAnEvent();
    }
    if (findNulCharacter(event.raw) !== null) throw paymentsErrors.notAnEvent();

    const payment = event.reference ? await getPaymentByReference(db, event.reference) : null;
    const fresh = await recordPaymentEvent(db, {
      paymentId: payment?.id ?? null,
      provider: provider.kind,
      dedupeKey: event.dedupeKey,
      kind: event.kind,
      raw: event.raw,
      signatureValid: true,
    });
    if (
      payment &&
      payment.provider === provider.kind &&
      isOpen(payment) &&
      event.kind.startsWith('charge.')
    ) {
      try {
        await confirm(payment.reference);
      } catch (err) {
        if (!(err instanceof PaymentProviderError)) throw err;
        log.warn({ err, reference: payment.reference }, 'webhook not confirmed by the provider');
        // A provider that could not answer delivers the webhook again; one that refused will not
        // change its mind: the payment stays as it is.
        if (err.retryable) throw paymentsErrors.retryLater();
      }
    }
    return { duplicate: !fresh };
  }

  return {
    /**
     * Opens the provider transaction of a pending payment and stores where to send the payer.
     * Throws `payments.unavailable` (502) when the provider cannot: the caller releases the hold.
     */
    async initialize(input: StartPaymentInput): Promise<StartPayment> {
      try {
        const { authorizationUrl } = await provider.initialize({
          ...input,
          callbackUrl: `${deps.publicUrl}/payment_success?reference=${encodeURIComponent(input.reference)}`,
        });
        const payment = await getPaymentByReference(db, input.reference);
        if (!payment) throw new Error(`no payment ${input.reference}`);
        await setAuthorizationUrl(db, { paymentId: payment.id, authorizationUrl });
        return { reference: input.reference, authorization_url: authorizationUrl };
      } catch (err) {
        log.warn({ err, reference: input.reference }, 'payment not started');
        throw paymentsErrors.unavailable();
      }
    },

    confirm,

    handleWebhook,

    /**
     * One payment, for its payer or the academy of its trial (anyone else: 404, as if it did not
     * exist). A pending one is verified with the provider first; if the provider cannot answer,
     * the stored state is shown.
     */
    async getPayment(reference: string, viewer: { userId: string }): Promise<PaymentView> {
      let payment = await getPaymentByReference(db, reference);
      if (
        !payment ||
        (payment.payerId !== viewer.userId && payment.trial.academyId !== viewer.userId)
      ) {
        throw paymentsErrors.notFound();
      }
      if (payment.status === 'pending' && payment.provider === provider.kind) {
        try {
          if ((await confirmForRead(reference)) !== 'pending')
            payment = (await getPaymentByReference(db, reference)) ?? payment;
        } catch (err) {
          if (!(err instanceof PaymentProviderError)) throw err;
          log.warn({ err, reference }, 'pending payment not verified: provider unavailable');
        }
      }
      return view(payment);
    },

    /**
     * The payer's choice on the sandbox checkout page: the sandbox records the outcome on its
     * charge (a decided charge keeps its first outcome), then delivers its signed callback to the
     * webhook path like any provider would. Answers where the browser goes next.
     */
    async sandboxCheckout(
      reference: string,
      payerId: string,
      outcome: SandboxOutcome,
    ): Promise<{ redirect: string }> {
      if (!isSandbox(provider)) throw paymentsErrors.sandboxDisabled();
      const payment = await getPaymentByReference(db, reference);
      if (!payment || payment.payerId !== payerId || payment.provider !== 'sandbox') {
        throw paymentsErrors.notFound();
      }
      const callback = await provider.checkout(reference, outcome);
      if (!callback) throw paymentsErrors.notFound();
      await handleWebhook('sandbox', callback.rawBody, callback.headers);
      const after = (await getPaymentByReference(db, reference)) ?? payment;
      const page = after.status === 'succeeded' ? 'payment_success' : 'payment_failed';
      return { redirect: `/${page}?reference=${encodeURIComponent(reference)}` };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
