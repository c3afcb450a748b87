/**
 * What a verified charge means for a payment and its registration (issue 25, decisions 34 and
 * 38): a pure rule over facts the payments repository reads under its locks (trial →
 * registration → payment); the repository writes exactly what was decided. Shared because the
 * API (webhooks, verify), the worker's fixtures and the demo seed all settle payments this way.
 */

export type PaymentOutcomeFacts = {
  payment: {
    status: 'pending' | 'succeeded' | 'failed' | 'refunded';
    /** The fee asked for (kobo) and its currency. */
    amountKobo: number;
    currency: string;
  };
  /** What the provider verified it charged. */
  charged: { amountKobo: number; currency: string };
  registration: { status: string };
  trial: {
    status: 'active' | 'cancelled';
    /** `YYYY-MM-DD` (Lagos): registration is open while today <= deadline. */
    deadline: string;
    /** No place is free (participant limit reached). */
    full: boolean;
  };
  /** Lagos today (`YYYY-MM-DD`). */
  today: string;
  /** The player holds another live registration for this trial (a later attempt). */
  otherLiveRegistration: boolean;
};

export type PaymentOutcome =
  /** Already succeeded or refunded: a replay changes nothing. */
  | { outcome: 'unchanged' }
  /**
   * The wrong money (another currency, or less than the fee): the payment stays unpaid
   * (`failed`, 'amount_mismatch') with what was charged recorded, its hold is released, and the
   * money goes back (`payment.refund_requested`; the payer is told when it is refunded).
   */
  | { outcome: 'wrong_amount'; paidKobo: number; releaseHold: boolean }
  /**
   * Paid (the fee, or more: Paystack's "fees passed to the customer"; `paidKobo` is what was
   * charged). `register`: from a pending hold (`hold`), or retaking an expired hold's place
   * (`retake`, only while registration is open and a place is free), or nothing (`none`: already
   * registered by an earlier attempt).
   */
  | { outcome: 'confirmed'; paidKobo: number; register: 'hold' | 'retake' | 'none' }
  /**
   * Paid, but the registration cannot have its place (expired and the deadline passed, the
   * trial full or cancelled, or the player cancelled): refunded.
   */
  | { outcome: 'needs_refund'; paidKobo: number; reason: RefundReason };

export type RefundReason = 'deadline_passed' | 'trial_full' | 'trial_cancelled' | 'not_registered';

const KEEPS_PLACE = ['registered', 'selected', 'rejected'];

export function decidePaymentOutcome(facts: PaymentOutcomeFacts): PaymentOutcome {
  const { payment, charged, registration, trial } = facts;
  if (payment.status === 'succeeded' || payment.status === 'refunded')
    return { outcome: 'unchanged' };
  const paidKobo = charged.amountKobo;
  if (
    charged.currency.toUpperCase() !== payment.currency.toUpperCase() ||
    charged.amountKobo < payment.amountKobo
  ) {
    return {
      outcome: 'wrong_amount',
      paidKobo,
      releaseHold: registration.status === 'pending_payment',
    };
  }
  // A guardian's payment for a minor's registration confirms it like a player's own (decision 42).
  if (registration.status === 'pending_payment' || registration.status === 'awaiting_guardian')
    return { outcome: 'confirmed', paidKobo, register: 'hold' };
  if (KEEPS_PLACE.includes(registration.status))
    return { outcome: 'confirmed', paidKobo, register: 'none' };
  if (registration.status === 'expired') {
    if (trial.status !== 'active')
      return { outcome: 'needs_refund', paidKobo, reason: 'trial_cancelled' };
    // A webhook retried days later registers no one once registration closed (the deadline is
    // never after the trial date, so the trial day has passed too).
    if (facts.today > trial.deadline)
      return { outcome: 'needs_refund', paidKobo, reason: 'deadline_passed' };
    if (facts.otherLiveRegistration)
      return { outcome: 'needs_refund', paidKobo, reason: 'not_registered' };
    if (trial.full) return { outcome: 'needs_refund', paidKobo, reason: 'trial_full' };
    return { outcome: 'confirmed', paidKobo, register: 'retake' };
  }
  return {
    outcome: 'needs_refund',
    paidKobo,
    reason: trial.status === 'active' ? 'not_registered' : 'trial_cancelled',
  };
}
