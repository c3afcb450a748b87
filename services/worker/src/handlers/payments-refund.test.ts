import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimRefund, getPaymentById, markPaymentSucceeded } from '@touchline/db/payments';
import { cancelTrial } from '@touchline/db/trials';
import {
  createPaystackProvider,
  type PaymentProvider,
  type SandboxPaymentProvider,
} from '@touchline/drivers';
import { startFakePaystack, type FakePaystack } from '@touchline/drivers/testing';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import {
  NOW,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  outboxEvents,
  payTestRegistration,
  registerTestPlayer,
} from '../testing/trial-fixtures';
import { createRefundHandler, refundPayment } from './payments-refund';
import { createRefundTrialHandler } from './payments-refund-trial';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
let fake: FakePaystack;
let paystack: PaymentProvider;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
  fake = await startFakePaystack();
  paystack = createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl });
}, 120_000);
afterAll(async () => {
  await fake?.close();
  await h?.env.close();
});

let n = 0;
const sandbox = () => h.drivers.payments as SandboxPaymentProvider;
const refundedEvents = async (paymentId: string) =>
  (await outboxEvents(h.env.db, 'payment.refunded')).filter((p) => p.paymentId === paymentId);

/** A trial with `count` registrants who paid through `provider` (initialised and settled there). */
async function paidTrial(provider: PaymentProvider, count: number, feeKobo = 1_250_000) {
  const academy = await createTestAcademy(h.env.db, `Refund FC ${++n}`);
  const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo });
  const payments = [];
  for (let i = 0; i < count; i++) {
    const player = await createTestPlayer(h.env.db);
    const { payment } = await registerTestPlayer(h.env.db, trialId, player.id, {
      provider: provider.kind,
    });
    await provider.initialize({
      reference: payment!.reference,
      amountKobo: payment!.amountKobo,
      currency: payment!.currency,
      email: `payer-${n}-${i}@example.test`,
      callbackUrl: 'http://localhost/payment_success',
    });
    if (provider.kind === 'paystack') fake.settle(payment!.reference, 'success');
    else await sandbox().checkout(payment!.reference, 'success');
    await payTestRegistration(h.env.db, payment!);
    payments.push(payment!);
  }
  return { academy, trialId, payments };
}

const cancel = (trialId: string, academyId: string) =>
  h.env.db.transaction((tx) =>
    cancelTrial(tx, { trialId, academyId, reason: 'Venue closed', at: NOW }),
  );

describe('payments.refund_trial', () => {
  it('refunds every paid registration of a cancelled trial through Paystack, once however often it runs', async () => {
    const { academy, trialId, payments } = await paidTrial(paystack, 2);
    const deps = { db: h.env.db, payments: paystack, clock: () => NOW };
    const handle = createRefundTrialHandler(deps);

    // Not cancelled: nothing is refunded.
    await runJob(handle, 'payments.refund_trial', 'early', { trialId });
    expect(fake.callsTo('/refund')).toHaveLength(0);

    await cancel(trialId, academy.id);
    await runJob(handle, 'payments.refund_trial', 'x', { trialId });
    await runJob(handle, 'payments.refund_trial', 'x', { trialId });
    for (const payment of payments) {
      const tx = fake.transaction(payment.reference)!;
      expect(tx.refunds).toHaveLength(1);
      expect(tx.refunds[0]!.amount).toBe(1_250_000);
      expect(await getPaymentById(h.env.db, payment.id)).toMatchObject({
        status: 'refunded',
        refundReference: String(tx.refunds[0]!.id),
        refundedAt: NOW,
      });
      expect(await refundedEvents(payment.id)).toHaveLength(1);
    }
    expect(fake.callsTo('/refund')).toHaveLength(2);
  });

  it('a job that died after the provider refunded does not refund again when retried', async () => {
    const { academy, trialId, payments } = await paidTrial(paystack, 1, 300_000);
    await cancel(trialId, academy.id);
    const payment = payments[0]!;
    let crashes = 1;
    const dying: PaymentProvider = {
      ...paystack,
      kind: paystack.kind,
      signatureHeader: paystack.signatureHeader,
      async refund(input) {
        const result = await paystack.refund(input);
        if (crashes-- > 0) throw new Error('process killed before the refund was recorded');
        return result;
      },
    };
    const deps = { db: h.env.db, payments: dying, clock: () => NOW };
    await expect(
      runJob(createRefundTrialHandler(deps), 'payments.refund_trial', 'y', { trialId }),
    ).rejects.toThrow(/killed/);
    expect((await getPaymentById(h.env.db, payment.id))!.status).toBe('succeeded');

    // The retry (and a concurrent single refund job) find the money already back.
    await runJob(createRefundTrialHandler(deps), 'payments.refund_trial', 'y', { trialId });
    await runJob(createRefundHandler(deps), 'payments.refund', payment.id, {
      paymentId: payment.id,
    });
    expect(fake.transaction(payment.reference)!.refunds).toHaveLength(1);
    expect((await getPaymentById(h.env.db, payment.id))!.status).toBe('refunded');
    expect(await refundedEvents(payment.id)).toHaveLength(1);
  });

  it('a Paystack outage fails the job for a retry, with nothing marked', async () => {
    const { academy, trialId, payments } = await paidTrial(paystack, 1, 200_000);
    await cancel(trialId, academy.id);
    const deps = { db: h.env.db, payments: paystack, clock: () => NOW };
    fake.failWith(503);
    try {
      await expect(
        runJob(createRefundTrialHandler(deps), 'payments.refund_trial', 'z', { trialId }),
      ).rejects.toThrow(/1 of 1 refunds failed/);
    } finally {
      fake.failWith(null);
    }
    expect((await getPaymentById(h.env.db, payments[0]!.id))!.status).toBe('succeeded');
    await runJob(createRefundTrialHandler(deps), 'payments.refund_trial', 'z', { trialId });
    expect((await getPaymentById(h.env.db, payments[0]!.id))!.status).toBe('refunded');
    expect(fake.transaction(payments[0]!.reference)!.refunds).toHaveLength(1);
  });
});

