import type { OutcomeStatus } from '@touchline/shared';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../client';
import { guardianLinks, payments, trialRegistrations, trials } from '../schema';
import { rowsOf } from '../sql';
import type { RegistrationRow } from './registrations.repository';
import { promoteWaitlisted } from './waitlist.repository';

/**
 * A registration's later life: the player's cancellation, the academy's outcome, and holds that
 * run out. Each change locks the trial, then the registration (the lock order of
 * registrations.repository.ts), so the places counter stays exact. The API decides a
 * cancellation or an outcome (`decideRegistrationCancel`, `decideOutcome`) over
 * `lockRegistration`'s facts; a hold's expiry is the worker's, guarded here by the row it finds
 * (pending and due), so a repeated job changes nothing.
 */

/**
 * Statuses whose place is held until `hold_expires_at`: a pending payment (30 minutes) and a
 * minor's registration waiting for a guardian (48 hours, decision 42).
 */
const HELD: RegistrationRow['status'][] = ['pending_payment', 'awaiting_guardian'];

/** A registration and its trial, both locked, as a decision about it needs them. */
export type LockedRegistration = {
  trial: {
    id: string;
    academyId: string;
    status: 'active' | 'cancelled';
    deadline: string;
    trialDate: string;
    participantLimit: number | null;
    registeredCount: number;
    feeKobo: number;
    currency: string;
  };
  registration: RegistrationRow;
};

/** Locks a registration's trial then the registration (the lock order); null when missing. */
export async function lockRegistration(
  tx: Transaction,
  registrationId: string,
): Promise<LockedRegistration | null> {
  const [found] = await tx
    .select({ trialId: trialRegistrations.trialId })
    .from(trialRegistrations)
    .where(eq(trialRegistrations.id, registrationId));
  if (!found) return null;
  const trialResult = await tx.execute(sql`
    select id, academy_id as "academyId", status, deadline::text as deadline,
      trial_date::text as "trialDate", participant_limit as "participantLimit", registered_count as "registeredCount",
      fee_kobo as "feeKobo", currency
    from trials where id = ${found.trialId} for update`);
  const trial = rowsOf<LockedRegistration['trial']>(trialResult)[0]!;
  const [registration] = await tx
    .select()
    .from(trialRegistrations)
    .where(eq(trialRegistrations.id, registrationId))
    .for('update');
  return {
    trial: {
      ...trial,
      registeredCount: Number(trial.registeredCount),
      feeKobo: Number(trial.feeKobo),
    },
    registration: registration!,
  };
}

/**
 * Frees one place of a trial (under its lock) and gives it at once to the first in its waitlist
 * (decision 49: `promoteWaitlisted` appends `registration.promoted` in this transaction).
 */
async function freePlace(tx: Transaction, trialId: string, now: Date) {
  await tx
    .update(trials)
    .set({ registeredCount: sql`greatest(${trials.registeredCount} - 1, 0)` })
    .where(eq(trials.id, trialId));
  await promoteWaitlisted(tx, { trialId, now });
}

/** Fails the registration's pending payments with a reason. */
async function failPendingPayments(
  tx: Transaction,
  registrationId: string,
  reason: string,
  at: Date,
) {
  await tx.execute(sql`
    update payments set status = 'failed', failure_reason = ${reason}, updated_at = ${at.toISOString()}::timestamptz
    where registration_id = ${registrationId} and status = 'pending'`);
}

/**
 * Writes a decided cancellation by the player (under `lockRegistration`): `cancelled`, the place
 * freed (and given to the first waitlisted, decision 49; leaving the waitlist frees none),
 * pending payments failed ('cancelled'). Answers the succeeded payment to refund, or null
 * (the caller appends `registration.cancelled` and, with a refund, `payment.refund_requested`).
 */
