import { randomBytes, randomInt } from 'node:crypto';
import { REFERENCE_CODE_ALPHABET, type OutcomeStatus, type PlayerLevel } from '@touchline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { payments, trialRegistrationAnswers, trialRegistrations, trials } from '../schema';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import { ageFits, listTrialRequirements } from './trials.repository';

/**
 * Registrations and their places. Every change of a registration's status that takes or frees a
 * place runs under the trial's row lock (`FOR UPDATE`), taken first, then the registration, then
 * its payments: one lock order everywhere, so concurrent registrations, cancellations, expiries
 * and payment confirmations never deadlock and `registered_count` is exact. Functions typed with
 * `Transaction` must run in the caller's transaction, which also appends the domain event.
 */

export type RegistrationRow = typeof trialRegistrations.$inferSelect;
export type RegistrationStatusValue = RegistrationRow['status'];
export type PaymentProviderName = 'sandbox' | 'paystack';

const LIVE = sql.raw(`('pending_payment', 'registered', 'selected', 'rejected')`);

/** 'TL-' and 6 characters of `REFERENCE_CODE_ALPHABET`. */
export function newReferenceCode(): string {
  let code = 'TL-';
  for (let i = 0; i < 6; i++)
    code += REFERENCE_CODE_ALPHABET[randomInt(REFERENCE_CODE_ALPHABET.length)];
  return code;
}

/** 'tlp_' and 24 hex digits. */
export function newPaymentReference(): string {
  return `tlp_${randomBytes(12).toString('hex')}`;
}

/* --------------------------------------------------------------- register */

/** What a player fills in to register (the registrants' table shows it back). */
export type RegistrantDetails = {
  name: string;
  /** The date of birth the age rule uses (the service decides: the profile's, locked). */
  dob: string;
  phone: string;
  email: string;
  state: string;
  district: string;
  level: PlayerLevel;
};

export type RegisterInput = RegistrantDetails & {
  trialId: string;
  playerId: string;
  answers: { requirementId: string; answer: string }[];
  /** Today in Lagos (`YYYY-MM-DD`): registration is open while today <= deadline. */
  today: string;
  now: Date;
  /** How long a paid registration holds its place. */
  holdMinutes: number;
  /** The provider of the payment row a paid trial gets. */
  provider: PaymentProviderName;
};

export type RegisterError =
  | 'not_found'
  | 'cancelled'
  | 'academy_unavailable'
  | 'deadline_passed'
  | 'age_out_of_range'
  | 'already_registered'
  | 'full'
  | 'answers_invalid';

export type RegisterResult =
  | {
      ok: true;
      registration: {
        id: string;
        referenceCode: string;
        status: 'registered' | 'pending_payment';
        holdExpiresAt: Date | null;
        trialId: string;
      };
      /** The pending payment of a paid trial (the caller starts it with the provider after commit). */
      payment: { id: string; reference: string; amountKobo: number; currency: string } | null;
      trial: { id: string; name: string; academyId: string };
    }
  | { ok: false; error: RegisterError };

/**
 * Registers a player in one transaction (supplement §5): locks the trial row, then checks the
 * trial is active, its academy active and verified, today <= deadline (Lagos), the age on the
 * trial date inside the range, no live registration of this player, a free place
 * (`participant_limit is null or registered_count < participant_limit`), and exactly one
 * non-empty answer per requirement. Inserts the registration (`registered` when free,
 * `pending_payment` holding its place for `holdMinutes` when paid), its answers, the count, and
 * for a paid trial the pending payment row. The caller appends `registration.created`.
 */
