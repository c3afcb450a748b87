import { describe, expect, it } from 'vitest';
import { decidePaymentOutcome, type PaymentOutcomeFacts } from './payment-outcome';

const facts = (over: Partial<PaymentOutcomeFacts> = {}): PaymentOutcomeFacts => ({
  payment: { status: 'pending', amountKobo: 1_250_000, currency: 'NGN' },
  charged: { amountKobo: 1_250_000, currency: 'NGN' },
  registration: { status: 'pending_payment' },
  trial: { status: 'active', deadline: '2026-06-08', full: false },
  today: '2026-06-01',
  otherLiveRegistration: false,
  ...over,
});

describe('decidePaymentOutcome', () => {
  it('confirms the fee for a held place and records what was paid', () => {
    expect(decidePaymentOutcome(facts())).toEqual({
      outcome: 'confirmed',
      paidKobo: 1_250_000,
      register: 'hold',
    });
  });

  it('changes nothing for a payment already succeeded or refunded', () => {
    for (const status of ['succeeded', 'refunded'] as const)
      expect(decidePaymentOutcome(facts({ payment: { ...facts().payment, status } })).outcome).toBe(
        'unchanged',
      );
  });

  it('refunds less than the fee, or another currency, and releases the hold', () => {
    for (const charged of [
      { amountKobo: 1_000, currency: 'NGN' },
      { amountKobo: 1_250_000, currency: 'USD' },
      { amountKobo: 9_000_000, currency: 'GHS' },
    ])
      expect(decidePaymentOutcome(facts({ charged }))).toEqual({
        outcome: 'wrong_amount',
        paidKobo: charged.amountKobo,
        releaseHold: true,
      });
  });

  it('accepts more than the fee in the same currency (fees passed to the customer)', () => {
    expect(
      decidePaymentOutcome(facts({ charged: { amountKobo: 1_281_250, currency: 'ngn' } })),
    ).toEqual({ outcome: 'confirmed', paidKobo: 1_281_250, register: 'hold' });
  });

  it('re-takes an expired hold only while registration is open and a place is free', () => {
    const expired = { registration: { status: 'expired' } };
    expect(decidePaymentOutcome(facts(expired))).toMatchObject({ register: 'retake' });
    expect(decidePaymentOutcome(facts({ ...expired, today: '2026-06-09' }))).toMatchObject({
      outcome: 'needs_refund',
      reason: 'deadline_passed',
    });
    expect(
      decidePaymentOutcome(facts({ ...expired, trial: { ...facts().trial, full: true } })),
    ).toMatchObject({ outcome: 'needs_refund', reason: 'trial_full' });
    expect(
      decidePaymentOutcome(facts({ ...expired, trial: { ...facts().trial, status: 'cancelled' } })),
    ).toMatchObject({ outcome: 'needs_refund', reason: 'trial_cancelled' });
    expect(decidePaymentOutcome(facts({ ...expired, otherLiveRegistration: true }))).toMatchObject({
      outcome: 'needs_refund',
    });
  });

  it('refunds money for a cancelled registration; keeps an already registered one', () => {
    expect(decidePaymentOutcome(facts({ registration: { status: 'cancelled' } }))).toMatchObject({
      outcome: 'needs_refund',
      reason: 'not_registered',
    });
    expect(decidePaymentOutcome(facts({ registration: { status: 'registered' } }))).toMatchObject({
      outcome: 'confirmed',
      register: 'none',
    });
  });
});
