import { describe, expect, it } from 'vitest';
import { mayEvaluate } from './trials.evaluations.rules';

const base = {
  status: 'registered',
  academyVisible: true,
  checkedInAt: '2026-12-12T08:10:00.000Z',
  trialDate: '2026-12-12',
  today: '2026-12-12',
};

describe('mayEvaluate', () => {
  it('an attendee holding a place may be evaluated on the trial day and after', () => {
    expect(mayEvaluate(base)).toBe(true);
    expect(mayEvaluate({ ...base, today: '2026-12-20' })).toBe(true);
    expect(mayEvaluate({ ...base, status: 'selected' })).toBe(true);
    expect(mayEvaluate({ ...base, status: 'rejected' })).toBe(true);
  });

  it('nobody is evaluated before the trial day', () => {
    expect(mayEvaluate({ ...base, today: '2026-12-11' })).toBe(false);
  });

  it('a registration not holding a place, or hidden from the academy, is not evaluated', () => {
    for (const status of [
      'pending_payment',
      'cancelled',
      'expired',
      'trial_cancelled',
      'awaiting_guardian',
      'waitlisted',
      'no_show',
    ])
      expect(mayEvaluate({ ...base, status })).toBe(false);
    expect(mayEvaluate({ ...base, academyVisible: false })).toBe(false);
  });

  it('only a player checked in at the gate is evaluated (an attendee, decision 50)', () => {
    expect(mayEvaluate({ ...base, checkedInAt: null })).toBe(false);
    expect(mayEvaluate({ ...base, checkedInAt: null, status: 'selected' })).toBe(false);
  });
});
