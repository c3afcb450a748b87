import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase, seed } from '../testing';
import type { TestDatabase } from '../testing';
import {
  getPaymentByReference,
  listSucceededPaymentsForTrial,
  markPaymentFailed,
  claimRefund,
  isRefundable,
  markPaymentSucceeded,
  markRefunded,
  recordPaymentEvent,
} from './payments.repository';
import { expireHold } from './registration-lifecycle.repository';
import { findRegistration } from './registration-reads.repository';
import { getTrialView } from './trial-views.repository';
import { cancelTrial } from './trials.repository';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.close());

const NOW = new Date('2026-06-01T10:00:00Z');

const countOf = async (trialId: string) =>
  (await getTrialView(db, { trialId, viewerId: null }))!.registeredCount;

/** A player holding a place of a paid trial with a pending payment. */
async function pending(feeKobo = 1_250_000, participantLimit: number | null = null) {
  const w = await seed(
    db,
    {
      users: { club: { role: 'academy' }, ada: {} },
      trials: { paid: { by: 'club', feeKobo, participantLimit } },
      registrations: { ada: { trial: 'paid', player: 'ada' } },
    },
    { now: NOW },
  );
  const reg = w.registrations.ada;
  return {
    academy: w.users.club,
    trialId: w.trials.paid.id,
    player: w.users.ada,
    reg,
    reference: reg.payment!.reference,
  };
}

const succeed = (reference: string, amountKobo: number, currency = 'NGN', now = NOW) =>
  db.transaction((tx) => markPaymentSucceeded(tx, { reference, amountKobo, currency, now }));

