import { randomBytes, randomInt } from 'node:crypto';
import { REFERENCE_CODE_ALPHABET, type PlayerLevel, type Role } from '@touchline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '../client';
import { payments, trialRegistrationAnswers, trialRegistrations, trials } from '../schema';
import { rowsOf } from '../sql';

/**
 * Registering: lock the trial, read what the decision needs in one statement, write what it
 * decided. The rules themselves (deadline, age, capacity, answers, holds) are the API's pure
 * `decideRegistration` (trials module); nothing here decides.
 *
 * Every change of a registration's status that takes or frees a place runs under the trial's row
 * lock (`FOR UPDATE`), taken first, then the registration, then its payments: one lock order
 * everywhere, so concurrent registrations, cancellations, expiries and payment confirmations never
 * deadlock and `registered_count` is exact. Functions typed with `Transaction` must run in the
 * caller's transaction, which also appends the domain event.
 */

export type RegistrationRow = typeof trialRegistrations.$inferSelect;
export type RegistrationStatusValue = RegistrationRow['status'];
export type PaymentProviderName = 'sandbox' | 'paystack';

/** The statuses that hold a place and count as "registered" (the live-registration index's). */
export const LIVE_REGISTRATION_STATUSES = sql.raw(
  `('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian')`,
);

/**
 * The statuses a player holds once per trial (the live-registration index's, migrations 0023 and
 * 0024): the live ones, a waitlist place (`waitlisted` takes no place, decision 49) and a no-show
 * (decision 50).
 */
export const ONE_PER_PLAYER_STATUSES = sql.raw(
  `('pending_payment', 'registered', 'selected', 'rejected', 'awaiting_guardian', 'waitlisted', 'no_show')`,
);

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

/* ------------------------------------------------------------------ facts */

/** The trial as registering needs it (null in the facts when there is no such trial). */
export type RegistrationTrialFacts = {
  id: string;
  name: string;
  academyId: string;
  status: 'active' | 'cancelled';
  /** Its academy is active and verified. */
  academyAvailable: boolean;
  trialDate: string;
  deadline: string;
  minAge: number | null;
  maxAge: number | null;
  participantLimit: number | null;
  /** The places taken: the locked counter. */
  registeredCount: number;
  feeKobo: number;
  currency: string;
  /** The trial's requirements, in order. */
  requirementIds: string[];
};

/** What the stored world says about one player registering for one trial. */
export type StoredRegistrationFacts = {
  trial: RegistrationTrialFacts | null;
  /**
   * The account registering (null when missing): its role, locked date of birth and consent
   * status (`given`: a minor whose guardian consented, decision 42).
   */
  player: { id: string; role: Role; dob: string | null; consentStatus: string } | null;
  /** The player holds a live registration (or a waitlist place) of this trial. */
  alreadyRegistered: boolean;
};

type RawFacts = Omit<RegistrationTrialFacts, 'id'> & {
  id: string | null;
  playerId: string | null;
  playerRole: Role;
  playerDob: string | null;
  playerConsent: string;
  alreadyRegistered: boolean;
};

/**
 * Locks the trial row (`FOR UPDATE`; the lock is held until the transaction ends), then reads
 * the facts in one statement. The lock comes first, in its own statement, so the facts are read
 * after every registration committed before it: concurrent registrations see each other's places.
 */
export async function lockRegistrationFacts(
  tx: Transaction,
  input: { trialId: string; playerId: string },
): Promise<StoredRegistrationFacts> {
  await tx.execute(sql`select id from trials where id = ${input.trialId} for update`);
  const result = await tx.execute(sql`
    select t.id, t.name, t.academy_id as "academyId", t.status, t.trial_date::text as "trialDate",
      t.deadline::text as deadline, t.min_age as "minAge", t.max_age as "maxAge",
      t.participant_limit as "participantLimit", t.registered_count as "registeredCount",
      t.fee_kobo as "feeKobo", t.currency,
      coalesce(au.is_active and au.academy_status = 'verified', false) as "academyAvailable",
      (select coalesce(json_agg(q.id order by q.position), '[]'::json)
        from trial_requirements q where q.trial_id = t.id) as "requirementIds",
      p.id as "playerId", p.role as "playerRole", p.dob::text as "playerDob",
      p.consent_status as "playerConsent",
      exists (select 1 from trial_registrations r
        where r.trial_id = ${input.trialId} and r.player_id = ${input.playerId}
          and r.status in ${ONE_PER_PLAYER_STATUSES}) as "alreadyRegistered"
    from (select 1) as one
    left join trials t on t.id = ${input.trialId}
    left join users au on au.id = t.academy_id
    left join users p on p.id = ${input.playerId}`);
  const row = rowsOf<RawFacts>(result)[0]!;
  const { playerId, playerRole, playerDob, playerConsent, alreadyRegistered, ...trial } = row;
  return {
    trial:
      trial.id === null
        ? null
        : {
            ...trial,
            id: trial.id,
            registeredCount: Number(trial.registeredCount),
            feeKobo: Number(trial.feeKobo),
          },
    player:
      playerId === null
        ? null
        : { id: playerId, role: playerRole, dob: playerDob, consentStatus: playerConsent },
    alreadyRegistered,
  };
}

