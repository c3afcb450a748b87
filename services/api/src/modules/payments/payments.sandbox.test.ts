import { createHmac } from 'node:crypto';
import { expireHold } from '@touchline/db/trials';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  FEE,
  outboxOf,
  paidRegistration,
  player,
  postWebhook,
  readPayment,
  storedEvents,
  storedPayment,
} from './payments.test-support';
import { register } from '../trials/trials.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t?.close());

const choose = (who: TestUser, reference: string, outcome: string) =>
  who.call('POST', `/api/payments/sandbox/${reference}`, { outcome });

/** The hold ran out (what the worker's `trials.expire_hold` job does). */
const expire = (registrationId: string) =>
  t.db.transaction((tx) => expireHold(tx, { registrationId, now: new Date(), force: true }));

const sandbox = () => {
  const provider = t.drivers.payments;
  if (provider.kind !== 'sandbox') throw new Error('the sandbox is not the provider');
  return provider;
};

describe('sandbox: what the web client is told', () => {
  it('says test payments run (every money screen shows the notice) and names no checkout host', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(res.json()).toMatchObject({ test_payments: true, checkout_host: null });
  });
});

describe('sandbox checkout', () => {
  it('sends the payer to our checkout page; Pay confirms through the signed callback and verify', async () => {
    const { payer, owner, reference, authorizationUrl, registrationId } = await paidRegistration(t);
    expect(authorizationUrl).toBe(`/sandbox/checkout/${reference}`);
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'pending',
      amount: FEE,
      currency: 'NGN',
      provider: 'sandbox',
    });

    const res = await choose(payer, reference, 'success');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ redirect: `/payment_success?reference=${reference}` });
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'succeeded',
      registration: { id: registrationId, status: 'registered' },
    });
    expect((await readPayment(owner, reference)).json().status).toBe('succeeded');
    const payment = await storedPayment(t, reference);
    const kinds = (await storedEvents(t, payment.id)).map((e) => e.kind).sort();
    expect(kinds).toEqual(['charge.success', 'verify.success']);
    expect(await outboxOf(t, 'registration.confirmed')).toContainEqual({ registrationId });
  });

  it('Fail payment fails it and releases the place', async () => {
    const { payer, trial, reference } = await paidRegistration(t, { limit: 1 });
    const res = await choose(payer, reference, 'failed');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect: `/payment_failed?reference=${reference}` });
    expect((await readPayment(payer, reference)).json()).toMatchObject({
      status: 'failed',
      registration: { status: 'expired' },
    });
    const details = (await payer.call('GET', `/api/trial/${trial.id}`)).json();
    expect(details).toMatchObject({ registered_count: 0, places_left: 1 });
  });

  it('the first choice sticks: a second click or a replay changes nothing', async () => {
    const { payer, reference } = await paidRegistration(t);
    expect((await choose(payer, reference, 'success')).json().redirect).toMatch(
      /^\/payment_success/,
    );
    const payment = await storedPayment(t, reference);
    const events = await storedEvents(t, payment.id);
    for (const outcome of ['failed', 'success']) {
      const again = await choose(payer, reference, outcome);
      expect(again.json()).toEqual({ redirect: `/payment_success?reference=${reference}` });
    }
    expect(await storedPayment(t, reference)).toEqual(payment);
    expect(await storedEvents(t, payment.id)).toHaveLength(events.length);
  });

  it('only the payer may choose; anyone else gets 404 and the charge stays open', async () => {
    const { payer, owner, reference } = await paidRegistration(t);
    for (const other of [await player(t), owner]) {
      const res = await choose(other, reference, 'success');
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('payments.not_found');
    }
    expect((await sandbox().charge(reference))?.outcome).toBe('pending');
    expect((await readPayment(payer, reference)).json().status).toBe('pending');
    expect((await choose(payer, reference, 'maybe')).statusCode).toBe(400);
    expect((await choose(payer, 'tlp_ffffffffffffffffffffffff', 'success')).statusCode).toBe(404);
  });

  it('its webhook accepts the sandbox’s signed callback and refuses a forged one', async () => {
    const { payer, reference } = await paidRegistration(t);
    const callback = await sandbox().checkout(reference, 'success');
    if (!callback) throw new Error('no callback');
    const forged = createHmac('sha512', 'not-the-derived-key')
      .update(callback.rawBody)
      .digest('hex');
    const refused = await postWebhook(t, 'sandbox', {
      rawBody: callback.rawBody,
      headers: { ...callback.headers, 'x-sandbox-signature': forged },
    });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('payments.bad_signature');
    expect((await storedPayment(t, reference)).status).toBe('pending');

    expect((await postWebhook(t, 'sandbox', callback)).statusCode).toBe(200);
    expect((await readPayment(payer, reference)).json().status).toBe('succeeded');
  });

  it('the Paystack webhook is closed while the sandbox is the provider', async () => {
    const res = await postWebhook(t, 'paystack', {
      rawBody: Buffer.from('{"event":"charge.success","data":{}}'),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'abc' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('money arriving after the hold expired takes the place back, or is refunded when it is gone', async () => {
    const late = await paidRegistration(t, { limit: 1 });
    await expire(late.registrationId);
    expect((await readPayment(late.payer, late.reference)).json()).toMatchObject({
      status: 'failed',
      registration: { status: 'expired' },
    });
    expect((await choose(late.payer, late.reference, 'success')).json().redirect).toMatch(
      /^\/payment_success/,
    );
    expect((await readPayment(late.payer, late.reference)).json()).toMatchObject({
      status: 'succeeded',
      registration: { status: 'registered' },
    });

    const gone = await paidRegistration(t, { limit: 1 });
    await expire(gone.registrationId);
    // Someone else takes the freed place before the money arrives.
    const other = await player(t);
    expect((await register(other, gone.trial)).statusCode).toBe(201);
    await choose(gone.payer, gone.reference, 'success');
    const payment = await storedPayment(t, gone.reference);
    expect(payment.status).toBe('succeeded');
    expect((await readPayment(gone.payer, gone.reference)).json().registration.status).toBe(
      'expired',
    );
    expect(await outboxOf(t, 'payment.refund_requested')).toContainEqual({ paymentId: payment.id });
  });

  it('refunds through the driver (what the worker’s refund job calls)', async () => {
    const { payer, reference } = await paidRegistration(t);
    await choose(payer, reference, 'success');
    const refund = await t.drivers.payments.refund({ reference, amountKobo: FEE });
    expect(refund.refundReference).toBe(`sbr_${reference}`);
    expect((await sandbox().charge(reference))?.refunded).toBe(true);
  });
});
