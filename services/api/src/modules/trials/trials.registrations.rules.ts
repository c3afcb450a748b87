import type { RegistrationTrialFacts } from '@touchline/db/trials';
import { ageOn, type OutcomeStatus, type Role } from '@touchline/shared';

/**
 * The registration rules of supplement §5 as pure decisions over facts the repository reads in
 * one statement under the trial's row lock (`lockRegistrationFacts`, `lockRegistration`). No
 * database and no clock: the caller passes Lagos today and now. Unit-tested on their own
 * (trials.registrations.rules.test.ts); the service writes what they decide.
 */

/**
 * The trial as registering needs it (`lockRegistrationFacts` reads it): status, whether its
 * academy is active and verified, dates, age range, limit and the locked count of places taken,
 * fee and currency, requirement ids in order. Its id, name and academy only label the result.
 */
export type RegistrationTrial = Omit<RegistrationTrialFacts, 'id' | 'name' | 'academyId'>;

/**
 * The account registering: its role, its profile's locked date of birth (null: never set) and its
 * consent status (`given`: a minor whose guardian consented, supplement §14).
 */
export type RegistrationPlayer = { role: Role; dob: string | null; consentStatus?: string };

export type RegistrationAnswer = { requirementId: string; answer: string };

export type RegistrationFacts = {
  /** Null when there is no such trial. */
  trial: RegistrationTrial | null;
  /** Null when the account does not exist. */
  player: RegistrationPlayer | null;
  /** The player already holds a live registration of this trial. */
  alreadyRegistered: boolean;
  /** What the form sent: the date of birth and the answers. */
  form: { dob: string; answers: RegistrationAnswer[] };
  /** Lagos today (`YYYY-MM-DD`): registration is open while today <= deadline. */
  today: string;
  now: Date;
  /** How long a pending payment holds its place. */
  holdMinutes: number;
  /** How long a minor's registration holds its place for the guardian (48 hours). */
  guardianHoldMinutes: number;
};

/** Why a registration is refused (each maps to one error of `trialsErrors`). */
export type RegistrationRefusal =
  | 'players_only'
  | 'dob_mismatch'
  | 'not_found'
  | 'cancelled'
  | 'academy_unavailable'
  | 'deadline_passed'
  | 'age_out_of_range'
  | 'already_registered'
  | 'full'
  | 'answers_invalid';

/** What every accepted registration stores, whatever its outcome. */
type Admission = {
  /** The date of birth the age rule used: the profile's when set, else the form's. */
  dob: string;
  /** One trimmed answer per requirement, in requirement order. */
  answers: RegistrationAnswer[];
};

/**
 * The decision. Each accepted outcome is the status the registration is stored with, whether it
 * takes one of the trial's places, how long a place is held, and the payment to open. A new kind
 * of registration (a minor's awaiting a guardian, §14; a waitlist place, §17) is one more branch
 * here and in `decideRegistration`, and one more status value; the writer takes any branch.
 */
export type RegistrationDecision =
  | { outcome: 'refused'; reason: RegistrationRefusal }
  | (Admission & {
      outcome: 'registered';
      takesPlace: true;
      holdExpiresAt: null;
      payment: null;
    })
  | (Admission & {
      outcome: 'pending_payment';
      takesPlace: true;
      holdExpiresAt: Date;
      payment: { amountKobo: number; currency: string };
    })
  | (Admission & {
      /**
       * A consented minor (supplement §14, decision 42): the place is held for the guardian's
       * approval; a paid trial's payment is the guardian's, opened when they approve.
       */
      outcome: 'awaiting_guardian';
      takesPlace: true;
      holdExpiresAt: Date;
      payment: null;
    })
  | (Admission & {
      /**
       * The trial is full (supplement §17, decision 49): in line, no place taken, no hold and no
       * payment until a freed place promotes it.
       */
      outcome: 'waitlisted';
      takesPlace: false;
      holdExpiresAt: null;
      payment: null;
    });

export type AcceptedRegistration = Exclude<RegistrationDecision, { outcome: 'refused' }>;

const refuse = (reason: RegistrationRefusal): RegistrationDecision => ({
  outcome: 'refused',
  reason,
});

/** Whether someone born on `dob` is inside the trial's age range on the trial date. */
export function ageFits(
  trial: Pick<RegistrationTrial, 'trialDate' | 'minAge' | 'maxAge'>,
  dob: string,
): boolean {
  const age = ageOn(dob, trial.trialDate);
  return (
    (trial.minAge === null || age >= trial.minAge) && (trial.maxAge === null || age <= trial.maxAge)
  );
}