/* ------------------------------------------------------------------ write */

/** What a player fills in to register (the registrants' table shows it back). */
export type RegistrantDetails = {
  name: string;
  /** The date of birth the age rule used (the profile's, locked, when it has one). */
  dob: string;
  phone: string;
  email: string;
  state: string;
  district: string;
  level: PlayerLevel;
};

export type NewRegistration = RegistrantDetails & {
  trialId: string;
  playerId: string;
  status: RegistrationStatusValue;
  /** Until when a place is held for it (a pending payment), or null. */
  holdExpiresAt: Date | null;
  /** It takes one of the trial's places: the locked counter grows by one. */
  takesPlace: boolean;
  /** One answer per requirement. */
  answers: { requirementId: string; answer: string }[];
  /** A payment row to open (a paid trial), or null. */
  payment: { amountKobo: number; currency: string; provider: PaymentProviderName } | null;
  now: Date;
};

export type InsertedRegistration = {
  registration: {
    id: string;
    referenceCode: string;
    status: RegistrationStatusValue;
    holdExpiresAt: Date | null;
    trialId: string;
  };
  /** The pending payment (the caller starts it with the provider after commit), or null. */
  payment: { id: string; reference: string; amountKobo: number; currency: string } | null;
};

/**
 * Writes a decided registration: the row with a fresh reference code, its answers, the place
 * (when it takes one) and the pending payment. Run it under the trial's lock
 * (`lockRegistrationFacts` in the same transaction).
 */
export async function insertRegistration(
  tx: Transaction,
  input: NewRegistration,
): Promise<InsertedRegistration> {
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
        status: input.status,
        holdExpiresAt: input.holdExpiresAt,
        // A registration waiting for a guardian is the family's until approved (decision 42); a
        // waitlist place is shown to the academy only as a count, and once promoted (decision 49).
        academyVisible: input.status !== 'awaiting_guardian' && input.status !== 'waitlisted',
        // The back of the line, drawn under the trial's lock (decision 49).
        waitlistSeq:
          input.status === 'waitlisted'
            ? sql`(select coalesce(max(w.waitlist_seq), 0) + 1 from trial_registrations w
                where w.trial_id = ${input.trialId})`
            : null,
        createdAt: input.now,
        updatedAt: input.now,
      })
      .onConflictDoNothing({ target: trialRegistrations.referenceCode })
      .returning({ id: trialRegistrations.id, referenceCode: trialRegistrations.referenceCode });
    inserted = row;
  }
  if (!inserted) throw new Error('could not draw a free registration reference code');
  const registrationId = inserted.id;

  if (input.answers.length > 0)
    await tx
      .insert(trialRegistrationAnswers)
      .values(input.answers.map((a) => ({ registrationId, ...a })));
  if (input.takesPlace)
    await tx
      .update(trials)
      .set({ registeredCount: sql`${trials.registeredCount} + 1` })
      .where(eq(trials.id, input.trialId));

  let payment: InsertedRegistration['payment'] = null;
  if (input.payment) {
    const [row] = await tx
      .insert(payments)
      .values({
        registrationId,
        payerId: input.playerId,
        provider: input.payment.provider,
        reference: newPaymentReference(),
        amountKobo: input.payment.amountKobo,
        currency: input.payment.currency,
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
    registration: {
      id: registrationId,
      referenceCode: inserted.referenceCode,
      status: input.status,
      holdExpiresAt: input.holdExpiresAt,
      trialId: input.trialId,
    },
    payment,
  };
}
