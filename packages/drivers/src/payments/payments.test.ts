import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMemorySandboxChargeStore } from './memory-store';
import { createPaystackProvider } from './paystack';
import { createSandboxProvider } from './sandbox';
import { PaymentProviderError } from './types';
import { startFakePaystack, type FakePaystack } from '../testing/fake-paystack';

let fake: FakePaystack;
let seq = 0;
const ref = () => `tlp_${Date.now().toString(16)}${(seq++).toString(16).padStart(8, '0')}`;

beforeAll(async () => {
  fake = await startFakePaystack();
});
afterAll(async () => {
  await fake?.close();
});
beforeEach(() => {
  fake.failWith(null);
  fake.delay(0);
});

const paystack = (overrides: { secretKey?: string; timeoutMs?: number } = {}) =>
  createPaystackProvider({ secretKey: fake.secretKey, baseUrl: fake.baseUrl, ...overrides });

const input = (reference: string, amountKobo = 1_250_000) => ({
  reference,
  amountKobo,
  currency: 'NGN',
  email: 'ada@example.test',
  callbackUrl: `http://localhost:3000/payment_success?reference=${reference}`,
});

describe('paystack provider against the fake Paystack', () => {
  it('initialises with the secret key, amount in kobo, NGN, e-mail, reference and callback URL', async () => {
    const reference = ref();
    const { authorizationUrl } = await paystack().initialize(input(reference));
    expect(authorizationUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/checkout\/ac_\d+$/);
    const [call] = fake.callsTo('/transaction/initialize').slice(-1);
    expect(call?.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(call?.body).toEqual({
      email: 'ada@example.test',
      amount: 1_250_000,
      currency: 'NGN',
      reference,
      callback_url: `http://localhost:3000/payment_success?reference=${reference}`,
    });
  });

  it('verifies: pending until paid, then success with what was charged; failed stays failed', async () => {
    const provider = paystack();
    const paid = ref();
    await provider.initialize(input(paid));
    expect((await provider.verify(paid)).status).toBe('pending');
    fake.settle(paid, 'success');
    expect(await provider.verify(paid)).toMatchObject({
      status: 'success',
      amountKobo: 1_250_000,
      currency: 'NGN',
    });

    const short = ref();
    await provider.initialize(input(short));
    fake.settle(short, 'success', { amount: 100 });
    expect(await provider.verify(short)).toMatchObject({ status: 'success', amountKobo: 100 });

    const declined = ref();
    await provider.initialize(input(declined));
    fake.settle(declined, 'failed');
    expect((await provider.verify(declined)).status).toBe('failed');
  });

  it('refunds a paid transaction, and refuses an unpaid one without retrying', async () => {
    const provider = paystack();
    const reference = ref();
    await provider.initialize(input(reference));
    const unpaid = await provider.refund({ reference }).catch((err: unknown) => err);
    expect(unpaid).toBeInstanceOf(PaymentProviderError);
    expect(unpaid).toMatchObject({ retryable: false, httpStatus: 400 });

    fake.settle(reference, 'success');
    const refund = await provider.refund({ reference, amountKobo: 1_250_000 });
    expect(refund.refundReference).toMatch(/^\d+$/);
    expect(fake.callsTo('/refund').at(-1)?.body).toEqual({
      transaction: reference,
      amount: 1_250_000,
    });
    expect(fake.transaction(reference)?.status).toBe('reversed');
  });

  it('reports a wrong key, an unknown reference, an outage and a stall as provider errors', async () => {
    await expect(
      paystack({ secretKey: 'sk_wrong' }).initialize(input(ref())),
    ).rejects.toMatchObject({
      name: 'PaymentProviderError',
      retryable: false,
      httpStatus: 401,
    });
    await expect(paystack().verify('tlp_unknown')).rejects.toMatchObject({ retryable: false });
    fake.failWith(503);
    await expect(paystack().verify('tlp_any')).rejects.toMatchObject({
      retryable: true,
      httpStatus: 503,
    });
    fake.failWith(null);
    fake.delay(2_000);
    await expect(paystack({ timeoutMs: 100 }).verify('tlp_any')).rejects.toMatchObject({
      retryable: true,
    });
  });

  it('accepts a webhook signed with the secret key and refuses forged or altered ones', async () => {
    const provider = paystack();
    const reference = ref();
    await provider.initialize(input(reference));
    fake.settle(reference, 'success');
    const { rawBody, headers } = fake.webhook('charge.success', reference);
    expect(provider.verifyWebhook(rawBody, headers)).toBe(true);
    expect(
      provider.verifyWebhook(rawBody, {
        ...headers,
        'x-paystack-signature': headers['x-paystack-signature'].toUpperCase(),
      }),
    ).toBe(true);

    const forged = fake.webhook('charge.success', reference, 'sk_forger');
    expect(provider.verifyWebhook(forged.rawBody, forged.headers)).toBe(false);
    const altered = Buffer.from(rawBody.toString().replace('"success"', '"failed"'));
    expect(provider.verifyWebhook(altered, headers)).toBe(false);
    expect(provider.verifyWebhook(rawBody, {})).toBe(false);
    expect(provider.verifyWebhook(rawBody, { 'x-paystack-signature': 'abc' })).toBe(false);
    expect(
      provider.verifyWebhook(rawBody, {
        'x-paystack-signature': [headers['x-paystack-signature'], headers['x-paystack-signature']],
      }),
    ).toBe(false);

    const event = provider.parseWebhook(rawBody);
    expect(event).toMatchObject({ kind: 'charge.success', reference });
    expect(provider.parseWebhook(rawBody).dedupeKey).toBe(event.dedupeKey);
    expect(() => provider.parseWebhook(Buffer.from('not json'))).toThrow(PaymentProviderError);
  });
});

describe('sandbox provider', () => {
  const secret = 'drivers-signing-secret-0123456789';

  it('records the charge, sends the payer to our checkout, and verifies the outcome chosen there', async () => {
    const store = createMemorySandboxChargeStore();
    const sandbox = createSandboxProvider({ store, signingSecret: secret });
    const reference = ref();
    expect(await sandbox.initialize(input(reference, 500_000))).toEqual({
      authorizationUrl: `/sandbox/checkout/${reference}`,
    });
    expect(await sandbox.charge(reference)).toMatchObject({
      amountKobo: 500_000,
      currency: 'NGN',
      email: 'ada@example.test',
      outcome: 'pending',
    });
    expect((await sandbox.verify(reference)).status).toBe('pending');

    const callback = await sandbox.checkout(reference, 'success');
    expect(callback?.charge.outcome).toBe('success');
    expect(sandbox.verifyWebhook(callback!.rawBody, callback!.headers)).toBe(true);
    expect(sandbox.parseWebhook(callback!.rawBody)).toMatchObject({
      kind: 'charge.success',
      reference,
      dedupeKey: `sandbox:${reference}:success`,
    });
    expect(await sandbox.verify(reference)).toMatchObject({
      status: 'success',
      amountKobo: 500_000,
      currency: 'NGN',
    });

    // A decided charge keeps its first outcome: clicking 'Fail payment' afterwards changes nothing.
    const again = await sandbox.checkout(reference, 'failed');
    expect(again?.charge.outcome).toBe('success');
    expect(sandbox.parseWebhook(again!.rawBody).dedupeKey).toBe(`sandbox:${reference}:success`);

    expect(await sandbox.refund({ reference })).toEqual(
      expect.objectContaining({ refundReference: `sbr_${reference}` }),
    );
    expect((await sandbox.charge(reference))?.refunded).toBe(true);
  });

  it('fails a charge, refuses to refund it, and knows no unknown reference', async () => {
    const sandbox = createSandboxProvider({
      store: createMemorySandboxChargeStore(),
      signingSecret: secret,
    });
    const reference = ref();
    await sandbox.initialize(input(reference));
    const callback = await sandbox.checkout(reference, 'failed');
    expect(sandbox.parseWebhook(callback!.rawBody).kind).toBe('charge.failed');
    expect((await sandbox.verify(reference)).status).toBe('failed');
    await expect(sandbox.refund({ reference })).rejects.toMatchObject({ retryable: false });
    expect(await sandbox.checkout('tlp_unknown', 'success')).toBeNull();
    await expect(sandbox.verify('tlp_unknown')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('signs with a key derived from the secret: another secret or a plain HMAC of it is refused', async () => {
    const store = createMemorySandboxChargeStore();
    const sandbox = createSandboxProvider({ store, signingSecret: secret });
    const other = createSandboxProvider({ store, signingSecret: `${secret}-other` });
    const reference = ref();
    await sandbox.initialize(input(reference));
    const callback = (await sandbox.checkout(reference, 'success'))!;
    expect(other.verifyWebhook(callback.rawBody, callback.headers)).toBe(false);
    const naive = createHmac('sha512', secret).update(callback.rawBody).digest('hex');
    expect(sandbox.verifyWebhook(callback.rawBody, { 'x-sandbox-signature': naive })).toBe(false);
    expect(
      sandbox.verifyWebhook(callback.rawBody, {
        'x-sandbox-signature': sandbox.sign(callback.rawBody),
      }),
    ).toBe(true);
  });
});