/** The answers in requirement order, trimmed; null unless exactly one non-empty per requirement. */
function answersFor(
  requirementIds: string[],
  sent: RegistrationAnswer[],
): RegistrationAnswer[] | null {
  const byRequirement = new Map(sent.map((a) => [a.requirementId, a.answer.trim()]));
  if (byRequirement.size !== sent.length || byRequirement.size !== requirementIds.length)
    return null;
  const answers = requirementIds.map((requirementId) => ({
    requirementId,
    answer: byRequirement.get(requirementId) ?? '',
  }));
  return answers.every((a) => a.answer !== '') ? answers : null;
}

/**
 * A minor whose guardian consented registers only with the guardian's approval (supplement §14):
 * under 18 today with consent `given`. (A minor awaiting consent never gets here: the route's
 * consent gate refuses them first.)
 */
export function needsGuardian(player: RegistrationPlayer, dob: string, today: string): boolean {
  return player.consentStatus === 'given' && ageOn(dob, today) < 18;
}

/**
 * Checked in this order: a player account; the form's date of birth is the profile's (locked,
 * §13) when it has one; the trial exists, is active and its academy active and verified; Lagos
 * today <= deadline; the age on the trial date inside [min_age, max_age]; no live registration
 * (or waitlist place) of this player; exactly one non-empty answer per requirement. A full trial
 * (`registered_count >= participant_limit`) puts the player on its waitlist (§17). Then a consented minor's registration waits for the
 * guardian holding its place `guardianHoldMinutes`; otherwise a free trial registers at once and
 * a paid one holds its place for `holdMinutes` with a pending payment of its fee.
 */
export function decideRegistration(facts: RegistrationFacts): RegistrationDecision {
  const { trial, player, form } = facts;
  if (!player || player.role !== 'player') return refuse('players_only');
  if (player.dob !== null && player.dob !== form.dob) return refuse('dob_mismatch');
  if (!trial) return refuse('not_found');
  if (trial.status !== 'active') return refuse('cancelled');
  if (!trial.academyAvailable) return refuse('academy_unavailable');
  if (facts.today > trial.deadline) return refuse('deadline_passed');
  const dob = player.dob ?? form.dob;
  if (!ageFits(trial, dob)) return refuse('age_out_of_range');
  if (facts.alreadyRegistered) return refuse('already_registered');
  const answers = answersFor(trial.requirementIds, form.answers);
  if (!answers) return refuse('answers_invalid');
  if (trial.participantLimit !== null && trial.registeredCount >= trial.participantLimit)
    return {
      outcome: 'waitlisted',
      takesPlace: false,
      holdExpiresAt: null,
      payment: null,
      dob,
      answers,
    };

  if (needsGuardian(player, dob, facts.today))
    return {
      outcome: 'awaiting_guardian',
      takesPlace: true,
      holdExpiresAt: new Date(facts.now.getTime() + facts.guardianHoldMinutes * 60_000),
      payment: null,
      dob,
      answers,
    };
  if (trial.feeKobo <= 0)
    return {
      outcome: 'registered',
      takesPlace: true,
      holdExpiresAt: null,
      payment: null,
      dob,
      answers,
    };
  return {
    outcome: 'pending_payment',
    takesPlace: true,
    holdExpiresAt: new Date(facts.now.getTime() + facts.holdMinutes * 60_000),
    payment: { amountKobo: trial.feeKobo, currency: trial.currency },
    dob,
    answers,
  };
}

/* ------------------------------------------------------------ later changes */

/** A registration and its trial as `lockRegistration` reads them (null: no such registration). */
export type LockedRegistrationFacts = {
  trial: {
    academyId: string;
    status: 'active' | 'cancelled';
    deadline: string;
    trialDate: string;
  };
  registration: { playerId: string; status: string; academyVisible?: boolean };
} | null;

export type RegistrationCancelDecision =
  { ok: true } | { ok: false; reason: 'not_found' | 'cannot_cancel' };

/**
 * The player cancels their own registration (or withdraws once selected): someone else's reads
 * as missing; the trial must be active. A `pending_payment` or `registered` one while Lagos today
 * <= the registration deadline; a `selected` one up to and including the trial day (the academy
 * usually selects after the deadline, and a player who cannot come should be able to say so and
 * free the place); a `waitlisted` one (leaving the line) up to the trial day too. Rejected, cancelled, expired or trial-cancelled ones cannot be cancelled.
 * The web's 'Cancel registration' / 'Withdraw' button mirrors this (trials/lib/format.ts).
 */
