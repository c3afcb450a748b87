import { describe, expect, it } from 'vitest';
import {
  ageFits,
  decideOutcome,
  decideRegistration,
  decideGuardianApproval,
  decideRegistrationCancel,
  type GuardianApprovalFacts,
  type LockedRegistrationFacts,
  type RegistrationFacts,
  type RegistrationTrial,
} from './trials.registrations.rules';

const NOW = new Date('2026-06-01T10:00:00Z');
const TODAY = '2026-06-01';
const Q1 = '00000000-0000-7000-8000-000000000001';
const Q2 = '00000000-0000-7000-8000-000000000002';

const trial = (values: Partial<RegistrationTrial> = {}): RegistrationTrial => ({
  status: 'active',
  academyAvailable: true,
  trialDate: '2026-06-20',
  deadline: '2026-06-15',
  minAge: null,
  maxAge: null,
  participantLimit: null,
  registeredCount: 0,
  feeKobo: 0,
  currency: 'NGN',
  requirementIds: [],
  ...values,
});

function facts(values: Partial<RegistrationFacts> = {}): RegistrationFacts {
  return {
    trial: trial(),
    player: { role: 'player', dob: '2008-03-10' },
    alreadyRegistered: false,
    form: { dob: '2008-03-10', answers: [] },
    today: TODAY,
    now: NOW,
    holdMinutes: 30,
    guardianHoldMinutes: 48 * 60,
    ...values,
  };
}

const decide = (values: Partial<RegistrationFacts> = {}) => decideRegistration(facts(values));
const refused = (reason: string) => ({ outcome: 'refused', reason });

describe('decideRegistration: who may register', () => {
  it('only a player account: academies, administrators and unknown accounts are refused', () => {
    expect(decide({ player: { role: 'academy', dob: null } })).toEqual(refused('players_only'));
    expect(decide({ player: { role: 'admin', dob: null } })).toEqual(refused('players_only'));
    expect(decide({ player: null })).toEqual(refused('players_only'));
  });

  it("the form's date of birth must be the profile's locked one; a profile without one takes the form's", () => {
    expect(decide({ form: { dob: '2008-03-11', answers: [] } })).toEqual(refused('dob_mismatch'));
    const open = decide({
      player: { role: 'player', dob: null },
      form: { dob: '2001-01-01', answers: [] },
    });
    expect(open).toMatchObject({ outcome: 'registered', dob: '2001-01-01' });
  });
});

describe('decideRegistration: the trial', () => {
  it('must exist, be active and belong to an active verified academy', () => {
    expect(decide({ trial: null })).toEqual(refused('not_found'));
    expect(decide({ trial: trial({ status: 'cancelled' }) })).toEqual(refused('cancelled'));
    expect(decide({ trial: trial({ academyAvailable: false }) })).toEqual(
      refused('academy_unavailable'),
    );
  });

  it('is open up to and including its deadline day in Lagos', () => {
    expect(decide({ today: '2026-06-15' }).outcome).toBe('registered');
    expect(decide({ today: '2026-06-16' })).toEqual(refused('deadline_passed'));
  });

  it('takes ages inside [min, max] on the trial date, not today', () => {
    // 15 on 2026-06-01, 16 on the trial date 2026-06-20.
    const sixteenOnTrialDay = { role: 'player' as const, dob: '2010-06-20' };
    const form = { dob: '2010-06-20', answers: [] };
    expect(
      decide({ player: sixteenOnTrialDay, form, trial: trial({ minAge: 16, maxAge: 19 }) }).outcome,
    ).toBe('registered');
    expect(
      decide({
        player: { role: 'player', dob: '2010-06-21' },
        form: { dob: '2010-06-21', answers: [] },
        trial: trial({ minAge: 16 }),
      }),
    ).toEqual(refused('age_out_of_range'));
    expect(decide({ player: sixteenOnTrialDay, form, trial: trial({ maxAge: 15 }) })).toEqual(
      refused('age_out_of_range'),
    );
    expect(ageFits({ trialDate: '2026-06-20', minAge: null, maxAge: null }, '2020-01-01')).toBe(
      true,
    );
  });

  it('takes one live registration per player', () => {
    expect(decide({ alreadyRegistered: true })).toEqual(refused('already_registered'));
  });

  it('never takes more than its limit: the last place goes, then the waitlist (§17)', () => {
    expect(decide({ trial: trial({ participantLimit: 2, registeredCount: 1 }) }).outcome).toBe(
      'registered',
    );
    expect(decide({ trial: trial({ participantLimit: 2, registeredCount: 2 }) })).toMatchObject({
      outcome: 'waitlisted',
      takesPlace: false,
      holdExpiresAt: null,
      payment: null,
    });
    // A paid trial's waitlist place opens no payment and holds nothing.
    expect(
      decide({ trial: trial({ participantLimit: 2, registeredCount: 2, feeKobo: 500_000 }) }),
    ).toMatchObject({ outcome: 'waitlisted', holdExpiresAt: null, payment: null });
    expect(
      decide({ trial: trial({ participantLimit: null, registeredCount: 5000 }) }).outcome,
    ).toBe('registered');
  });
});