describe('payments', () => {
  test('a proven payment confirms the registration once; a replay changes nothing', async () => {
    const { reg, reference, trialId } = await pending();
    expect(await succeed(reference, 1_250_000)).toMatchObject({
      outcome: 'confirmed',
      confirmed: true,
      retaken: false,
    });
    expect(await succeed(reference, 1_250_000)).toMatchObject({ outcome: 'unchanged' });
    expect(await findRegistration(db, reg.registration.id)).toMatchObject({
      status: 'registered',
      holdExpiresAt: null,
    });
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'succeeded',
      paidAt: NOW,
    });
    expect(await countOf(trialId)).toBe(1);
    // A hold that ran out afterwards does not touch a confirmed registration.
    const later = await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: reg.registration.id,
        now: new Date('2026-06-02T00:00:00Z'),
      }),
    );
    expect(later.expired).toBe(false);
  });

  test('a replayed provider event is recorded once', async () => {
    const { reference } = await pending();
    const payment = await getPaymentByReference(db, reference);
    const event = {
      paymentId: payment!.id,
      provider: 'paystack' as const,
      dedupeKey: `evt-${reference}`,
      kind: 'charge.success',
      raw: { event: 'charge.success', data: { reference } },
      signatureValid: true,
    };
    expect(await recordPaymentEvent(db, event)).toBe(true);
    expect(await recordPaymentEvent(db, event)).toBe(false);
  });

  test('a wrong amount or currency fails the payment, records what was charged, frees the place and asks for a refund', async () => {
    const { reg, reference, trialId } = await pending(1_250_000, 5);
    expect(await countOf(trialId)).toBe(1);
    expect(await succeed(reference, 1_000)).toMatchObject({
      outcome: 'amount_mismatch',
      expiredRegistrationId: reg.registration.id,
    });
    const payment = await getPaymentByReference(db, reference);
    expect(payment).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
      paidAmountKobo: 1_000,
    });
    expect(isRefundable(payment!)).toBe(true);
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('expired');
    expect(await countOf(trialId)).toBe(0);
    // The refund marks it refunded like any paid payment.
    expect(
      (await markRefunded(db, { paymentId: payment!.id, refundReference: 'rf_m', now: NOW }))
        .changed,
    ).toBe(true);

    const other = await pending();
    expect(await succeed(other.reference, 1_250_000, 'USD')).toMatchObject({
      outcome: 'amount_mismatch',
    });
  });

  test('an overpayment of the same currency is accepted and what was paid is recorded', async () => {
    const { reg, reference } = await pending(1_250_000);
    // Paystack's "fees passed to the customer": the fee plus the provider's charge.
    expect(await succeed(reference, 1_281_250)).toMatchObject({
      outcome: 'confirmed',
      confirmed: true,
    });
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'succeeded',
      amountKobo: 1_250_000,
      paidAmountKobo: 1_281_250,
    });
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('registered');
  });

  test('money for an expired hold arriving after the deadline is refunded, never re-takes the place', async () => {
    const { reg, reference, trialId } = await pending(500_000, 3);
    await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: reg.registration.id,
        now: new Date('2026-06-01T12:00:00Z'),
      }),
    );
    // The deadline is a week after NOW; the webhook is retried ten days later.
    const late = new Date('2026-06-11T10:00:00Z');
    expect(await succeed(reference, 500_000, 'NGN', late)).toMatchObject({
      outcome: 'needs_refund',
      reason: 'deadline_passed',
    });
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('expired');
    expect(await countOf(trialId)).toBe(0);
  });

  test('a refund is claimed once, however many ask at the same moment', async () => {
    const { reference } = await pending(400_000);
    await succeed(reference, 400_000);
    const payment = (await getPaymentByReference(db, reference))!;
    const claim = () =>
      claimRefund(db, { paymentId: payment.id, now: NOW, staleBefore: new Date(0) });
    const claims = await Promise.all([claim(), claim(), claim(), claim()]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    // A claim older than staleBefore (its holder died) may be taken again.
    expect(
      await claimRefund(db, {
        paymentId: payment.id,
        now: new Date(NOW.getTime() + 60_000),
        staleBefore: new Date(NOW.getTime() + 1),
      }),
    ).toBe(true);
  });

  test('money after an expired hold takes a free place again, or is refunded when none is left', async () => {
    const { reg, reference, trialId } = await pending(500_000, 1);
    await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: reg.registration.id,
        now: new Date('2026-06-01T12:00:00Z'),
      }),
    );
    expect(await countOf(trialId)).toBe(0);
    expect(await succeed(reference, 500_000)).toMatchObject({
      outcome: 'confirmed',
      retaken: true,
    });
    expect(await countOf(trialId)).toBe(1);
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('registered');

    const full = await pending(500_000, 1);
    await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: full.reg.registration.id,
        now: new Date('2026-06-01T12:00:00Z'),
      }),
    );
    // Someone else takes the freed place; the late money goes back.
    await seed(db, {
      users: { bola: {} },
      registrations: {
        bola: { trial: { id: full.trialId }, player: 'bola', status: 'registered' },
      },
    });
    expect(await succeed(full.reference, 500_000)).toMatchObject({ outcome: 'needs_refund' });
    expect(await countOf(full.trialId)).toBe(1);
  });

  test('a failed charge releases the hold at once', async () => {
    const { reg, reference, trialId } = await pending(500_000, 1);
    const fail = () =>
      db.transaction((tx) => markPaymentFailed(tx, { reference, reason: 'declined', now: NOW }));
    expect(await fail()).toMatchObject({
      changed: true,
      expiredRegistrationId: reg.registration.id,
    });
    expect(await countOf(trialId)).toBe(0);
    expect((await fail()).changed).toBe(false);
  });

  test('a cancelled trial lists its succeeded payments; refunds are recorded once; late money goes back', async () => {
    const { academy, trialId, reference, reg } = await pending(700_000);
    await succeed(reference, 700_000);
    const late = await seed(db, {
      users: { bola: {} },
      registrations: { held: { trial: { id: trialId }, player: 'bola' } },
    });
    const held = late.registrations.held;
    const result = await db.transaction((tx) =>
      cancelTrial(tx, { trialId, academyId: academy.id, reason: 'Pitch flooded', at: NOW }),
    );
    if (!result.ok) throw new Error(result.error);
    const payment = await getPaymentByReference(db, reference);
    expect(result.succeededPayments).toEqual([
      { id: payment!.id, registrationId: reg.registration.id },
    ]);
    expect((await listSucceededPaymentsForTrial(db, trialId)).map((p) => p.id)).toEqual([
      payment!.id,
    ]);
    // Late money for the cancelled trial goes back.
    expect(await succeed(held.payment!.reference, 700_000)).toMatchObject({
      outcome: 'needs_refund',
    });

    const refund = () =>
      markRefunded(db, { paymentId: payment!.id, refundReference: 'rf_1', now: NOW });
    expect(await refund()).toEqual({ changed: true, registrationId: reg.registration.id });
    expect((await refund()).changed).toBe(false);
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'refunded',
      refundReference: 'rf_1',
    });
  });
});
