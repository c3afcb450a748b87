import type { Database } from '@touchline/db';
import {
  claimRefund,
  getPaymentById,
  isRefundable,
  markRefunded,
  recordPaymentEvent,
  releaseRefundClaim,
} from '@touchline/db/payments';
import { appendEvent } from '@touchline/db/outbox';
import {
  PaymentProviderError,
  UnrecoverableJobError,
  type JobHandler,
  type PaymentProvider,
  type RefundResult,
} from '@touchline/drivers';

export type RefundDeps = { db: Database; payments: PaymentProvider; clock: () => Date };

export type RefundOutcome = 'refunded' | 'already_refunded' | 'not_paid';

/** A claim older than this belongs to an attempt that died: the next one may ask again. */
export const REFUND_CLAIM_STALE_MS = 10 * 60_000;

/** Another attempt holds the refund's claim and the provider still shows the money: retry later. */
export class RefundInProgressError extends Error {
  override name = 'RefundInProgressError';
}

/**
 * Refunds one paid payment in full through its provider, at most one request per payment
 * (decision 38):
 *
 * 1. A payment already `refunded` (or holding no money) is left alone.
 * 2. The refund is claimed in the database (`refund_claimed_at`, one conditional UPDATE) before
 *    the provider is called: of the player's-cancel refund and the trial-cancel refund running at
 *    once, exactly one calls the provider. The other asks the provider's view: the money already
 *    went back → the payment is marked refunded; else it fails retryably and its retry finds the
 *    payment refunded. A claim whose holder died (older than `REFUND_CLAIM_STALE_MS`) is claimed
 *    again; a provider call that failed gives the claim back.
 * 3. The request is recorded (`payment_events`, key `refund.requested:<id>`), then the provider
 *    refunds the whole transaction. If it refuses (already fully reversed: an earlier attempt
 *    that died after the provider's answer), the provider's view of the transaction decides.
 * 4. One transaction marks the payment `refunded` with the provider's refund reference (only if
 *    it still holds money), records the provider's answer and writes `payment.refunded` (the
 *    player is told).
 */
export async function refundPayment(deps: RefundDeps, paymentId: string): Promise<RefundOutcome> {
  const payment = await getPaymentById(deps.db, paymentId);
  if (!payment) throw new UnrecoverableJobError(`payment ${paymentId} does not exist`);
  if (payment.status === 'refunded') return 'already_refunded';
  if (!isRefundable(payment)) return 'not_paid';
  if (payment.provider !== deps.payments.kind) {
    throw new UnrecoverableJobError(
      `payment ${paymentId} was made with ${payment.provider}, the running provider is ${deps.payments.kind}`,
    );
  }

  const claimedAt = deps.clock();
  const claimed = await claimRefund(deps.db, {
    paymentId,
    now: claimedAt,
    staleBefore: new Date(claimedAt.getTime() - REFUND_CLAIM_STALE_MS),
  });
  let result: RefundResult;
  if (!claimed) {
    const after = await getPaymentById(deps.db, paymentId);
    if (!after || after.status === 'refunded') return 'already_refunded';
    if (!isRefundable(after)) return 'not_paid';
    // Claimed by another attempt: settle by the provider's view, never by a second request.
    const view = await deps.payments.verify(payment.reference);
    if (view.status === 'success') {
      throw new RefundInProgressError(`payment ${paymentId}: a refund is already being requested`);
    }
    result = { refundReference: '', raw: view.raw };
  } else {
    // Recorded before the provider is called: the payment's history shows every refund asked for.
    await recordPaymentEvent(deps.db, {
      paymentId,
      provider: payment.provider,
      dedupeKey: `refund.requested:${paymentId}`,
      kind: 'refund.requested',
      raw: {
        reference: payment.reference,
        amountKobo: payment.paidAmountKobo ?? payment.amountKobo,
      },
      signatureValid: true,
    });
    try {
      result = await deps.payments.refund({ reference: payment.reference });
    } catch (err) {
      if (!(err instanceof PaymentProviderError) || err.retryable) {
        await releaseRefundClaim(deps.db, { paymentId, claimedAt });
        throw err;
      }
      // Refused: an earlier attempt (one that died before recording its answer) may have
      // refunded it already. The provider's view of the transaction decides.
      const view = await deps.payments.verify(payment.reference).catch(() => null);
      if (!view || view.status === 'success') {
        throw new UnrecoverableJobError(`payment ${paymentId}: refund refused: ${err.message}`);
      }
      result = { refundReference: '', raw: view.raw };
    }
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
