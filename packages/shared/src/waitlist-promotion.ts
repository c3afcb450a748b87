import { ageOn } from './dates';
import { LIMITS } from './limits';

/**
 * The waitlist's rules (supplement §17, decision 49), pure over facts the waitlist repository
 * reads under the trial's row lock; the repository writes exactly what was decided. Shared
 * because the promotion runs wherever a place frees: the API (cancellation, decline, a higher
 * limit), the worker (expired holds) and the payments repository (a failed charge).
 */

export type PromotionTrialFacts = {
  status: 'active' | 'cancelled';
  /** `YYYY-MM-DD`. */
  trialDate: string;
  participantLimit: number | null;
  registeredCount: number;
  feeKobo: number;
};

/**
 * How many of the line take a place now: none for a cancelled trial or once its day has passed
 * (Lagos), every one when there is no limit (null), else the free places.
 */
export function placesToPromote(trial: PromotionTrialFacts, today: string): number | null {
  if (trial.status !== 'active' || today > trial.trialDate) return 0;
  if (trial.participantLimit === null) return null;
  return Math.max(0, trial.participantLimit - trial.registeredCount);
}

export type PromotionDecision = {
  status: 'registered' | 'pending_payment' | 'awaiting_guardian';
  /** Until when the place is held (payment 30 minutes, guardian 48 hours), or null. */
  holdExpiresAt: Date | null;
  /** The academy may see it (not a minor's waiting for a guardian, decision 42). */
  academyVisible: boolean;
};

/**
 * What a promoted registration becomes, as registering would decide it now: a consented minor
 * (consent `given`, under 18 on Lagos today) waits for the guardian, hidden from the academy, 48
 * hours; otherwise a free trial registers at once and a paid one holds the place 30 minutes for
 * the player's payment.
 */
export function decidePromotion(input: {
  trial: Pick<PromotionTrialFacts, 'feeKobo'>;
  player: { dob: string; consentStatus: string };
  today: string;
  now: Date;
}): PromotionDecision {
  const at = (minutes: number) => new Date(input.now.getTime() + minutes * 60_000);
  if (input.player.consentStatus === 'given' && ageOn(input.player.dob, input.today) < 18)
    return {
      status: 'awaiting_guardian',
      holdExpiresAt: at(LIMITS.guardianHoldMinutes),
      academyVisible: false,
    };
  if (input.trial.feeKobo <= 0)
    return { status: 'registered', holdExpiresAt: null, academyVisible: true };
  return {
    status: 'pending_payment',
    holdExpiresAt: at(LIMITS.paymentHoldMinutes),
    academyVisible: true,
  };
}
