import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { paymentEvents, payments, sandboxCharges, trialRegistrations, trials } from '../schema';
import { decidePaymentOutcome, todayInLagos, type RefundReason } from '@touchline/shared';
import { rowsOf } from '../sql';
import { ONE_PER_PLAYER_STATUSES } from './registrations.repository';
import { promoteWaitlisted } from './waitlist.repository';

/**
 * Payments: one row per attempt, raw provider events (deduplicated), and the sandbox provider's
 * remote side. Only a verified webhook or verify call reaches `markPaymentSucceeded`. Functions
 * typed with `Transaction` run in the caller's transaction, which appends the domain event; they
 * take the trial's row lock first, then the registration's, then the payment's (the order every
 * registration change uses).
 */

export type PaymentRow = typeof payments.$inferSelect;
export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;

/** A payment with its registration and trial (the payment page, permission checks). */
export type PaymentDetail = PaymentRow & {
  registration: { id: string; referenceCode: string; status: string; playerId: string };
  trial: { id: string; name: string; academyId: string };
};

async function findPaymentDetail(executor: Executor, where: ReturnType<typeof eq>) {
  const [row] = await executor
    .select({
      payment: payments,
      registrationId: trialRegistrations.id,
      referenceCode: trialRegistrations.referenceCode,
      registrationStatus: trialRegistrations.status,
      playerId: trialRegistrations.playerId,
      trialId: trials.id,
      trialName: trials.name,
      academyId: trials.academyId,
    })
    .from(payments)
    .innerJoin(trialRegistrations, eq(trialRegistrations.id, payments.registrationId))
    .innerJoin(trials, eq(trials.id, trialRegistrations.trialId))
    .where(where);
  if (!row) return null;
  return {
    ...row.payment,
    registration: {
      id: row.registrationId,
      referenceCode: row.referenceCode,
      status: row.registrationStatus,
      playerId: row.playerId,
    },
    trial: { id: row.trialId, name: row.trialName, academyId: row.academyId },
  } satisfies PaymentDetail;
}

export function getPaymentByReference(executor: Executor, reference: string) {
  return findPaymentDetail(executor, eq(payments.reference, reference));
}

export function getPaymentById(executor: Executor, paymentId: string) {
  return findPaymentDetail(executor, eq(payments.id, paymentId));
}