export async function registerPlayer(
  tx: Transaction,
  input: RegisterInput,
): Promise<RegisterResult> {
  const locked = await tx.execute(sql`
    select t.id, t.name, t.academy_id as "academyId", t.status, t.trial_date::text as "trialDate",
      t.deadline::text as deadline, t.min_age as "minAge", t.max_age as "maxAge",
      t.participant_limit as "participantLimit", t.registered_count as "registeredCount",
      t.fee_kobo as "feeKobo", t.currency,
      (au.is_active and au.academy_status = 'verified') as "academyOk"
    from trials t join users au on au.id = t.academy_id
    where t.id = ${input.trialId}
    for update of t`);
  const trial = rowsOf<{
    id: string;
    name: string;
    academyId: string;
    status: 'active' | 'cancelled';
    trialDate: string;
    deadline: string;
    minAge: number | null;
    maxAge: number | null;
    participantLimit: number | null;
    registeredCount: number;
    feeKobo: number;
    currency: string;
    academyOk: boolean;
  }>(locked)[0];
  if (!trial) return { ok: false, error: 'not_found' };
  if (trial.status !== 'active') return { ok: false, error: 'cancelled' };
  if (!trial.academyOk) return { ok: false, error: 'academy_unavailable' };
  if (input.today > trial.deadline) return { ok: false, error: 'deadline_passed' };
  if (!ageFits(trial, input.dob)) return { ok: false, error: 'age_out_of_range' };

  const existing = await tx.execute(sql`
    select 1 from trial_registrations
    where trial_id = ${input.trialId} and player_id = ${input.playerId} and status in ${LIVE}
    limit 1`);
  if (rowsOf(existing).length > 0) return { ok: false, error: 'already_registered' };
  const count = Number(trial.registeredCount);
  if (trial.participantLimit !== null && count >= trial.participantLimit)
    return { ok: false, error: 'full' };

  const requirements = await listTrialRequirements(tx, input.trialId);
  const answers = new Map(input.answers.map((a) => [a.requirementId, a.answer.trim()]));
  if (
    answers.size !== input.answers.length ||
    answers.size !== requirements.length ||
    requirements.some((r) => !answers.get(r.id))
  )
    return { ok: false, error: 'answers_invalid' };

  const feeKobo = Number(trial.feeKobo);
  const paid = feeKobo > 0;
  const status = paid ? ('pending_payment' as const) : ('registered' as const);
  const holdExpiresAt = paid ? new Date(input.now.getTime() + input.holdMinutes * 60_000) : null;

  let inserted: { id: string; referenceCode: string } | undefined;
  // A reference-code collision inserts nothing (the live-registration duplicate was ruled out
  // under the trial's lock): draw another code.
  for (let attempt = 0; attempt < 8 && !inserted; attempt++) {
    const [row] = await tx
      .insert(trialRegistrations)
      .values({
        trialId: input.trialId,
        playerId: input.playerId,
        referenceCode: newReferenceCode(),
        name: input.name,
        dob: input.dob,
        phone: input.phone,
        email: input.email,
        state: input.state,
        district: input.district,
        level: input.level,
        status,
        holdExpiresAt,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: trialRegistrations.id, referenceCode: trialRegistrations.referenceCode });
    inserted = row;
  }
  if (!inserted) throw new Error('could not draw a free registration reference code');

  if (requirements.length > 0) {
    await tx.insert(trialRegistrationAnswers).values(
      requirements.map((r) => ({
        registrationId: inserted.id,
        requirementId: r.id,
        answer: answers.get(r.id)!,
      })),
    );
  }
  await tx
    .update(trials)
    .set({ registeredCount: sql`${trials.registeredCount} + 1` })
    .where(eq(trials.id, input.trialId));

  let payment: { id: string; reference: string; amountKobo: number; currency: string } | null =
    null;
  if (paid) {
    const [row] = await tx
      .insert(payments)
      .values({
        registrationId: inserted.id,
        payerId: input.playerId,
        provider: input.provider,
        reference: newPaymentReference(),
        amountKobo: feeKobo,
        currency: trial.currency,
        status: 'pending',
        createdAt: input.now,
        updatedAt: input.now,
      })
      .returning({
        id: payments.id,
        reference: payments.reference,
        amountKobo: payments.amountKobo,
        currency: payments.currency,
      });
    payment = row!;
  }
  return {
    ok: true,
    registration: {
      id: inserted.id,
      referenceCode: inserted.referenceCode,
      status,
      holdExpiresAt,
      trialId: input.trialId,
    },
    payment,
    trial: { id: trial.id, name: trial.name, academyId: trial.academyId },
  };
}

/* ------------------------------------------------------------------ reads */

/** A registration with its trial's owner, name and deadline (permission checks, notifications). */
export type RegistrationDetail = RegistrationRow & {
  trialName: string;
  academyId: string;
  trialDate: string;
  startTime: string;
  venue: string;
  deadline: string;
  trialStatus: 'active' | 'cancelled';
  cancelReason: string | null;
  feeKobo: number;
  currency: string;
};