describe('decideRegistration: the answers', () => {
  const withQuestions = trial({ requirementIds: [Q1, Q2] });
  const answers = (...list: [string, string][]) => ({
    dob: '2008-03-10',
    answers: list.map(([requirementId, answer]) => ({ requirementId, answer })),
  });

  it('needs exactly one non-empty answer per requirement, stored trimmed in requirement order', () => {
    const ok = decide({ trial: withQuestions, form: answers([Q2, ' Lagos FC '], [Q1, 'CM']) });
    expect(ok).toMatchObject({
      outcome: 'registered',
      answers: [
        { requirementId: Q1, answer: 'CM' },
        { requirementId: Q2, answer: 'Lagos FC' },
      ],
    });
  });

  it('refuses missing, blank, duplicated, unknown or extra answers', () => {
    const other = '00000000-0000-7000-8000-000000000009';
    for (const form of [
      answers(),
      answers([Q1, 'CM']),
      answers([Q1, 'CM'], [Q2, '   ']),
      answers([Q1, 'CM'], [Q1, 'GK']),
      answers([Q1, 'CM'], [other, 'x']),
      answers([Q1, 'CM'], [Q2, 'x'], [other, 'y']),
    ])
      expect(decide({ trial: withQuestions, form })).toEqual(refused('answers_invalid'));
    expect(decide({ form: answers([Q1, 'x']) })).toEqual(refused('answers_invalid'));
  });
});

describe('decideRegistration: what is stored', () => {
  it('a free trial registers at once, taking a place, with no hold and no payment', () => {
    expect(decide()).toEqual({
      outcome: 'registered',
      takesPlace: true,
      holdExpiresAt: null,
      payment: null,
      dob: '2008-03-10',
      answers: [],
    });
  });

  it('a paid trial holds a place for the hold time with a pending payment of its fee', () => {
    expect(decide({ trial: trial({ feeKobo: 1_250_000, currency: 'NGN' }) })).toEqual({
      outcome: 'pending_payment',
      takesPlace: true,
      holdExpiresAt: new Date('2026-06-01T10:30:00Z'),
      payment: { amountKobo: 1_250_000, currency: 'NGN' },
      dob: '2008-03-10',
      answers: [],
    });
  });

  it('checks in the order the specification lists them (the first failing rule answers)', () => {
    const everythingWrong: Partial<RegistrationFacts> = {
      trial: trial({
        status: 'cancelled',
        academyAvailable: false,
        deadline: '2026-05-01',
        minAge: 40,
        participantLimit: 1,
        registeredCount: 1,
        requirementIds: [Q1],
      }),
      alreadyRegistered: true,
      form: { dob: '2008-03-11', answers: [] },
    };
    const order = [
      'dob_mismatch',
      'cancelled',
      'academy_unavailable',
      'deadline_passed',
      'age_out_of_range',
      'already_registered',
      'answers_invalid',
    ];
    const fixes: ((f: RegistrationFacts) => void)[] = [
      (f) => (f.form = { ...f.form, dob: '2008-03-10' }),
      (f) => (f.trial = { ...f.trial!, status: 'active' }),
      (f) => (f.trial = { ...f.trial!, academyAvailable: true }),
      (f) => (f.trial = { ...f.trial!, deadline: '2026-06-15' }),
      (f) => (f.trial = { ...f.trial!, minAge: null }),
      (f) => (f.alreadyRegistered = false),
      (f) => (f.form = { ...f.form, answers: [{ requirementId: Q1, answer: 'GK' }] }),
    ];
    const current = facts(everythingWrong);
    order.forEach((reason, i) => {
      expect(decideRegistration(current)).toEqual(refused(reason));
      fixes[i]!(current);
    });
    // Every rule passed on a full trial: the waitlist, not a refusal.
    expect(decideRegistration(current).outcome).toBe('waitlisted');
    current.trial = { ...current.trial!, participantLimit: null };
    expect(decideRegistration(current).outcome).toBe('registered');
  });
});

