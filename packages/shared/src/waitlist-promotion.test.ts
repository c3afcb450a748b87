import { describe, expect, it } from 'vitest';
import { decidePromotion, placesToPromote, type PromotionTrialFacts } from './waitlist-promotion';

const trial = (values: Partial<PromotionTrialFacts> = {}): PromotionTrialFacts => ({
  status: 'active',
  trialDate: '2026-06-20',
  participantLimit: 10,
  registeredCount: 8,
  feeKobo: 0,
  ...values,
});
const NOW = new Date('2026-06-10T09:00:00Z');
const TODAY = '2026-06-10';
const adult = { dob: '2000-01-01', consentStatus: 'not_needed' };

describe('placesToPromote', () => {
  it('the free places of an active trial, up to and including its day', () => {
    expect(placesToPromote(trial(), TODAY)).toBe(2);
    expect(placesToPromote(trial({ registeredCount: 10 }), TODAY)).toBe(0);
    expect(placesToPromote(trial(), '2026-06-20')).toBe(2);
    expect(placesToPromote(trial(), '2026-06-21')).toBe(0);
  });

  it('none for a cancelled trial; everyone when the limit is removed', () => {
    expect(placesToPromote(trial({ status: 'cancelled' }), TODAY)).toBe(0);
    expect(placesToPromote(trial({ participantLimit: null }), TODAY)).toBeNull();
    // A counter above the limit (never, but) promotes no one.
    expect(placesToPromote(trial({ registeredCount: 12 }), TODAY)).toBe(0);
  });
});

describe('decidePromotion', () => {
  it('a free trial registers at once, shown to the academy', () => {
    expect(decidePromotion({ trial: trial(), player: adult, today: TODAY, now: NOW })).toEqual({
      status: 'registered',
      holdExpiresAt: null,
      academyVisible: true,
    });
  });

  it('a paid trial holds the place 30 minutes for the player’s payment', () => {
    expect(
      decidePromotion({
        trial: trial({ feeKobo: 500_000 }),
        player: adult,
        today: TODAY,
        now: NOW,
      }),
    ).toEqual({
      status: 'pending_payment',
      holdExpiresAt: new Date('2026-06-10T09:30:00Z'),
      academyVisible: true,
    });
  });

  it('a consented minor waits 48 hours for the guardian, hidden from the academy (decision 42)', () => {
    const minor = { dob: '2010-03-01', consentStatus: 'given' };
    for (const feeKobo of [0, 500_000])
      expect(
        decidePromotion({ trial: trial({ feeKobo }), player: minor, today: TODAY, now: NOW }),
      ).toEqual({
        status: 'awaiting_guardian',
        holdExpiresAt: new Date('2026-06-12T09:00:00Z'),
        academyVisible: false,
      });
    // Turned 18 since joining the line: decided as an adult now.
    expect(
      decidePromotion({
        trial: trial(),
        player: { dob: '2008-06-10', consentStatus: 'given' },
        today: TODAY,
        now: NOW,
      }).status,
    ).toBe('registered');
  });
});