/** The latest payment attempt of a registration, or null. */
export async function getLatestPaymentForRegistration(executor: Executor, registrationId: string) {
  const [row] = await executor
    .select()
    .from(payments)
    .where(eq(payments.registrationId, registrationId))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Stores the provider's checkout URL of a pending payment. */
export async function setAuthorizationUrl(
  executor: Executor,
  input: { paymentId: string; authorizationUrl: string },
) {
  const rows = await executor
    .update(payments)
    .set({ authorizationUrl: input.authorizationUrl })
    .where(eq(payments.id, input.paymentId))
    .returning({ id: payments.id });
  return rows.length > 0;
}

/**
 * Records a raw provider event once: false when its `dedupeKey` (provider event id, or the sha256
 * of the raw body) was seen before, in which case the caller changes nothing.
 */
export async function recordPaymentEvent(
  executor: Executor,
  input: {
    paymentId: string | null;
    provider: 'sandbox' | 'paystack';
    dedupeKey: string;
    kind: string;
    raw: unknown;
    signatureValid: boolean;
    receivedAt?: Date;
  },
): Promise<boolean> {
  const rows = await executor
    .insert(paymentEvents)
    .values({
      paymentId: input.paymentId,
      provider: input.provider,
      dedupeKey: input.dedupeKey,
      kind: input.kind,
      raw: input.raw ?? null,
      signatureValid: input.signatureValid,
      ...(input.receivedAt ? { receivedAt: input.receivedAt } : {}),
    })
    .onConflictDoNothing()
    .returning({ id: paymentEvents.id });
  return rows.length > 0;
}

/** Locks trial → registration → payment for the payment of `reference`; null when unknown. */
async function lockPayment(tx: Transaction, where: ReturnType<typeof eq>) {
  const [found] = await tx
    .select({ id: payments.id, trialId: trialRegistrations.trialId })
    .from(payments)
    .innerJoin(trialRegistrations, eq(trialRegistrations.id, payments.registrationId))
    .where(where);
  if (!found) return null;
  const trialResult = await tx.execute(sql`
    select id, status, participant_limit as "participantLimit", registered_count as "registeredCount",
      deadline::text as deadline
    from trials where id = ${found.trialId} for update`);
  const trial = rowsOf<{
    id: string;
    status: 'active' | 'cancelled';
    participantLimit: number | null;
    registeredCount: number;
    deadline: string;
  }>(trialResult)[0]!;
  const [payment] = await tx.select().from(payments).where(eq(payments.id, found.id));
  const [registration] = await tx
    .select()
    .from(trialRegistrations)
    .where(eq(trialRegistrations.id, payment!.registrationId))
    .for('update');
  const [lockedPayment] = await tx
    .select()
    .from(payments)
    .where(eq(payments.id, found.id))
    .for('update');
  return {
    trial: { ...trial, registeredCount: Number(trial.registeredCount) },
    registration: registration!,
    payment: lockedPayment!,
  };
}

export type PaymentSuccessOutcome =
  /** No payment has this reference. */
  | { outcome: 'not_found' }
  /** Already succeeded or refunded: nothing changes (a replay). */
  | { outcome: 'unchanged'; paymentId: string; registrationId: string }
  /**
   * The wrong money (another currency, or less than the fee): the payment is `failed`
   * ('amount_mismatch') with `paid_amount_kobo` recorded, its hold released
   * (`expiredRegistrationId`: the caller appends `registration.expired`), and the caller appends
   * `payment.refund_requested` (the payer is told when the money is back).
   */
  | {
      outcome: 'amount_mismatch';
      paymentId: string;
      registrationId: string;
      expiredRegistrationId: string | null;
    }
  /**
   * Succeeded; the registration is `registered` (`retaken`: its hold had expired and a free place
   * was taken again). The caller appends `registration.confirmed` when `confirmed` is true (false
   * when the registration was already past pending, e.g. registered by an earlier attempt).
   */
  | {
      outcome: 'confirmed';
      paymentId: string;
      registrationId: string;
      confirmed: boolean;
      retaken: boolean;
      /** It was a minor's registration waiting for the guardian: now the academy sees it. */
      approved?: boolean;
    }
  /**
   * Succeeded, but the registration cannot have its place (expired and registration closed or
   * the trial full, cancelled by the player, or the trial cancelled): the caller appends
   * `payment.refund_requested`.
   */
  | { outcome: 'needs_refund'; paymentId: string; registrationId: string; reason: RefundReason };

/**
 * The provider proved a payment (verified webhook or verify call), in one transaction: the rows
 * are locked and read, `decidePaymentOutcome` (@touchline/shared, pure) rules, and this writes
 * what it decided: the payment `succeeded` (`paid_at`, `paid_amount_kobo`) — also from `failed`,
 * since the money was taken — and its registration `registered` from its hold or from an expired
 * hold whose place is free while registration is open; or the money goes back.
 */
export async function markPaymentSucceeded(
  tx: Transaction,
  input: { reference: string; amountKobo: number; currency: string; now: Date },
): Promise<PaymentSuccessOutcome> {
  const locked = await lockPayment(tx, eq(payments.reference, input.reference));
  if (!locked) return { outcome: 'not_found' };
  const { trial, registration, payment } = locked;
  const ids = { paymentId: payment.id, registrationId: registration.id };
  const live =
    registration.status === 'expired'
      ? rowsOf(
          await tx.execute(sql`
            select 1 from trial_registrations
            where trial_id = ${trial.id} and player_id = ${registration.playerId}
              and id <> ${registration.id}
              and status in ${ONE_PER_PLAYER_STATUSES}
            limit 1`),
        ).length > 0
      : false;
  const decision = decidePaymentOutcome({
    payment,
    charged: { amountKobo: input.amountKobo, currency: input.currency },
    registration,
    trial: {
      status: trial.status,
      deadline: trial.deadline,
      full: trial.participantLimit !== null && trial.registeredCount >= trial.participantLimit,
    },
    today: todayInLagos(input.now),
    otherLiveRegistration: live,
  });

  if (decision.outcome === 'unchanged') return { outcome: 'unchanged', ...ids };
  if (decision.outcome === 'wrong_amount') {
    await tx
      .update(payments)
      .set({
        status: 'failed',
        failureReason: 'amount_mismatch',
        paidAmountKobo: decision.paidKobo,
        paidAt: input.now,
        updatedAt: input.now,
      })
      .where(eq(payments.id, payment.id));
    if (decision.releaseHold) await expireHold(tx, trial.id, registration.id, input.now);
    return {
      outcome: 'amount_mismatch',
      ...ids,
      expiredRegistrationId: decision.releaseHold ? registration.id : null,
    };
  }
  await tx
    .update(payments)
    .set({
      status: 'succeeded',
      paidAt: input.now,
      paidAmountKobo: decision.paidKobo,
      failureReason: null,
      updatedAt: input.now,
    })
    .where(eq(payments.id, payment.id));
  if (decision.outcome === 'needs_refund')
    return { outcome: 'needs_refund', ...ids, reason: decision.reason };
  if (decision.register === 'none')
    return { outcome: 'confirmed', ...ids, confirmed: false, retaken: false };
  await tx
    .update(trialRegistrations)
    .set({ status: 'registered', holdExpiresAt: null, academyVisible: true, updatedAt: input.now })
    .where(eq(trialRegistrations.id, registration.id));
  if (decision.register === 'retake')
    await tx
      .update(trials)
      .set({ registeredCount: sql`${trials.registeredCount} + 1` })
      .where(eq(trials.id, trial.id));
  return {
    outcome: 'confirmed',
    ...ids,
    confirmed: true,
    retaken: decision.register === 'retake',
    approved: !registration.academyVisible,
  };
}

/**
 * A `pending_payment` registration expires and frees its place (under the caller's locks), given
 * at once to the first waitlisted (decision 49).
 */
async function expireHold(tx: Transaction, trialId: string, registrationId: string, now: Date) {
  await tx
    .update(trialRegistrations)
    .set({ status: 'expired', updatedAt: now })
    .where(eq(trialRegistrations.id, registrationId));
  await tx
    .update(trials)
    .set({ registeredCount: sql`greatest(${trials.registeredCount} - 1, 0)` })
    .where(eq(trials.id, trialId));
  await promoteWaitlisted(tx, { trialId, now });
}

/**
 * The provider reported a failed (or abandoned) charge: a `pending` payment becomes `failed` with
 * the reason; with `releaseHold` (default) its `pending_payment` registration expires at once and
 * frees its place (`expiredRegistrationId`: the caller appends `registration.expired`).
 */
export async function markPaymentFailed(
  tx: Transaction,
  input: { reference: string; reason: string; now: Date; releaseHold?: boolean },
): Promise<{
  changed: boolean;
  paymentId: string | null;
  registrationId: string | null;
  expiredRegistrationId: string | null;
}> {
  const locked = await lockPayment(tx, eq(payments.reference, input.reference));
  if (!locked)
    return { changed: false, paymentId: null, registrationId: null, expiredRegistrationId: null };
  const { trial, registration, payment } = locked;
  const base = { paymentId: payment.id, registrationId: registration.id };
  if (payment.status !== 'pending') return { changed: false, ...base, expiredRegistrationId: null };
  await tx
    .update(payments)
    .set({ status: 'failed', failureReason: input.reason, updatedAt: input.now })
    .where(eq(payments.id, payment.id));
  let expiredRegistrationId: string | null = null;
  if ((input.releaseHold ?? true) && registration.status === 'pending_payment') {
    await expireHold(tx, trial.id, registration.id, input.now);
    expiredRegistrationId = registration.id;
  }
  return { changed: true, ...base, expiredRegistrationId };
}

/**
 * Money that may go back: a `succeeded` payment, or a `failed` one whose charge was the wrong
 * amount (money taken, nothing registered).
 */
const refundable = or(
  eq(payments.status, 'succeeded'),
  and(
    eq(payments.status, 'failed'),
    eq(payments.failureReason, 'amount_mismatch'),
    isNotNull(payments.paidAmountKobo),
  ),
)!;

/** True when the payment holds money that may be refunded (see `refundable`). */
export const isRefundable = (payment: {
  status: string;
  failureReason: string | null;
  paidAmountKobo: number | null;
}) =>
  payment.status === 'succeeded' ||
  (payment.status === 'failed' &&
    payment.failureReason === 'amount_mismatch' &&
    payment.paidAmountKobo !== null);

/**
 * Claims the refund of a payment before the provider is asked (decision 38): true for exactly
 * one caller while the payment is refundable and unclaimed (or its claim is older than
 * `staleBefore`: the claimer died). Every other caller, concurrent or retried, gets false.
 */
export async function claimRefund(
  executor: Executor,
  input: { paymentId: string; now: Date; staleBefore: Date },
): Promise<boolean> {
  const rows = await executor
    .update(payments)
    .set({ refundClaimedAt: input.now, updatedAt: input.now })
    .where(
      and(
        eq(payments.id, input.paymentId),
        refundable,
        or(isNull(payments.refundClaimedAt), lt(payments.refundClaimedAt, input.staleBefore)),
      ),
    )
    .returning({ id: payments.id });
  return rows.length > 0;
}

/** Gives a claim back (the provider could not be asked): the next attempt may claim again. */
export async function releaseRefundClaim(
  executor: Executor,
  input: { paymentId: string; claimedAt: Date },
): Promise<void> {
  await executor
    .update(payments)
    .set({ refundClaimedAt: null })
    .where(and(eq(payments.id, input.paymentId), eq(payments.refundClaimedAt, input.claimedAt)));
}

/**
 * The provider refunded a payment: `refunded`, `refunded_at`, the refund's reference. `changed`
 * false when it held no refundable money (already refunded: a retried job). The caller appends
 * `payment.refunded` when changed.
 */
export async function markRefunded(
  executor: Executor,
  input: { paymentId: string; refundReference: string | null; now: Date },
): Promise<{ changed: boolean; registrationId: string | null }> {
  const rows = await executor
    .update(payments)
    .set({
      status: 'refunded',
      refundReference: input.refundReference,
      refundedAt: input.now,
      updatedAt: input.now,
    })
    .where(and(eq(payments.id, input.paymentId), refundable))
    .returning({ registrationId: payments.registrationId });
  return { changed: rows.length > 0, registrationId: rows[0]?.registrationId ?? null };
}

/** The succeeded payments of a trial's registrations (refunds when it is cancelled). */
export async function listSucceededPaymentsForTrial(executor: Executor, trialId: string) {
  return executor
    .select({
      id: payments.id,
      reference: payments.reference,
      provider: payments.provider,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
      registrationId: payments.registrationId,
    })
    .from(payments)
    .innerJoin(trialRegistrations, eq(trialRegistrations.id, payments.registrationId))
    .where(and(eq(trialRegistrations.trialId, trialId), eq(payments.status, 'succeeded')))
    .orderBy(payments.createdAt);
}

/* ---------------------------------------------------------------- sandbox */

/** The sandbox's charge for a reference (created once; a second call keeps the first). */
export async function createSandboxCharge(
  executor: Executor,
  input: { reference: string; amountKobo: number; currency: string; email: string },
): Promise<SandboxChargeRow> {
  await executor.insert(sandboxCharges).values(input).onConflictDoNothing();
  return (await getSandboxCharge(executor, input.reference))!;
}

export async function getSandboxCharge(executor: Executor, reference: string) {
  const [row] = await executor
    .select()
    .from(sandboxCharges)
    .where(eq(sandboxCharges.reference, reference));
  return row ?? null;
}

/**
 * The payer's choice on the sandbox checkout: only a `pending` charge takes an outcome (a second
 * choice is ignored). Answers the charge as it now is, or null when unknown.
 */
export async function setSandboxOutcome(
  executor: Executor,
  input: { reference: string; outcome: 'success' | 'failed'; now: Date },
): Promise<SandboxChargeRow | null> {
  await executor
    .update(sandboxCharges)
    .set({ outcome: input.outcome, updatedAt: input.now })
    .where(
      and(eq(sandboxCharges.reference, input.reference), eq(sandboxCharges.outcome, 'pending')),
    );
  return getSandboxCharge(executor, input.reference);
}

/** The sandbox refunds a successful charge (idempotent); false when not a refundable charge. */
export async function setSandboxRefunded(
  executor: Executor,
  input: { reference: string; now: Date },
): Promise<boolean> {
  const rows = await executor
    .update(sandboxCharges)
    .set({ refunded: true, updatedAt: input.now })
    .where(
      and(eq(sandboxCharges.reference, input.reference), eq(sandboxCharges.outcome, 'success')),
    )
    .returning({ reference: sandboxCharges.reference });
  return rows.length > 0;
}