describe('decideRegistrationCancel', () => {
  const PLAYER = '00000000-0000-7000-8000-0000000000aa';
  const locked = (
    status: string,
    trialValues: Partial<NonNullable<LockedRegistrationFacts>['trial']> = {},
  ): LockedRegistrationFacts => ({
    trial: {
      academyId: 'a',
      status: 'active',
      deadline: '2026-06-15',
      trialDate: '2026-06-20',
      ...trialValues,
    },
    registration: { playerId: PLAYER, status },
  });
  const cancel = (facts: LockedRegistrationFacts, today = TODAY) =>
    decideRegistrationCancel(facts, { playerId: PLAYER, today });

  it("the player's own pending or registered registration, before the deadline", () => {
    expect(cancel(locked('registered'))).toEqual({ ok: true });
    expect(cancel(locked('pending_payment'), '2026-06-15')).toEqual({ ok: true });
  });

  it("someone else's or a missing one reads as not found", () => {
    expect(cancel(null)).toEqual({ ok: false, reason: 'not_found' });
    expect(decideRegistrationCancel(locked('registered'), { playerId: 'x', today: TODAY })).toEqual(
      { ok: false, reason: 'not_found' },
    );
  });

  it('not after the deadline, not of a cancelled trial, not once decided or ended', () => {
    const no = { ok: false, reason: 'cannot_cancel' };
    expect(cancel(locked('registered'), '2026-06-16')).toEqual(no);
    expect(cancel(locked('registered', { status: 'cancelled' }))).toEqual(no);
    for (const status of ['rejected', 'cancelled', 'expired', 'trial_cancelled'])
      expect(cancel(locked(status))).toEqual(no);
  });

  it('a selected player may withdraw after the deadline, up to and including the trial day', () => {
    expect(cancel(locked('selected'))).toEqual({ ok: true });
    expect(cancel(locked('selected'), '2026-06-16')).toEqual({ ok: true });
    expect(cancel(locked('selected'), '2026-06-20')).toEqual({ ok: true });
    const no = { ok: false, reason: 'cannot_cancel' };
    expect(cancel(locked('selected'), '2026-06-21')).toEqual(no);
    expect(cancel(locked('selected', { status: 'cancelled' }))).toEqual(no);
    expect(decideRegistrationCancel(locked('selected'), { playerId: 'x', today: TODAY })).toEqual({
      ok: false,
      reason: 'not_found',
    });
  });

  it('a waitlisted player may leave the line up to and including the trial day', () => {
    expect(cancel(locked('waitlisted'))).toEqual({ ok: true });
    expect(cancel(locked('waitlisted'), '2026-06-20')).toEqual({ ok: true });
    const no = { ok: false, reason: 'cannot_cancel' };
    expect(cancel(locked('waitlisted'), '2026-06-21')).toEqual(no);
    expect(cancel(locked('waitlisted', { status: 'cancelled' }))).toEqual(no);
  });
});

describe('decideOutcome', () => {
  const ACADEMY = '00000000-0000-7000-8000-0000000000bb';
  const locked = (status: string): LockedRegistrationFacts => ({
    trial: {
      academyId: ACADEMY,
      status: 'active',
      deadline: '2026-06-15',
      trialDate: '2026-06-20',
    },
    registration: { playerId: 'p', status },
  });

  it('the owning academy selects or rejects registered players, and may change its mind', () => {
    expect(decideOutcome(locked('registered'), { academyId: ACADEMY, status: 'selected' })).toEqual(
      { ok: true, changed: true },
    );
    expect(decideOutcome(locked('selected'), { academyId: ACADEMY, status: 'rejected' })).toEqual({
      ok: true,
      changed: true,
    });
    expect(decideOutcome(locked('selected'), { academyId: ACADEMY, status: 'selected' })).toEqual({
      ok: true,
      changed: false,
    });
  });

  it('refuses a missing registration, another academy, and players not (or no longer) registered', () => {
    expect(decideOutcome(null, { academyId: ACADEMY, status: 'selected' })).toEqual({
      ok: false,
      reason: 'not_found',
    });
    expect(decideOutcome(locked('registered'), { academyId: 'other', status: 'selected' })).toEqual(
      { ok: false, reason: 'not_owner' },
    );
    for (const status of ['pending_payment', 'cancelled', 'expired', 'trial_cancelled'])
      expect(decideOutcome(locked(status), { academyId: ACADEMY, status: 'selected' })).toEqual({
        ok: false,
        reason: 'status_not_allowed',
      });
  });
});

