import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { listDevMailbox } from '@touchline/db/emails';
import {
  startFakePushService,
  startFakeTermii,
  waitFor,
  type FakePushService,
  type FakeTermii,
} from '@touchline/drivers/testing';
import { DEFAULT_PREFERENCES, REACH_ERRORS, REACH_TEXTS } from '@touchline/shared';
import { createTestApp, manualClock, type TestApp } from '../../testing/test-app';

let fake: FakePushService;
let t: TestApp;
const clock = manualClock(new Date('2026-11-28T11:00:00Z'));
beforeAll(async () => {
  fake = await startFakePushService();
  t = await createTestApp({
    env: { PUSH_ENDPOINT_HOSTS: `fcm.googleapis.com,${fake.host}` },
    workers: true,
    clock,
  });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('push subscriptions', () => {
  it('gives the VAPID public key to a signed-in user only', async () => {
    const ada = await t.createUser();
    const res = await ada.call('GET', '/api/push/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ public_key: t.drivers.push.publicKey });
    expect(res.json().public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(401);
  });

  it('stores a device of a listed push service, and its owner alone removes it', async () => {
    const ada = await t.createUser();
    const bola = await t.createUser();
    const device = fake.newDevice();
    const subscribed = await ada.call('POST', '/api/push/subscriptions', device.subscription);
    expect(subscribed.statusCode).toBe(201);
    expect(subscribed.json()).toEqual({ message: REACH_TEXTS.pushOn });

    const body = { endpoint: device.subscription.endpoint };
    expect((await bola.call('DELETE', '/api/push/subscriptions', body)).statusCode).toBe(404);
    expect((await ada.call('DELETE', '/api/push/subscriptions', body)).statusCode).toBe(200);
    expect((await ada.call('DELETE', '/api/push/subscriptions', body)).statusCode).toBe(404);
  });

  it('refuses an endpoint a client invents (request forgery), before storing it', async () => {
    const ada = await t.createUser();
    const keys = fake.newDevice().subscription.keys;
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/send/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'http://127.0.0.1:5432/',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
    ]) {
      const res = await ada.call('POST', '/api/push/subscriptions', { endpoint, keys });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().code, endpoint).toBe(REACH_ERRORS.endpointNotAllowed);
    }
    const ok = await ada.call('POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys,
    });
    expect(ok.statusCode).toBe(201);
    const bad = await ada.call('POST', '/api/push/subscriptions', {
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
      keys: { p256dh: 'not base64!', auth: '' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a subscribed player is pushed the in-app text of a friend request, through the API and workers', async () => {
    const ada = await t.createUser({ username: 'Ada Push' });
    const bola = await t.createUser();
    const device = fake.newDevice();
    await bola.call('POST', '/api/push/subscriptions', device.subscription);
    const asked = await ada.call('POST', '/api/friend_request', { to_user: bola.id });
    expect(asked.statusCode).toBeLessThan(300);
    await waitFor(() => fake.pushesTo(device.id).length > 0, 'the push', 15_000);
    const payload = JSON.parse(fake.pushesTo(device.id)[0]!.payload!);
    expect(payload).toMatchObject({
      body: 'Ada Push sent you a friend request',
      title: 'Touchline',
    });
  });
});

describe('notification preferences', () => {
  it('answers useful defaults and saves every kind and channel', async () => {
    const ada = await t.createUser();
    const first = await ada.call('GET', '/api/notification_preferences');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      preferences: DEFAULT_PREFERENCES,
      quiet_hours: false,
      quiet_hours_required: false,
      phone: null,
      codes_by_sms: false,
    });
    expect(first.json().preferences.messages.push).toBe(true);
    expect(first.json().preferences.trials.push).toBe(true);
    expect(first.json().preferences.likes.push).toBe(false);

    const preferences = { ...DEFAULT_PREFERENCES, likes: { push: true, email: false, sms: false } };
    const saved = await ada.call('PUT', '/api/notification_preferences', {
      preferences,
      quiet_hours: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ preferences, quiet_hours: true });
    expect((await ada.call('GET', '/api/notification_preferences')).json()).toMatchObject({
      preferences,
      quiet_hours: true,
    });
    const partial = await ada.call('PUT', '/api/notification_preferences', {
      preferences: { messages: { push: false } },
    });
    expect(partial.statusCode).toBe(400);
  });

  it("a minor's quiet hours always apply", async () => {
    const child = await t.createUser({ dob: '2012-03-04' });
    const saved = await child.call('PUT', '/api/notification_preferences', {
      preferences: DEFAULT_PREFERENCES,
      quiet_hours: false,
    });
    expect(saved.json()).toMatchObject({ quiet_hours: true, quiet_hours_required: true });
  });
});

/** The code in the newest SMS the development mailbox holds for the number. */
async function devboxCode(phone: string) {
  let code: string | undefined;
  await waitFor(async () => {
    const [sms] = await listDevMailbox(t.db, { to: phone, limit: 1 });
    code = /\b(\d{6})\b/.exec(sms?.subject ?? '')?.[1];
    return code !== undefined;
  }, 'the SMS in the development mailbox');
  return code!;
}

describe('phone verification', () => {
  it('verifies a phone by a 6-digit SMS code landing in the development mailbox', async () => {
    const ada = await t.createUser();
    const started = await ada.call('POST', '/api/phone/verify', { phone: '0803 123 4567' });
    expect(started.statusCode).toBe(202);
    const code = await devboxCode('+2348031234567');
    const [sms] = await listDevMailbox(t.db, { to: '+2348031234567', limit: 5 });
    expect(sms!.subject).toBe(`SMS: ${REACH_TEXTS.smsCode(code)}`);

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await ada.call('PUT', '/api/phone/verify', {
      phone: '08031234567',
      code: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe(REACH_ERRORS.phoneCodeInvalid);

    const verified = await ada.call('PUT', '/api/phone/verify', { phone: '08031234567', code });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ phone: '+2348031234567' });
    expect((await ada.call('GET', '/api/notification_preferences')).json().phone).toBe(
      '+2348031234567',
    );
    // Used once.
    expect(
      (await ada.call('PUT', '/api/phone/verify', { phone: '08031234567', code })).statusCode,
    ).toBe(400);
  });

  it("keeps the e-mail code's rules: a resend waits 60 s, a code lives 10 minutes", async () => {
    const ada = await t.createUser();
    const phone = '+2348051112222';
    await ada.call('POST', '/api/phone/verify', { phone });
    const first = await devboxCode(phone);
    await ada.call('POST', '/api/phone/verify', { phone });
    expect(await listDevMailbox(t.db, { to: phone, limit: 5 })).toHaveLength(1);
    clock.advance(11 * 60_000);
    const late = await ada.call('PUT', '/api/phone/verify', { phone, code: first });
    expect(late.statusCode).toBe(400);
    const bad = await ada.call('POST', '/api/phone/verify', { phone: '12345' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password reset codes by SMS (decision 54)', () => {
  it('go to the verified phone too once chosen, the same code as the e-mail, and it resets', async () => {
    const ada = await t.createUser({ passwordHash: 'not-a-real-hash' });
    const phone = '+2348061112222';
    await ada.call('POST', '/api/phone/verify', { phone });
    await ada.call('PUT', '/api/phone/verify', { phone, code: await devboxCode(phone) });
    // Every SMS to the number is stored before its job sends it, in the code's own transaction.
    const smsTo = async () =>
      (await t.db.select().from(schema.smsMessages)).filter((m) => m.to === phone).length;
    const before = await smsTo();
    /** The newest code e-mailed to Ada (the development mailbox's copy). */
    const emailedCode = async (count: number) => {
      let code: string | undefined;
      await waitFor(async () => {
        const mails = await listDevMailbox(t.db, { to: ada.email, limit: 10 });
        code = /\b(\d{6})\b/.exec(mails[0]?.text ?? '')?.[1];
        return mails.length === count && code !== undefined;
      }, 'the reset code by e-mail');
      return code!;
    };

    // Not chosen: the code goes by e-mail only.
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/forget_pass', payload: { email: ada.email } });
    expect((await forgot()).statusCode).toBe(200);
    await emailedCode(1);
    expect(await smsTo()).toBe(before);

    const saved = await ada.call('PUT', '/api/notification_preferences', {
      preferences: DEFAULT_PREFERENCES,
      codes_by_sms: true,
    });
    expect(saved.json()).toMatchObject({ codes_by_sms: true, phone });
    clock.advance(61_000);
    expect((await forgot()).statusCode).toBe(200);
    expect(await smsTo()).toBe(before + 1);
    await waitFor(
      async () => (await listDevMailbox(t.db, { to: phone, limit: 10 })).length > before,
      'the reset code by SMS',
    );
    const code = await devboxCode(phone);
    const [sms] = await listDevMailbox(t.db, { to: phone, limit: 1 });
    expect(sms!.subject).toBe(`SMS: ${REACH_TEXTS.smsResetCode(code)}`);
    expect(code).toBe(await emailedCode(2));
    // The e-mail code's rules: a resend within 60 s sends nothing, by either channel.
    await forgot();
    expect(await smsTo()).toBe(before + 1);

    const verified = await t.app.inject({
      method: 'PUT',
      url: '/api/otp_verification',
      payload: { email: ada.email, otp: code, purpose: 'reset' },
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().reset_token).toEqual(expect.any(String));
  });
});

describe('phone verification through Termii', () => {
  let termii: FakeTermii;
  let tt: TestApp;
  beforeAll(async () => {
    termii = await startFakeTermii('termii-test-key');
    tt = await createTestApp({
      workers: true,
      env: {
        SMS_PROVIDER: 'termii',
        TERMII_API_KEY: 'termii-test-key',
        TERMII_BASE_URL: termii.url,
        TERMII_SENDER_ID: 'Touchline',
      },
    });
  }, 120_000);
  afterAll(async () => {
    await tt?.close();
    await termii?.close();
  });

  it("sends the code with Termii's send API and verifies the phone", async () => {
    expect(tt.drivers.sms.kind).toBe('termii');
    const ada = await tt.createUser();
    expect((await ada.call('POST', '/api/phone/verify', { phone: '07061234567' })).statusCode).toBe(
      202,
    );
    await waitFor(() => termii.sent.length > 0, 'the Termii send');
    const [sms] = termii.sent;
    expect(sms).toMatchObject({ to: '2347061234567', from: 'Touchline', type: 'plain' });
    const code = /\b(\d{6})\b/.exec(sms!.sms)![1]!;
    const verified = await ada.call('PUT', '/api/phone/verify', { phone: '+2347061234567', code });
    expect(verified.json()).toEqual({ phone: '+2347061234567' });
  });
});
