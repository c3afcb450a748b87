import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { paymentEvents, payments, sandboxCharges, trialRegistrations, trials } from '../schema';
import { rowsOf } from '../sql';

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
    select id, status, participant_limit as "participantLimit", registered_count as "registeredCount"
    from trials where id = ${found.trialId} for update`);
  const trial = rowsOf<{
    id: string;
    status: 'active' | 'cancelled';
    participantLimit: number | null;
    registeredCount: number;
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
  /** Amount or currency differ: the payment is `failed` ('amount_mismatch'), nothing else. */
  | { outcome: 'amount_mismatch'; paymentId: string; registrationId: string }
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
    }
  /**
   * Succeeded, but the registration cannot have its place (expired and the trial full, cancelled
   * by the player, or the trial cancelled): the caller appends `payment.refund_requested`.
   */
  | { outcome: 'needs_refund'; paymentId: string; registrationId: string };

/**
 * The provider proved a payment (verified webhook or verify call), in one transaction: a payment
 * already succeeded or refunded changes nothing; the amount (kobo) and currency must equal the
 * payment's; the payment becomes `succeeded` (`paid_at`) — also from `failed`, since the money
 * was taken — and its registration `registered`: from `pending_payment`, or from `expired` when a
 * place is free again (an active trial); otherwise the money goes back (`needs_refund`).
 */
export async function markPaymentSucceeded(
  tx: Transaction,
  input: { reference: string; amountKobo: number; currency: string; now: Date },
): Promise<PaymentSuccessOutcome> {
  const locked = await lockPayment(tx, eq(payments.reference, input.reference));
  if (!locked) return { outcome: 'not_found' };
  const { trial, registration, payment } = locked;
  const ids = { paymentId: payment.id, registrationId: registration.id };
  if (payment.status === 'succeeded' || payment.status === 'refunded')
    return { outcome: 'unchanged', ...ids };
  if (
    input.amountKobo !== payment.amountKobo ||
    input.currency.toUpperCase() !== payment.currency.toUpperCase()
  ) {
    if (payment.status === 'pending')
      await tx
        .update(payments)
        .set({ status: 'failed', failureReason: 'amount_mismatch', updatedAt: input.now })
        .where(eq(payments.id, payment.id));
    return { outcome: 'amount_mismatch', ...ids };
  }
  await tx
    .update(payments)
    .set({ status: 'succeeded', paidAt: input.now, failureReason: null, updatedAt: input.now })
    .where(eq(payments.id, payment.id));

  if (registration.status === 'pending_payment') {
    await tx
      .update(trialRegistrations)
      .set({ status: 'registered', holdExpiresAt: null, updatedAt: input.now })
      .where(eq(trialRegistrations.id, registration.id));
    return { outcome: 'confirmed', ...ids, confirmed: true, retaken: false };
  }
  if (registration.status === 'expired' && trial.status === 'active') {
    const free = trial.participantLimit === null || trial.registeredCount < trial.participantLimit;
    const live = await tx.execute(sql`
      select 1 from trial_registrations
      where trial_id = ${trial.id} and player_id = ${registration.playerId}
        and status in ('pending_payment', 'registered', 'selected', 'rejected')
      limit 1`);
    if (free && rowsOf(live).length === 0) {
      await tx
        .update(trialRegistrations)
        .set({ status: 'registered', holdExpiresAt: null, updatedAt: input.now })
        .where(eq(trialRegistrations.id, registration.id));
      await tx
        .update(trials)
        .set({ registeredCount: sql`${trials.registeredCount} + 1` })
        .where(eq(trials.id, trial.id));
      return { outcome: 'confirmed', ...ids, confirmed: true, retaken: true };
    }
  }
  if (['registered', 'selected', 'rejected'].includes(registration.status))
    return { outcome: 'confirmed', ...ids, confirmed: false, retaken: false };
  return { outcome: 'needs_refund', ...ids };
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
    await tx
      .update(trialRegistrations)
      .set({ status: 'expired', updatedAt: input.now })
      .where(eq(trialRegistrations.id, registration.id));
    await tx
      .update(trials)
      .set({ registeredCount: sql`greatest(${trials.registeredCount} - 1, 0)` })
      .where(eq(trials.id, trial.id));
    expiredRegistrationId = registration.id;
  }
  return { changed: true, ...base, expiredRegistrationId };
}

/**
 * The provider refunded a succeeded payment: `refunded`, `refunded_at`, the refund's reference.
 * `changed` false when it was not `succeeded` (already refunded: a retried job). The caller
 * appends `payment.refunded` when changed.
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
    .where(and(eq(payments.id, input.paymentId), eq(payments.status, 'succeeded')))
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