describe('decideRegistration: a consented minor waits for the guardian (decision 42)', () => {
  const minor = { role: 'player' as const, dob: '2012-03-10', consentStatus: 'given' };
  const form = { dob: '2012-03-10', answers: [] };

  it('a free trial is awaiting_guardian, holding its place 48 hours, with no payment', () => {
    expect(decide({ player: minor, form })).toEqual({
      outcome: 'awaiting_guardian',
      takesPlace: true,
      holdExpiresAt: new Date(NOW.getTime() + 48 * 3600_000),
      payment: null,
      dob: '2012-03-10',
      answers: [],
    });
  });

  it('a paid trial too: the guardian pays when approving, so no payment is opened now', () => {
    const decision = decide({ player: minor, form, trial: trial({ feeKobo: 500_000 }) });
    expect(decision).toMatchObject({ outcome: 'awaiting_guardian', payment: null });
  });

  it('the place counts against capacity: a full trial waitlists the minor like anyone', () => {
    expect(
      decide({ player: minor, form, trial: trial({ participantLimit: 1, registeredCount: 1 }) }),
    ).toMatchObject({ outcome: 'waitlisted', takesPlace: false, holdExpiresAt: null });
  });

  it('an adult, or a minor without a consent record of a guardian, registers as before', () => {
    expect(decide({ player: { ...minor, consentStatus: 'not_needed' }, form })).toMatchObject({
      outcome: 'registered',
    });
    const adult = { role: 'player' as const, dob: '2000-01-01', consentStatus: 'given' };
    expect(decide({ player: adult, form: { dob: '2000-01-01', answers: [] } })).toMatchObject({
      outcome: 'registered',
    });
  });
});

describe('decideGuardianApproval', () => {
  const HOLD = new Date(NOW.getTime() + 3600_000);
  const locked = (
    values: {
      status?: string;
      holdExpiresAt?: Date | null;
      feeKobo?: number;
      trial?: 'active' | 'cancelled';
    } = {},
  ): GuardianApprovalFacts['locked'] => ({
    trial: {
      academyId: 'a',
      status: values.trial ?? 'active',
      deadline: '2026-06-15',
      trialDate: '2026-06-20',
      feeKobo: values.feeKobo ?? 0,
      currency: 'NGN',
    },
    registration: {
      playerId: 'child',
      status: values.status ?? 'awaiting_guardian',
      holdExpiresAt: values.holdExpiresAt === undefined ? HOLD : values.holdExpiresAt,
    },
  });
  const approval = (values: Partial<GuardianApprovalFacts> = {}) =>
    decideGuardianApproval({
      locked: locked(),
      linked: true,
      pendingPayment: null,
      decision: 'approve',
      now: NOW,
      ...values,
    });

  it('someone not linked to the child, or an unknown registration, reads as missing', () => {
    expect(approval({ linked: false })).toEqual({ ok: false, reason: 'not_found' });
    expect(approval({ locked: null })).toEqual({ ok: false, reason: 'not_found' });
  });

  it('approving a free trial registers it; declining frees the place', () => {
    expect(approval()).toEqual({ ok: true, action: 'register' });
    expect(approval({ decision: 'decline' })).toEqual({ ok: true, action: 'decline' });
  });

  it('approving a paid trial opens the guardian’s payment of the fee, or reuses the open one', () => {
    expect(approval({ locked: locked({ feeKobo: 250_000 }) })).toEqual({
      ok: true,
      action: 'pay',
      payment: { amountKobo: 250_000, currency: 'NGN' },
    });
    expect(
      approval({
        locked: locked({ feeKobo: 250_000 }),
        pendingPayment: { reference: 'tlp_x', payerId: 'g' },
      }),
    ).toEqual({ ok: true, action: 'pay', payment: 'open' });
  });

  it('a registration no longer waiting (decided, expired hold, cancelled trial) is closed', () => {
    expect(approval({ locked: locked({ status: 'registered' }) })).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(approval({ locked: locked({ holdExpiresAt: NOW }) })).toEqual({
      ok: false,
      reason: 'closed',
    });
    expect(approval({ locked: locked({ trial: 'cancelled' }), decision: 'decline' })).toEqual({
      ok: false,
      reason: 'closed',
    });
  });
});
