import type { Database } from '@touchline/db';
import { getPaymentById, markRefunded, recordPaymentEvent } from '@touchline/db/payments';
import { appendEvent } from '@touchline/db/platform';
import {
  PaymentProviderError,
  UnrecoverableJobError,
  type JobHandler,
  type PaymentProvider,
  type RefundResult,
} from '@touchline/drivers';

export type RefundDeps = { db: Database; payments: PaymentProvider; clock: () => Date };

export type RefundOutcome = 'refunded' | 'already_refunded' | 'not_paid';

/**
 * Refunds one succeeded payment in full through its provider, at most once:
 *
 * 1. A payment already `refunded` (or never paid) is left alone.
 * 2. The request is recorded first (`payment_events`, key `refund.requested:<id>`).
 * 3. The provider refunds the whole transaction, never a part: a provider refuses a second full
 *    refund of one transaction (Paystack: fully reversed; the sandbox answers its first refund
 *    again), so a retry after a crash between the provider's answer and step 4, or a concurrent
 *    job, cannot pay twice. When such a call is refused, the provider's view of the transaction
 *    decides: no longer `success` → it was refunded; otherwise the job fails for good.
 * 4. One transaction marks the payment `refunded` with the provider's refund reference (only if
 *    still `succeeded`: a concurrent or repeated job finds nothing to change), records the
 *    provider's answer and writes `payment.refunded` (the player is told).
 */
export async function refundPayment(deps: RefundDeps, paymentId: string): Promise<RefundOutcome> {
  const payment = await getPaymentById(deps.db, paymentId);
  if (!payment) throw new UnrecoverableJobError(`payment ${paymentId} does not exist`);
  if (payment.status === 'refunded') return 'already_refunded';
  if (payment.status !== 'succeeded') return 'not_paid';
  if (payment.provider !== deps.payments.kind) {
    throw new UnrecoverableJobError(
      `payment ${paymentId} was made with ${payment.provider}, the running provider is ${deps.payments.kind}`,
    );
  }

  // Recorded before the provider is called: the payment's history shows every refund asked for.
  await recordPaymentEvent(deps.db, {
    paymentId,
    provider: payment.provider,
    dedupeKey: `refund.requested:${paymentId}`,
    kind: 'refund.requested',
    raw: { reference: payment.reference, amountKobo: payment.amountKobo },
    signatureValid: true,
  });

  let result: RefundResult;
  try {
    result = await deps.payments.refund({ reference: payment.reference });
  } catch (err) {
    if (!(err instanceof PaymentProviderError) || err.retryable) throw err;
    // Refused: an earlier attempt (one that died before recording its answer, or a concurrent
    // job) may have refunded it already. The provider's view of the transaction decides.
    const view = await deps.payments.verify(payment.reference).catch(() => null);
    if (!view || view.status === 'success') {
      throw new UnrecoverableJobError(`payment ${paymentId}: refund refused: ${err.message}`);
    }
    result = { refundReference: '', raw: view.raw };
  }

  const now = deps.clock();
  const changed = await deps.db.transaction(async (tx) => {
    const marked = await markRefunded(tx, {
      paymentId,
      refundReference: result.refundReference || null,
      now,
    });
    if (!marked.changed) return false;
    await recordPaymentEvent(tx, {
      paymentId,
      provider: payment.provider,
      dedupeKey: `refund:${paymentId}`,
      kind: 'refund',
      raw: result.raw ?? null,
      signatureValid: true,
      receivedAt: now,
    });
    await appendEvent(tx, {
      type: 'payment.refunded',
      payload: { paymentId, registrationId: payment.registrationId },
    });
    return true;
  });
  return changed ? 'refunded' : 'already_refunded';
}

/** `payments.refund`: one payment (a player's cancellation, money that came after a full trial). */
export function createRefundHandler(deps: RefundDeps): JobHandler<'payments.refund'> {
  return async ({ data }) => {
    await refundPayment(deps, data.paymentId);
  };
}
