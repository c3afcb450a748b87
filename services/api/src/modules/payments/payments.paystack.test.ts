import { createHmac } from 'node:crypto';
import { startFakePaystack, type FakePaystack } from '@touchline/drivers/testing';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createTrial, register } from '../trials/trials.test-support';
import { PAYMENT_READS_PER_MINUTE } from './payments.routes';
import { VERIFY_CACHE_MS } from './payments.service';
import {
  FEE,
  academy,
  outboxOf,
  paidRegistration,
  player,
  postWebhook,
  readPayment,
  storedEvents,
  storedPayment,
  storedRegistration,
} from './payments.test-support';

let t: TestApp;
let paystack: FakePaystack;
/** The app's clock runs with real time, moved on by this much (the verify cache's window). */
let clockOffsetMs = 0;

beforeAll(async () => {
  paystack = await startFakePaystack();
  t = await createTestApp({
    clock: () => new Date(Date.now() + clockOffsetMs),
    env: {
      PAYMENT_PROVIDER: 'paystack',
      PAYSTACK_SECRET_KEY: paystack.secretKey,
      PAYSTACK_BASE_URL: paystack.baseUrl,
      PUBLIC_URL: 'https://touchline.example.ng',
    },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await paystack?.close();
});
beforeEach(() => {
  paystack.failWith(null);
});

const verifyCalls = (reference: string) =>
  paystack.callsTo(`/transaction/verify/${reference}`).length;

describe('Paystack: what the web client is told', () => {
  it('no test-payments notice, and only Paystack’s checkout host may be followed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toMatchObject({
      test_payments: false,
      checkout_host: 'checkout.paystack.com',
    });
  });
});

describe('Paystack: starting a payment', () => {
  it('initialises the transaction in kobo and NGN with the payer’s e-mail and our callback URL', async () => {
    const { payer, reference, authorizationUrl } = await paidRegistration(t);
    expect(reference).toMatch(/^tlp_[0-9a-f]{24}$/);
    expect(authorizationUrl).toMatch(new RegExp(`^${paystack.baseUrl}/checkout/`));
    const call = paystack
      .callsTo('/transaction/initialize')
      .find((c) => (c.body as { reference?: string }).reference === reference);
    expect(call?.authorization).toBe(`Bearer ${paystack.secretKey}`);
    expect(call?.body).toEqual({
      email: payer.email,
      amount: FEE,
      currency: 'NGN',
      reference,
      callback_url: `https://touchline.example.ng/payment_success?reference=${reference}`,
    });
    expect((await storedPayment(t, reference)).authorizationUrl).toBe(authorizationUrl);
  });

  it('gives Paystack the account’s address, never the one typed into the form (its receipt goes there)', async () => {
    const owner = await academy(t);
    const trial = await createTrial(owner, { registration_fee: FEE });
    const payer = await player(t);
    const res = await register(payer, trial, { email: 'someone.else@example.test' });
    expect(res.statusCode, res.body).toBe(201);
    const reference = (res.json() as { payment: { reference: string } }).payment.reference;
    const call = paystack
      .callsTo('/transaction/initialize')
      .find((c) => (c.body as { reference?: string }).reference === reference);
    expect(call?.body).toMatchObject({ email: payer.email, reference });
  });

  it('answers 502 when Paystack is down, and the place is released', async () => {
    const owner = await academy(t);
    const trial = await createTrial(owner, { registration_fee: FEE, total_participant_limit: 1 });
    const payer = await player(t);
    paystack.failWith(503);
    const res = await register(payer, trial);
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'payments.unavailable',
      message: 'Payments are unavailable right now, please try again later',
    });
    const details = (await payer.call('GET', `/api/trial/${trial.id}`)).json();
    expect(details).toMatchObject({ registered_count: 0, places_left: 1 });
  });
});

