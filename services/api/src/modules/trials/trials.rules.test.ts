import { describe, expect, it } from 'vitest';
import { MESSAGES, TRIAL_MESSAGES, type TrialUpdate } from '@touchline/shared';
import { decideTrialEdit, type EditedTrial, type TrialEditFacts } from './trials.rules';

const ACADEMY = '00000000-0000-7000-8000-0000000000aa';
const TODAY = '2026-06-01';

const stored = (
  values: Partial<EditedTrial> = {},
  more: { requirements?: string[]; anyRegistration?: boolean } = {},
): TrialEditFacts['stored'] => ({
  trial: {
    academyId: ACADEMY,
    status: 'active',
    sport: 'football',
    sportOther: null,
    state: 'Lagos',
    district: 'Ikeja',
    trialDate: '2026-06-20',
    deadline: '2026-06-15',
    minAge: null,
    maxAge: null,
    feeKobo: 500_000,
    registeredCount: 0,
    ...values,
  },
  requirements: more.requirements ?? ['Position?'],
  anyRegistration: more.anyRegistration ?? false,
});

const edit = (change: TrialUpdate, facts: TrialEditFacts['stored'] = stored()) =>
  decideTrialEdit({ stored: facts, editorId: ACADEMY, edit: change, today: TODAY });
const registered = (values: Partial<EditedTrial> = {}, requirements?: string[]) =>
  stored({ registeredCount: 2, ...values }, { anyRegistration: true, requirements });
const refused = (reason: string) => ({ ok: false, reason });

describe('decideTrialEdit: whose trial, in which state', () => {
  it("refuses a missing trial, another academy's, and a cancelled one", () => {
    expect(edit({ name: 'x' }, null)).toEqual(refused('not_found'));
    expect(
      decideTrialEdit({ stored: stored(), editorId: 'another', edit: {}, today: TODAY }),
    ).toEqual(refused('not_owner'));
    expect(edit({ name: 'x' }, stored({ status: 'cancelled' }))).toEqual(refused('cancelled'));
  });

  it('answers only the columns the edit sent', () => {
    expect(edit({ name: 'Lagos Open', venue: 'Onikan' })).toEqual({
      ok: true,
      changes: { name: 'Lagos Open', venue: 'Onikan' },
      requirements: null,
    });
    expect(edit({})).toEqual({ ok: true, changes: {}, requirements: null });
  });
});

describe('decideTrialEdit: before anyone registered', () => {
  it('fee, sport and requirements change freely', () => {
    expect(edit({ registration_fee: 0, sport: 'basketball' })).toEqual({
      ok: true,
      changes: { feeKobo: 0, sport: 'basketball', sportOther: null },
      requirements: null,
    });
    expect(edit({ requirements: ['Position?', 'Club?'] })).toMatchObject({
      ok: true,
      requirements: ['Position?', 'Club?'],
    });
    expect(edit({ requirements: [] })).toMatchObject({ ok: true, requirements: [] });
  });

  it("'other' takes its name; another sport clears it", () => {
    expect(edit({ sport: 'other', sport_other: 'Volleyball' })).toMatchObject({
      ok: true,
      changes: { sport: 'other', sportOther: 'Volleyball' },
    });
    expect(
      edit({ sport: 'football' }, stored({ sport: 'other', sportOther: 'Volleyball' })),
    ).toMatchObject({ ok: true, changes: { sport: 'football', sportOther: null } });
  });
});

describe('decideTrialEdit: once anyone registered', () => {
  it('the fee stays (sending the stored fee is fine)', () => {
    expect(edit({ registration_fee: 100_000 }, registered())).toEqual(refused('fee_locked'));
    expect(edit({ registration_fee: 500_000 }, registered())).toMatchObject({ ok: true });
  });

  it('the sport and its name stay', () => {
    expect(edit({ sport: 'basketball' }, registered())).toEqual(refused('sport_locked'));
    expect(edit({ sport: 'football' }, registered())).toMatchObject({ ok: true });
    const other = registered({ sport: 'other', sportOther: 'Volleyball' });
    expect(edit({ sport_other: 'Handball' }, other)).toEqual(refused('sport_locked'));
    expect(edit({ sport: 'other', sport_other: 'Volleyball' }, other)).toMatchObject({ ok: true });
  });

  it('the requirements stay (their answers refer to them); the same texts are fine', () => {
    expect(edit({ requirements: ['Another?'] }, registered())).toEqual(
      refused('requirements_locked'),
    );
    expect(edit({ requirements: ['Position?'] }, registered())).toEqual({
      ok: true,
      changes: {},
      requirements: null,
    });
  });

  it('the limit may go down to the places taken, never below', () => {
    expect(edit({ total_participant_limit: 1 }, registered())).toEqual(
      refused('limit_below_count'),
    );
    expect(edit({ total_participant_limit: 2 }, registered())).toMatchObject({
      ok: true,
      changes: { participantLimit: 2 },
    });
    expect(edit({ total_participant_limit: null }, registered())).toMatchObject({
      ok: true,
      changes: { participantLimit: null },
    });
  });

  it('everything else still changes', () => {
    expect(edit({ venue: 'Mobolaji Johnson Arena', description: 'Boots' }, registered())).toEqual({
      ok: true,
      changes: { venue: 'Mobolaji Johnson Arena', description: 'Boots' },
      requirements: null,
    });
  });
});

describe('decideTrialEdit: the merged trial keeps the cross-field rules', () => {
  const invalid = (fields: Record<string, string>) => ({ ok: false, reason: 'invalid', fields });

  it('dates: a deadline after the trial date, or a trial date not after today', () => {
    expect(edit({ deadline: '2026-06-25' })).toEqual(
      invalid({ deadline: TRIAL_MESSAGES.deadlineAfterTrial }),
    );
    // Moving the trial date before the stored deadline reports the deadline too.
    expect(edit({ trial_date: '2026-06-10' })).toEqual(
      invalid({ deadline: TRIAL_MESSAGES.deadlineAfterTrial }),
    );
    expect(edit({ trial_date: TODAY, deadline: TODAY })).toEqual(
      invalid({ trial_date: TRIAL_MESSAGES.trialDateFuture }),
    );
  });

  it('ages in order, a real state/LGA pair, a named other sport', () => {
    expect(edit({ min_age: 18 }, stored({ maxAge: 16 }))).toEqual(
      invalid({ max_age: TRIAL_MESSAGES.ageOrder }),
    );
    expect(edit({ state: 'Kano' })).toEqual(invalid({ district: MESSAGES.lgaRequired }));
    expect(edit({ sport: 'other' })).toEqual(invalid({ sport_other: MESSAGES.specifySport }));
  });

  it('a stored problem the edit did not touch is not reported', () => {
    // A trial whose date passed can still have its venue corrected.
    expect(
      edit({ venue: 'Onikan' }, stored({ trialDate: '2026-05-01', deadline: '2026-04-30' })),
    ).toMatchObject({ ok: true });
  });

  it('is checked before the locks (a 400 for the form before a 409)', () => {
    expect(edit({ registration_fee: 1, deadline: '2026-06-25' }, registered())).toMatchObject({
      reason: 'invalid',
    });
  });
});
