import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { startFakePaystack, type FakePaystack } from '@touchline/drivers/testing';
import { PAYMENT_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, createTrial, outboxOf, player, register } from './trials.test-support';

const FEE = 1_250_000;

describe('registering for a paid trial (sandbox provider)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(async () => t.close());

  it('holds the place for 30 minutes while payment is pending and answers where to pay', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { registration_fee: FEE, total_participant_limit: 2 });
    const ada = await player(t);
    const before = Date.now();
    const res = await register(ada, trial);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending_payment', trial: trial.id });
    const hold = new Date(body.hold_expires_at).getTime() - before;
    expect(hold).toBeGreaterThan(29 * 60_000);
    expect(hold).toBeLessThanOrEqual(31 * 60_000);
    expect(body.payment.reference).toMatch(/^tlp_[0-9a-f]{24}$/);
    expect(body.payment.authorization_url).toBe(`/sandbox/checkout/${body.payment.reference}`);

    const [payment] = await t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.reference, body.payment.reference));
    expect(payment).toMatchObject({
      registrationId: body.id,
      payerId: ada.id,
      provider: 'sandbox',
      amountKobo: FEE,
      currency: 'NGN',
      status: 'pending',
    });

    const details = (await ada.call('GET', `/api/trial/${trial.id}`)).json();
    expect(details).toMatchObject({
      registration_fee: FEE,
      registered_count: 1,
      places_left: 1,
      my_registration: {
        id: body.id,
        status: 'pending_payment',
        payment: {
          reference: body.payment.reference,
          status: 'pending',
          authorization_url: body.payment.authorization_url,
        },
      },
    });
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants[0]).toMatchObject({ id: body.id, payment_status: 'pending' });
  });

  it('a player cancelling a paid registration asks for the refund', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { registration_fee: FEE });
    const ada = await player(t);
    const reg = (await register(ada, trial)).json();
    // As a verified webhook would have left it (the payments module's tests drive that path).
    await t.db
      .update(schema.payments)
      .set({ status: 'succeeded', paidAt: new Date() })
      .where(eq(schema.payments.reference, reg.payment.reference));
    await t.db
      .update(schema.trialRegistrations)
      .set({ status: 'registered', holdExpiresAt: null })
      .where(eq(schema.trialRegistrations.id, reg.id));

    const res = await ada.call('DELETE', `/api/player_trial/${reg.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', refund: true });
    const [payment] = await t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.reference, reg.payment.reference));
    expect(await outboxOf(t, 'payment.refund_requested')).toContainEqual({
      paymentId: payment!.id,
    });
    expect((await ada.call('GET', `/api/trial/${trial.id}`)).json().registered_count).toBe(0);
  });
});

describe('when the provider cannot start the payment', () => {
  let t: TestApp;
  let paystack: FakePaystack;
  beforeAll(async () => {
    paystack = await startFakePaystack();
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'paystack',
        PAYSTACK_SECRET_KEY: paystack.secretKey,
        PAYSTACK_BASE_URL: paystack.baseUrl,
      },
    });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await paystack?.close();
  });

  it('answers 502, expires the registration and frees the place; the player may try again', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { registration_fee: FEE, total_participant_limit: 1 });
    const ada = await player(t);
    paystack.failWith(503);
    const res = await register(ada, trial);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      code: 'payments.unavailable',
      message: PAYMENT_MESSAGES.unavailable,
    });
    const details = (await ada.call('GET', `/api/trial/${trial.id}`)).json();
    expect(details).toMatchObject({
      registered_count: 0,
      places_left: 1,
      my_registration: { status: 'expired', payment: { status: 'failed' } },
    });
    expect(await outboxOf(t, 'registration.expired')).toContainEqual({
      registrationId: details.my_registration.id,
    });

    paystack.failWith(null);
    const again = await register(ada, trial);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ status: 'pending_payment' });
    expect(again.json().payment.authorization_url).toMatch(new RegExp(`^${paystack.baseUrl}`));
  });
});