describe('payments.refund: one request per payment (issue 25)', () => {
  it('the player’s-cancel refund and the trial-cancel refund at once make exactly one Paystack refund request', async () => {
    const { academy, trialId, payments } = await paidTrial(paystack, 1, 450_000);
    const payment = payments[0]!;
    await cancel(trialId, academy.id);
    const deps = { db: h.env.db, payments: paystack, clock: () => NOW };
    // Paystack answers slowly: both jobs are in flight together.
    fake.delay(200);
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      outcomes = await Promise.allSettled([
        runJob(createRefundHandler(deps), 'payments.refund', payment.id, {
          paymentId: payment.id,
        }),
        runJob(createRefundTrialHandler(deps), 'payments.refund_trial', `c-${trialId}`, {
          trialId,
        }),
        refundPayment(deps, payment.id),
      ]);
    } finally {
      fake.delay(0);
    }
    const refundCalls = fake
      .callsTo('/refund')
      .filter((call) => (call.body as { transaction?: string }).transaction === payment.reference);
    expect(refundCalls).toHaveLength(1);
    // Whoever lost the claim either saw the money back or fails for a retry.
    for (const outcome of outcomes)
      if (outcome.status === 'rejected')
        expect(String(outcome.reason)).toMatch(/already being requested|refunds failed/);

    // The retries settle: refunded once, told once, still one request.
    await runJob(createRefundHandler(deps), 'payments.refund', payment.id, {
      paymentId: payment.id,
    });
    await runJob(createRefundTrialHandler(deps), 'payments.refund_trial', `c2-${trialId}`, {
      trialId,
    });
    expect(await getPaymentById(h.env.db, payment.id)).toMatchObject({ status: 'refunded' });
    expect(fake.transaction(payment.reference)!.refunds).toHaveLength(1);
    expect(await refundedEvents(payment.id)).toHaveLength(1);
  });

  it('a claimed refund whose provider already gave the money back is settled by the provider’s view', async () => {
    const { payments } = await paidTrial(paystack, 1, 350_000);
    const payment = payments[0]!;
    const deps = { db: h.env.db, payments: paystack, clock: () => NOW };
    // Another attempt claimed and Paystack refunded, but its answer was never recorded.
    await claimRefund(h.env.db, { paymentId: payment.id, now: NOW, staleBefore: new Date(0) });
    await paystack.refund({ reference: payment.reference });
    expect(await refundPayment(deps, payment.id)).toBe('refunded');
    expect(fake.transaction(payment.reference)!.refunds).toHaveLength(1);
    expect((await getPaymentById(h.env.db, payment.id))!.status).toBe('refunded');
  });

  it('money charged in the wrong amount goes back through Paystack and the payer is told', async () => {
    const academy = await createTestAcademy(h.env.db, `Refund FC ${++n}`);
    const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo: 600_000 });
    const player = await createTestPlayer(h.env.db);
    const { payment } = await registerTestPlayer(h.env.db, trialId, player.id, {
      provider: 'paystack',
    });
    await paystack.initialize({
      reference: payment!.reference,
      amountKobo: payment!.amountKobo,
      currency: payment!.currency,
      email: `short-${n}@example.test`,
      callbackUrl: 'http://localhost/payment_success',
    });
    fake.settle(payment!.reference, 'success', { amount: 60_000 });
    const settled = await h.env.db.transaction((tx) =>
      markPaymentSucceeded(tx, {
        reference: payment!.reference,
        amountKobo: 60_000,
        currency: 'NGN',
        now: NOW,
      }),
    );
    expect(settled.outcome).toBe('amount_mismatch');
    const deps = { db: h.env.db, payments: paystack, clock: () => NOW };
    expect(await refundPayment(deps, payment!.id)).toBe('refunded');
    expect(fake.transaction(payment!.reference)!.refunds).toEqual([
      expect.objectContaining({ amount: 60_000 }),
    ]);
    expect(await refundedEvents(payment!.id)).toHaveLength(1);
  });
});

describe('payments.refund (sandbox)', () => {
  it('refunds one payment with the sandbox provider, records its reference and tells once', async () => {
    const { payments } = await paidTrial(h.drivers.payments, 1, 500_000);
    const payment = payments[0]!;
    await h.run('payments.refund', payment.id, { paymentId: payment.id });
    await h.run('payments.refund', payment.id, { paymentId: payment.id });
    expect(await getPaymentById(h.env.db, payment.id)).toMatchObject({
      status: 'refunded',
      refundReference: `sbr_${payment.reference}`,
    });
    expect((await sandbox().charge(payment.reference))!.refunded).toBe(true);
    expect(await refundedEvents(payment.id)).toHaveLength(1);
  });

  it('a payment never paid is not refunded', async () => {
    const academy = await createTestAcademy(h.env.db, `Refund FC ${++n}`);
    const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo: 100_000 });
    const player = await createTestPlayer(h.env.db);
    const { payment } = await registerTestPlayer(h.env.db, trialId, player.id);
    await h.run('payments.refund', payment!.id, { paymentId: payment!.id });
    expect((await getPaymentById(h.env.db, payment!.id))!.status).toBe('pending');
    expect(await refundedEvents(payment!.id)).toEqual([]);
  });
});