export async function findRegistration(
  executor: Executor,
  registrationId: string,
): Promise<RegistrationDetail | null> {
  const [row] = await executor
    .select({
      registration: trialRegistrations,
      trialName: trials.name,
      academyId: trials.academyId,
      trialDate: trials.trialDate,
      startTime: trials.startTime,
      venue: trials.venue,
      deadline: trials.deadline,
      trialStatus: trials.status,
      cancelReason: trials.cancelReason,
      feeKobo: trials.feeKobo,
      currency: trials.currency,
    })
    .from(trialRegistrations)
    .innerJoin(trials, eq(trials.id, trialRegistrations.trialId))
    .where(eq(trialRegistrations.id, registrationId));
  if (!row) return null;
  const { registration, ...trial } = row;
  return { ...registration, ...trial };
}

/** One registrant of the academy's table (json fields: times are strings). */
export type RegistrantRow = RegistrantDetails & {
  id: string;
  referenceCode: string;
  playerId: string;
  photo: MediaRef | null;
  status: RegistrationStatusValue;
  paymentStatus: 'pending' | 'succeeded' | 'failed' | 'refunded' | null;
  createdAt: Date;
  answers: { requirement_id: string; requirement: string; answer: string }[];
};

/**
 * A trial's registrants, oldest first, with their answers (requirement order) and latest payment
 * status. `statuses` narrows the list (all by default). Ownership is the caller's check.
 */
export async function listRegistrants(
  executor: Executor,
  input: { trialId: string; statuses?: RegistrationStatusValue[] },
): Promise<RegistrantRow[]> {
  const only =
    input.statuses && input.statuses.length > 0
      ? sql`and r.status = any(string_to_array(${input.statuses.join(',')}, ','))`
      : sql``;
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.player_id as "playerId",
      ${mediaJson('pm')} as photo, r.name, r.dob::text as dob, r.phone, r.email, r.state,
      r.district, r.level, r.status, r.created_at as "createdAt",
      (select p.status from payments p where p.registration_id = r.id
        order by p.created_at desc limit 1) as "paymentStatus",
      (select coalesce(json_agg(json_build_object('requirement_id', q.id, 'requirement', q.text,
          'answer', a.answer) order by q.position), '[]'::json)
        from trial_registration_answers a join trial_requirements q on q.id = a.requirement_id
        where a.registration_id = r.id) as answers
    from trial_registrations r
    join users u on u.id = r.player_id
    left join media_objects pm on pm.id = u.profile_photo_media_id
    where r.trial_id = ${input.trialId} ${only}
    order by r.created_at, r.id`);
  return rowsOf<Omit<RegistrantRow, 'createdAt'> & { createdAt: Date | string }>(result).map(
    (r) => ({ ...r, createdAt: new Date(r.createdAt) }),
  );
}

/** One entry of a player's history (json fields: times are strings). */
export type TrialHistoryRow = {
  id: string;
  referenceCode: string;
  status: RegistrationStatusValue;
  holdExpiresAt: Date | null;
  createdAt: Date;
  trial: {
    id: string;
    name: string;
    sport: 'football' | 'basketball' | 'other';
    sportOther: string | null;
    state: string;
    district: string;
    venue: string;
    trialDate: string;
    startTime: string;
    deadline: string;
    feeKobo: number;
    currency: string;
    image: MediaRef | null;
    status: 'active' | 'cancelled';
    cancelReason: string | null;
    academyId: string;
    academyName: string;
    academyPhoto: MediaRef | null;
  };
  payment: { reference: string; status: string; authorization_url: string | null } | null;
};

/** The player's registrations, newest first (one page, offset paging). */
export async function trialHistory(
  executor: Executor,
  input: { playerId: string; page: number; pageSize: number },
): Promise<{ rows: TrialHistoryRow[]; hasMore: boolean }> {
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.status, r.hold_expires_at as "holdExpiresAt",
      r.created_at as "createdAt",
      json_build_object('id', t.id, 'name', t.name, 'sport', t.sport, 'sportOther', t.sport_other,
        'state', t.state, 'district', t.district, 'venue', t.venue,
        'trialDate', t.trial_date::text, 'startTime', t.start_time, 'deadline', t.deadline::text,
        'feeKobo', t.fee_kobo, 'currency', t.currency, 'image', ${mediaJson('tm')},
        'status', t.status, 'cancelReason', t.cancel_reason, 'academyId', t.academy_id,
        'academyName', au.username, 'academyPhoto', ${mediaJson('am')}) as trial,
      (select json_build_object('reference', p.reference, 'status', p.status,
          'authorization_url', p.authorization_url)
        from payments p where p.registration_id = r.id order by p.created_at desc limit 1) as payment
    from trial_registrations r
    join trials t on t.id = r.trial_id
    join users au on au.id = t.academy_id
    left join media_objects tm on tm.id = t.image_media_id
    left join media_objects am on am.id = au.profile_photo_media_id
    where r.player_id = ${input.playerId}
    order by r.created_at desc, r.id desc
    limit ${input.pageSize + 1} offset ${(input.page - 1) * input.pageSize}`);
  const rows = rowsOf<
    Omit<TrialHistoryRow, 'createdAt' | 'holdExpiresAt'> & {
      createdAt: Date | string;
      holdExpiresAt: Date | string | null;
    }
  >(result).map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    holdExpiresAt: r.holdExpiresAt === null ? null : new Date(r.holdExpiresAt),
  }));
  return { rows: rows.slice(0, input.pageSize), hasMore: rows.length > input.pageSize };
}