describe('Paystack webhook', () => {
  it('a valid webhook confirms the payment (after a verify call) and the registration', async () => {
    const { payer, owner, reference, registrationId } = await paidRegistration(t);
    paystack.settle(reference, 'success');
    const res = await postWebhook(t, 'paystack', paystack.webhook('charge.success', reference));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(verifyCalls(reference)).toBe(1);

    const seen = await readPayment(payer, reference);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({
      reference,
      status: 'succeeded',
      amount: FEE,
      currency: 'NGN',
      provider: 'paystack',
      registration: { id: registrationId, status: 'registered' },
    });
    expect(seen.json().paid_at).not.toBeNull();
    expect((await readPayment(owner, reference)).json().status).toBe('succeeded');
    expect(await outboxOf(t, 'registration.confirmed')).toContainEqual({ registrationId });
  });

  it('refuses a forged signature with 401 and changes nothing', async () => {
    const { reference, registrationId } = await paidRegistration(t);
    paystack.settle(reference, 'success');
    const payment = await storedPayment(t, reference);
    for (const hook of [
      paystack.webhook('charge.success', reference, 'sk_test_forger'),
      {
        ...paystack.webhook('charge.success', reference),
        headers: { 'content-type': 'application/json' },
      },
    ]) {
      const res = await postWebhook(t, 'paystack', hook);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        code: 'payments.bad_signature',
        message: 'Invalid signature',
      });
    }
    // A genuine signature over other bytes: the body was altered after signing.
    const genuine = paystack.webhook('charge.success', reference);
    const altered = Buffer.from(
      genuine.rawBody.toString().replace(`"${reference}"`, `"${reference} "`),
    );
    expect((await postWebhook(t, 'paystack', { ...genuine, rawBody: altered })).statusCode).toBe(
      401,
    );

    expect(verifyCalls(reference)).toBe(0);
    expect(await storedEvents(t, payment.id)).toEqual([]);
    expect((await storedPayment(t, reference)).status).toBe('pending');
    expect((await storedRegistration(t, registrationId)).status).toBe('pending_payment');
  });

  it('a replayed webhook changes nothing', async () => {
    const { payer, reference, registrationId } = await paidRegistration(t);
    paystack.settle(reference, 'success');
    const hook = paystack.webhook('charge.success', reference);
    expect((await postWebhook(t, 'paystack', hook)).statusCode).toBe(200);
    const payment = await storedPayment(t, reference);
    const events = await storedEvents(t, payment.id);
    const confirmed = (await outboxOf(t, 'registration.confirmed')).length;

    for (let i = 0; i < 3; i++) {
      const again = await postWebhook(t, 'paystack', hook);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ received: true });
    }
    expect(await storedPayment(t, reference)).toEqual(payment);
    expect(await storedEvents(t, payment.id)).toHaveLength(events.length);
    expect(await outboxOf(t, 'registration.confirmed')).toHaveLength(confirmed);
    expect(verifyCalls(reference)).toBe(1);
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'succeeded',
      registration: { id: registrationId, status: 'registered' },
    });
  });

  it('a wrong amount or currency fails the payment, frees the place and sends the money back', async () => {
    for (const charged of [{ amount: FEE - 100 }, { currency: 'USD' }]) {
      const { payer, reference, registrationId } = await paidRegistration(t);
      paystack.settle(reference, 'success', charged);
      const res = await postWebhook(t, 'paystack', paystack.webhook('charge.success', reference));
      expect(res.statusCode).toBe(200);
      const seen = (await readPayment(payer, reference)).json();
      expect(seen.status).toBe('failed');
      expect(seen.registration.status).not.toBe('registered');
      const stored = await storedPayment(t, reference);
      expect(stored).toMatchObject({
        failureReason: 'amount_mismatch',
        paidAmountKobo: charged.amount ?? FEE,
      });
      expect((await storedRegistration(t, registrationId)).status).toBe('expired');
      // The charged money goes back: the worker refunds, and the payer is told when it has.
      expect(await outboxOf(t, 'payment.refund_requested')).toContainEqual({
        paymentId: stored.id,
      });
      // The verify answer is kept with the payment's events.
      const kinds = (await storedEvents(t, (await storedPayment(t, reference)).id)).map(
        (e) => e.kind,
      );
      expect(kinds).toEqual(expect.arrayContaining(['charge.success', 'verify.success']));
    }
  });

  it('an overpayment in the fee’s currency (fees passed to the customer) registers and records what was paid', async () => {
    const { payer, reference, registrationId } = await paidRegistration(t);
    paystack.settle(reference, 'success', { amount: FEE + 2_500 });
    const res = await postWebhook(t, 'paystack', paystack.webhook('charge.success', reference));
    expect(res.statusCode).toBe(200);
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'succeeded',
      amount: FEE,
    });
    expect((await storedPayment(t, reference)).paidAmountKobo).toBe(FEE + 2_500);
    expect((await storedRegistration(t, registrationId)).status).toBe('registered');
  });

  it('the webhook body alone proves nothing: Paystack’s verify answer decides', async () => {
    const { reference, registrationId } = await paidRegistration(t);
    // Signed and well-formed, but Paystack has not seen the money.
    const res = await postWebhook(t, 'paystack', paystack.webhook('charge.success', reference));
    expect(res.statusCode).toBe(200);
    expect(verifyCalls(reference)).toBe(1);
    expect((await storedPayment(t, reference)).status).toBe('pending');
    expect((await storedRegistration(t, registrationId)).status).toBe('pending_payment');
  });

  it('a failed charge fails the payment and releases the place', async () => {
    const { payer, reference } = await paidRegistration(t);
    paystack.settle(reference, 'failed');
    expect(
      (await postWebhook(t, 'paystack', paystack.webhook('charge.failed', reference))).statusCode,
    ).toBe(200);
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'failed',
      registration: { status: 'expired' },
    });
  });

  it('answers 503 while Paystack cannot verify, and the redelivery confirms', async () => {
    const { payer, reference } = await paidRegistration(t);
    paystack.settle(reference, 'success');
    const hook = paystack.webhook('charge.success', reference);
    paystack.failWith(500);
    const res = await postWebhook(t, 'paystack', hook);
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('payments.unavailable');
    expect((await storedPayment(t, reference)).status).toBe('pending');
    paystack.failWith(null);
    expect((await postWebhook(t, 'paystack', hook)).statusCode).toBe(200);
    expect((await readPayment(payer, reference)).json().status).toBe('succeeded');
  });

  it('a signed event about an unknown reference is kept and answered 200', async () => {
    const unknown = 'tlp_000000000000000000000000';
    const { reference } = await paidRegistration(t);
    const { rawBody } = paystack.webhook('charge.success', reference);
    const other = Buffer.from(rawBody.toString().replaceAll(reference, unknown));
    const signature = createHmac('sha512', paystack.secretKey).update(other).digest('hex');
    const res = await postWebhook(t, 'paystack', {
      rawBody: other,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(res.statusCode).toBe(200);
    expect(verifyCalls(unknown)).toBe(0);
  });
});