export async function markRegistrationCancelled(
  tx: Transaction,
  input: { registrationId: string; trialId: string; at: Date; wasWaitlisted?: boolean },
): Promise<{ refundPaymentId: string | null }> {
  await tx
    .update(trialRegistrations)
    .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: input.at })
    .where(eq(trialRegistrations.id, input.registrationId));
  // A waitlist place held no place (the caller's locked row tells which it was).
  if (!input.wasWaitlisted) await freePlace(tx, input.trialId, input.at);
  await failPendingPayments(tx, input.registrationId, 'cancelled', input.at);
  const paid = await tx.execute(sql`
    select id from payments where registration_id = ${input.registrationId} and status = 'succeeded'
    order by created_at desc limit 1`);
  return { refundPaymentId: rowsOf<{ id: string }>(paid)[0]?.id ?? null };
}

/** Writes a decided outcome (`selected` / `rejected`) of the academy (under `lockRegistration`). */
export async function setRegistrationOutcome(
  tx: Transaction,
  input: { registrationId: string; status: OutcomeStatus; at: Date },
): Promise<void> {
  await tx
    .update(trialRegistrations)
    .set({ status: input.status, updatedAt: input.at })
    .where(eq(trialRegistrations.id, input.registrationId));
}

/**
 * Expires a pending registration whose hold ran out (`hold_expires_at <= now`), or at once with
 * `force` (the provider could not start the payment): status `expired`, the place freed, pending
 * payments failed with `reason` ('expired' by default). `expired` is false (nothing changed) when
 * it is not pending or not yet due. The caller appends `registration.expired` when true.
 */
export async function expireHold(
  tx: Transaction,
  input: { registrationId: string; now: Date; force?: boolean; reason?: string },
): Promise<{
  expired: boolean;
  registration: { id: string; trialId: string; playerId: string } | null;
}> {
  const locked = await lockRegistration(tx, input.registrationId);
  if (!locked) return { expired: false, registration: null };
  const { trial, registration } = locked;
  const info = { id: registration.id, trialId: trial.id, playerId: registration.playerId };
  if (!HELD.includes(registration.status)) return { expired: false, registration: info };
  if (
    !input.force &&
    (registration.holdExpiresAt === null ||
      registration.holdExpiresAt.getTime() > input.now.getTime())
  )
    return { expired: false, registration: info };
  await tx
    .update(trialRegistrations)
    .set({ status: 'expired', updatedAt: input.now })
    .where(eq(trialRegistrations.id, registration.id));
  await failPendingPayments(tx, registration.id, input.reason ?? 'expired', input.now);
  await freePlace(tx, trial.id, input.now);
  return { expired: true, registration: info };
}

/**
 * Development and tests only (`POST /api/dev/holds/:id/expire`): brings a pending registration's
 * hold due at `at`, so its `trials.expire_hold` job expires it now instead of after the hold's
 * minutes. Answers false when the registration is not pending payment.
 */
export async function bringHoldDue(
  db: Database | Transaction,
  input: { registrationId: string; at: Date },
): Promise<boolean> {
  const rows = await db
    .update(trialRegistrations)
    .set({ holdExpiresAt: input.at })
    .where(
      and(
        eq(trialRegistrations.id, input.registrationId),
        inArray(trialRegistrations.status, HELD),
      ),
    )
    .returning({ id: trialRegistrations.id });
  return rows.length > 0;
}

/**
 * Expires every pending registration whose hold ran out (at most `limit`, oldest hold first) and
 * answers the expired ones; the caller appends `registration.expired` for each in the same
 * transaction.
 */
export async function sweepExpiredHolds(
  tx: Transaction,
  input: { now: Date; limit?: number },
): Promise<{ id: string; trialId: string; playerId: string }[]> {
  const due = await tx.execute(sql`
    select id from trial_registrations
    where status in ('pending_payment', 'awaiting_guardian')
      and hold_expires_at <= ${input.now.toISOString()}::timestamptz
    order by hold_expires_at limit ${input.limit ?? 200}`);
  const expired: { id: string; trialId: string; playerId: string }[] = [];
  for (const { id } of rowsOf<{ id: string }>(due)) {
    const result = await expireHold(tx, { registrationId: id, now: input.now });
    if (result.expired && result.registration) expired.push(result.registration);
  }
  return expired;
}