/* -------------------------------------------------------------- lifecycle */

/** Locks a registration's trial then the registration (the lock order); null when missing. */
async function lockRegistration(tx: Transaction, registrationId: string) {
  const [found] = await tx
    .select({ trialId: trialRegistrations.trialId })
    .from(trialRegistrations)
    .where(eq(trialRegistrations.id, registrationId));
  if (!found) return null;
  const trialResult = await tx.execute(sql`
    select id, academy_id as "academyId", status, deadline::text as deadline,
      participant_limit as "participantLimit", registered_count as "registeredCount"
    from trials where id = ${found.trialId} for update`);
  const trial = rowsOf<{
    id: string;
    academyId: string;
    status: 'active' | 'cancelled';
    deadline: string;
    participantLimit: number | null;
    registeredCount: number;
  }>(trialResult)[0]!;
  const [registration] = await tx
    .select()
    .from(trialRegistrations)
    .where(eq(trialRegistrations.id, registrationId))
    .for('update');
  return {
    trial: { ...trial, registeredCount: Number(trial.registeredCount) },
    registration: registration!,
  };
}

/** Frees one place of a trial (under its lock). */
async function freePlace(tx: Transaction, trialId: string) {
  await tx
    .update(trials)
    .set({ registeredCount: sql`greatest(${trials.registeredCount} - 1, 0)` })
    .where(eq(trials.id, trialId));
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
 * The player cancels their own registration before the deadline (today <= deadline, Lagos): only
 * `pending_payment` or `registered` ones. The place is freed, pending payments fail
 * ('cancelled'); a succeeded payment is answered as `refundPaymentId` (the caller appends
 * `registration.cancelled` and, with a refund, `payment.refund_requested`).
 */
export async function cancelRegistration(
  tx: Transaction,
  input: { registrationId: string; playerId: string; today: string; at: Date },
): Promise<
  | {
      ok: true;
      registration: { id: string; trialId: string; previousStatus: string };
      refundPaymentId: string | null;
    }
  | { ok: false; error: 'not_found' | 'cannot_cancel' }
> {
  const locked = await lockRegistration(tx, input.registrationId);
  if (!locked || locked.registration.playerId !== input.playerId)
    return { ok: false, error: 'not_found' };
  const { trial, registration } = locked;
  if (
    !['pending_payment', 'registered'].includes(registration.status) ||
    trial.status !== 'active' ||
    input.today > trial.deadline
  )
    return { ok: false, error: 'cannot_cancel' };
  await tx
    .update(trialRegistrations)
    .set({ status: 'cancelled', holdExpiresAt: null, updatedAt: input.at })
    .where(eq(trialRegistrations.id, registration.id));
  await freePlace(tx, trial.id);
  await failPendingPayments(tx, registration.id, 'cancelled', input.at);
  const paid = await tx.execute(sql`
    select id from payments where registration_id = ${registration.id} and status = 'succeeded'
    order by created_at desc limit 1`);
  return {
    ok: true,
    registration: { id: registration.id, trialId: trial.id, previousStatus: registration.status },
    refundPaymentId: rowsOf<{ id: string }>(paid)[0]?.id ?? null,
  };
}

/**
 * The owning academy sets `selected` or `rejected` on a `registered`, `selected` or `rejected`
 * registration of its trial. `changed` is false when it already had that status (the caller then
 * appends no `registration.status_changed`).
 */
export async function setRegistrationStatus(
  tx: Transaction,
  input: { registrationId: string; academyId: string; status: OutcomeStatus; at: Date },
): Promise<
  | { ok: true; changed: boolean; registration: { id: string; trialId: string; playerId: string } }
  | { ok: false; error: 'not_found' | 'not_owner' | 'status_not_allowed' }
> {
  const locked = await lockRegistration(tx, input.registrationId);
  if (!locked) return { ok: false, error: 'not_found' };
  const { trial, registration } = locked;
  if (trial.academyId !== input.academyId) return { ok: false, error: 'not_owner' };
  if (!['registered', 'selected', 'rejected'].includes(registration.status))
    return { ok: false, error: 'status_not_allowed' };
  const changed = registration.status !== input.status;
  if (changed)
    await tx
      .update(trialRegistrations)
      .set({ status: input.status, updatedAt: input.at })
      .where(eq(trialRegistrations.id, registration.id));
  return {
    ok: true,
    changed,
    registration: { id: registration.id, trialId: trial.id, playerId: registration.playerId },
  };
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
  if (registration.status !== 'pending_payment') return { expired: false, registration: info };
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
  await freePlace(tx, trial.id);
  await failPendingPayments(tx, registration.id, input.reason ?? 'expired', input.now);
  return { expired: true, registration: info };
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
    where status = 'pending_payment' and hold_expires_at <= ${input.now.toISOString()}::timestamptz
    order by hold_expires_at limit ${input.limit ?? 200}`);
  const expired: { id: string; trialId: string; playerId: string }[] = [];
  for (const { id } of rowsOf<{ id: string }>(due)) {
    const result = await expireHold(tx, { registrationId: id, now: input.now });
    if (result.expired && result.registration) expired.push(result.registration);
  }
  return expired;
}

/** A registrant to remind of their trial. */
export type ReminderRow = {
  registrationId: string;
  playerId: string;
  referenceCode: string;
  name: string;
  email: string;
  trialId: string;
  trialName: string;
  trialDate: string;
  startTime: string;
  venue: string;
};

/**
 * Picks the `registered` and `selected` registrants of active trials starting within
 * `withinHours` of `now` (start = trial date and time in Lagos, UTC+1) who were not reminded, and
 * stamps `reminded_at` in the same statement: a registrant is answered once, however often or
 * concurrently this runs.
 */
export async function pickRemindersDue(
  executor: Executor,
  input: { now: Date; withinHours: number; limit?: number },
): Promise<ReminderRow[]> {
  const result = await executor.execute(sql`
    with due as (
      select r.id
      from trial_registrations r join trials t on t.id = r.trial_id
      where r.status in ('registered', 'selected') and r.reminded_at is null
        and t.status = 'active'
        and ((t.trial_date + t.start_time::time) - interval '1 hour') at time zone 'UTC'
          between ${input.now.toISOString()}::timestamptz and ${input.now.toISOString()}::timestamptz + make_interval(hours => ${input.withinHours})
      order by r.id
      limit ${input.limit ?? 1000}
      for update of r skip locked
    )
    update trial_registrations r set reminded_at = ${input.now.toISOString()}::timestamptz
    from due, trials t
    where r.id = due.id and t.id = r.trial_id
    returning r.id as "registrationId", r.player_id as "playerId", r.reference_code as "referenceCode",
      r.name, r.email, t.id as "trialId", t.name as "trialName", t.trial_date::text as "trialDate",
      t.start_time as "startTime", t.venue`);
  return rowsOf<ReminderRow>(result);
}