export function decideRegistrationCancel(
  locked: LockedRegistrationFacts,
  input: { playerId: string; today: string },
): RegistrationCancelDecision {
  if (!locked || locked.registration.playerId !== input.playerId)
    return { ok: false, reason: 'not_found' };
  const { trial, registration } = locked;
  if (trial.status !== 'active') return { ok: false, reason: 'cannot_cancel' };
  const lastDay =
    registration.status === 'selected' || registration.status === 'waitlisted'
      ? trial.trialDate
      : ['pending_payment', 'registered', 'awaiting_guardian'].includes(registration.status)
        ? trial.deadline
        : null;
  if (lastDay === null || input.today > lastDay) return { ok: false, reason: 'cannot_cancel' };
  return { ok: true };
}

export type OutcomeDecision =
  | { ok: true; changed: boolean }
  | { ok: false; reason: 'not_found' | 'not_owner' | 'status_not_allowed' };

/**
 * The owning academy sets `selected` or `rejected` on a `registered`, `selected` or `rejected`
 * registration of its trial; `changed` is false when it already had that status.
 */
export function decideOutcome(
  locked: LockedRegistrationFacts,
  input: {
    academyId: string;
    status: OutcomeStatus;
    /** The player and the academy blocked one another (either way). */
    blocked?: boolean;
  },
): OutcomeDecision {
  if (!locked) return { ok: false, reason: 'not_found' };
  if (locked.trial.academyId !== input.academyId) return { ok: false, reason: 'not_owner' };
  // One the academy may not see (awaiting or declined by a guardian, decision 42) or whose player
  // it is blocked from reads as missing: its existence is not told (issue 25 item 9).
  if (locked.registration.academyVisible === false || input.blocked)
    return { ok: false, reason: 'not_found' };
  if (!['registered', 'selected', 'rejected'].includes(locked.registration.status))
    return { ok: false, reason: 'status_not_allowed' };
  return { ok: true, changed: locked.registration.status !== input.status };
}

/* ------------------------------------------------------ a guardian's approval (decision 42) */

export type GuardianApprovalFacts = {
  /** The registration and its trial as `lockRegistration` read them (null: no such one). */
  locked:
    | (NonNullable<LockedRegistrationFacts> & {
        registration: { holdExpiresAt: Date | null };
        trial: { feeKobo: number; currency: string };
      })
    | null;
  /** The caller holds a live guardian link to the registration's player. */
  linked: boolean;
  /** The guardian's open checkout for it (a paid trial approved before), or null. */
  pendingPayment: { reference: string; payerId: string } | null;
  decision: 'approve' | 'decline';
  now: Date;
};

export type GuardianApprovalDecision =
  | { ok: false; reason: 'not_found' | 'closed' }
  /** A free trial: `registered` now, shown to the academy. */
  | { ok: true; action: 'register' }
  /** A paid trial: the guardian pays (a new payment, or the open one again). */
  | { ok: true; action: 'pay'; payment: { amountKobo: number; currency: string } | 'open' }
  /** Declined: cancelled, the place freed, the child told. */
  | { ok: true; action: 'decline' };

/**
 * Only a guardian linked to the child decides (anyone else: as missing); only a registration
 * still `awaiting_guardian` of an active trial whose 48-hour hold has not run out. Approving a
 * free trial registers it; a paid one needs the guardian's payment through the normal checkout
 * (an open one is reused); declining frees the place.
 */
export function decideGuardianApproval(facts: GuardianApprovalFacts): GuardianApprovalDecision {
  const { locked } = facts;
  if (!locked || !facts.linked) return { ok: false, reason: 'not_found' };
  const { trial, registration } = locked;
  if (
    registration.status !== 'awaiting_guardian' ||
    trial.status !== 'active' ||
    (registration.holdExpiresAt !== null &&
      registration.holdExpiresAt.getTime() <= facts.now.getTime())
  )
    return { ok: false, reason: 'closed' };
  if (facts.decision === 'decline') return { ok: true, action: 'decline' };
  if (trial.feeKobo <= 0) return { ok: true, action: 'register' };
  return {
    ok: true,
    action: 'pay',
    payment: facts.pendingPayment
      ? 'open'
      : { amountKobo: trial.feeKobo, currency: trial.currency },
  };
}