/* ------------------------------------------------------ a guardian's approval (decision 42) */

/**
 * Whether `guardianId` holds a live link to `childId` (read inside the approval's transaction,
 * after `lockRegistration`): the approval route's ownership fact.
 */
export async function hasLiveGuardianLink(
  executor: Transaction | Database,
  input: { guardianId: string; childId: string },
): Promise<boolean> {
  const rows = await executor
    .select({ id: guardianLinks.id })
    .from(guardianLinks)
    .where(
      and(
        eq(guardianLinks.guardianId, input.guardianId),
        eq(guardianLinks.childId, input.childId),
        isNull(guardianLinks.endedAt),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The pending payment of a registration (the guardian's open checkout), or null. */
export async function findPendingPayment(tx: Transaction, registrationId: string) {
  const [row] = await tx
    .select({
      id: payments.id,
      reference: payments.reference,
      amountKobo: payments.amountKobo,
      currency: payments.currency,
      payerId: payments.payerId,
      authorizationUrl: payments.authorizationUrl,
    })
    .from(payments)
    .where(and(eq(payments.registrationId, registrationId), eq(payments.status, 'pending')))
    .orderBy(sql`${payments.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/** Writes a decided approval of a free trial (under `lockRegistration`): `registered`, visible. */
export async function markGuardianApproved(
  tx: Transaction,
  input: { registrationId: string; at: Date },
): Promise<void> {
  await tx
    .update(trialRegistrations)
    .set({ status: 'registered', holdExpiresAt: null, academyVisible: true, updatedAt: input.at })
    .where(eq(trialRegistrations.id, input.registrationId));
}

/**
 * Opens the guardian's payment of a paid trial's registration (under `lockRegistration`): a
 * pending payment row with the guardian as payer; the registration stays `awaiting_guardian`
 * (hidden, its place held) until the provider confirms the money (`markPaymentSucceeded`).
 */
export async function insertGuardianPayment(
  tx: Transaction,
  input: {
    registrationId: string;
    payerId: string;
    amountKobo: number;
    currency: string;
    provider: 'sandbox' | 'paystack';
    reference: string;
    at: Date;
  },
) {
  const [row] = await tx
    .insert(payments)
    .values({
      registrationId: input.registrationId,
      payerId: input.payerId,
      provider: input.provider,
      reference: input.reference,
      amountKobo: input.amountKobo,
      currency: input.currency,
      status: 'pending',
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning({ id: payments.id, reference: payments.reference });
  return row!;
}

/** The live guardians of a child (their ids and e-mails), for the approval notices. */
export async function listLiveGuardians(executor: Database | Transaction, childId: string) {
  const result = await executor.execute(sql`
    select u.id, u.email, u.is_active as "isActive"
    from guardian_links l join users u on u.id = l.guardian_id
    where l.child_id = ${childId} and l.ended_at is null
    order by l.created_at, u.id`);
  return rowsOf<{ id: string; email: string; isActive: boolean }>(result);
}

/**
 * Development only (the dev route of trial day): an active trial takes place on `today` (Lagos),
 * its deadline no later than that day, so a browser journey can check in and evaluate without
 * waiting for a date the API refuses to create. False when there is no such active trial.
 */
export async function moveTrialToDay(
  db: Database | Transaction,
  input: { trialId: string; today: string },
): Promise<boolean> {
  const rows = rowsOf<{ id: string }>(
    await db.execute(sql`
      update trials set trial_date = ${input.today}::date,
        deadline = least(deadline, ${input.today}::date), updated_at = now()
      where id = ${input.trialId} and status = 'active'
      returning id`),
  );
  return rows.length > 0;
}