describe('the browser’s return', () => {
  it('never confirms: /payment_success changes nothing, and the read verifies with Paystack', async () => {
    const { payer, reference, registrationId } = await paidRegistration(t);
    const landing = await t.app.inject({
      method: 'GET',
      url: `/payment_success?reference=${reference}&trxref=${reference}`,
    });
    expect(landing.statusCode).toBe(200);
    expect((await storedPayment(t, reference)).status).toBe('pending');

    // The page reads the payment: Paystack has not seen the money, so it stays pending.
    const seen = (await readPayment(payer, reference)).json();
    expect(seen).toMatchObject({ status: 'pending', registration: { status: 'pending_payment' } });
    expect((await storedRegistration(t, registrationId)).status).toBe('pending_payment');

    // Once Paystack has it, a read after the verify cache's few seconds confirms, webhook or not.
    paystack.settle(reference, 'success');
    clockOffsetMs += VERIFY_CACHE_MS;
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'succeeded',
      registration: { status: 'registered' },
    });
  });
});

describe('provider calls are bounded (issue 25)', () => {
  it('a polled pending payment asks Paystack once per few seconds, however often it is read', async () => {
    const { payer, reference } = await paidRegistration(t);
    const before = verifyCalls(reference);
    const reads = await Promise.all(Array.from({ length: 5 }, () => readPayment(payer, reference)));
    for (const read of reads) expect(read.json()).toMatchObject({ status: 'pending' });
    expect((await readPayment(payer, reference)).json()).toMatchObject({ status: 'pending' });
    expect(verifyCalls(reference) - before).toBe(1);
    clockOffsetMs += VERIFY_CACHE_MS;
    await readPayment(payer, reference);
    expect(verifyCalls(reference) - before).toBe(2);
  });

  it('a payer reading payments faster than the page polls is refused with 429', async () => {
    const { payer, reference } = await paidRegistration(t);
    const statuses: number[] = [];
    for (let i = 0; i < PAYMENT_READS_PER_MINUTE + 1; i++)
      statuses.push((await readPayment(payer, reference)).statusCode);
    expect(statuses.slice(0, PAYMENT_READS_PER_MINUTE).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // Another payer is not held back by the first one's reads.
    const other = await paidRegistration(t);
    expect((await readPayment(other.payer, other.reference)).statusCode).toBe(200);
  });
});

describe('who sees a payment', () => {
  it('the payer and the trial’s academy; another player or academy gets 404', async () => {
    const { payer, owner, reference } = await paidRegistration(t);
    expect((await readPayment(payer, reference)).statusCode).toBe(200);
    expect((await readPayment(owner, reference)).statusCode).toBe(200);
    for (const stranger of [await player(t), await academy(t)]) {
      const res = await readPayment(stranger, reference);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({
        code: 'payments.not_found',
        message: 'Payment not found',
      });
    }
    const unknown = await readPayment(payer, 'tlp_ffffffffffffffffffffffff');
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/payment/${reference}` })).statusCode,
    ).toBe(401);
  });

  it('the sandbox checkout is closed while Paystack is the provider', async () => {
    const { payer, reference } = await paidRegistration(t);
    const res = await payer.call('POST', `/api/payments/sandbox/${reference}`, {
      outcome: 'success',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('payments.sandbox_disabled');
    expect((await storedPayment(t, reference)).status).toBe('pending');
  });
});
