import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestEmailCode } from '@touchline/db/auth';
import { findUserByEmail } from '@touchline/db/users';
import { AUTH_ERRORS, AUTH_MESSAGES, LIMITS, todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, latestCodeFor, manualClock, type TestApp } from '../../testing/test-app';
import { buildAuthServices } from './auth.module';

const PASSWORD = 'Str0ng@pass';

describe('e-mail codes: no account discovery, no extra guesses', () => {
  let t: TestApp;
  const clock = manualClock();
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const call = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload });
  const answer = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await call(method, url, payload);
    // The request id differs on every answer by design; everything else must match.
    const { request_id: _id, ...body } = res.json() as Record<string, unknown>;
    return { status: res.statusCode, body };
  };
  const address = () => `codes${++n}-${Date.now()}@example.test`;

  async function signup(email = address()) {
    const res = await call('POST', '/api/signup', {
      username: `Coder ${n}`,
      email,
      dob: yearsBefore(todayInLagos(), 20),
      password: PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
    });
    expect(res.statusCode).toBe(201);
    return email;
  }
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

  it('answers PUT /api/otp_verification alike whether or not the address has an account', async () => {
    const verify = (email: string, otp: string, purpose?: 'reset') =>
      answer('PUT', '/api/otp_verification', { email, otp, ...(purpose ? { purpose } : {}) });
    const unknown = await verify(address(), '123456');
    expect(unknown).toEqual({
      status: 400,
      body: {
        message: AUTH_MESSAGES.codeInvalid,
        code: AUTH_ERRORS.codeInvalid,
        fields: { otp: AUTH_MESSAGES.codeInvalid },
      },
    });
    expect(await verify(address(), '123456', 'reset')).toEqual(unknown);

    // An unverified account with a live code, a wrong guess.
    const pending = await signup();
    expect(await verify(pending, wrongFor(await latestCodeFor(t, pending)))).toEqual(unknown);

    // A code spent on five wrong guesses, then the right one.
    const locked = await signup();
    const right = await latestCodeFor(t, locked);
    for (let i = 0; i < LIMITS.otpMaxAttempts; i++) await verify(locked, wrongFor(right));
    expect(await verify(locked, right)).toEqual(unknown);

    // A verified account (no code left), for both purposes.
    const verified = await signup();
    expect((await verify(verified, await latestCodeFor(t, verified))).status).toBe(200);
    expect(await verify(verified, '123456')).toEqual(unknown);
    expect(await verify(verified, '123456', 'reset')).toEqual(unknown);

    // An expired code (an abandoned signup): the right code, too late.
    const abandoned = await signup();
    const stale = await latestCodeFor(t, abandoned);
    clock.advance(LIMITS.otpTtlSeconds * 1000 + 1000);
    expect(await verify(abandoned, stale)).toEqual(unknown);
  });

  it('answers POST /api/resend_otp alike for unknown, unverified (held back or sent) and verified addresses', async () => {
    const resend = (email: string) => answer('POST', '/api/resend_otp', { email });
    const unknown = await resend(address());
    expect(unknown).toEqual({ status: 200, body: { message: AUTH_MESSAGES.codeSent } });
    const justSignedUp = await signup();
    expect(await resend(justSignedUp)).toEqual(unknown); // inside the 60 s wait
    clock.advance(LIMITS.otpResendSeconds * 1000 + 1000);
    expect(await resend(justSignedUp)).toEqual(unknown); // sent
    const verified = await signup();
    await call('PUT', '/api/otp_verification', {
      email: verified,
      otp: await latestCodeFor(t, verified),
    });
    expect(await resend(verified)).toEqual(unknown);
  });

  it('counts exactly five of 20 parallel wrong guesses, after which the right code is refused', async () => {
    const email = await signup();
    const right = await latestCodeFor(t, email);
    const guesses = await Promise.all(
      Array.from({ length: 20 }, () =>
        call('PUT', '/api/otp_verification', { email, otp: wrongFor(right) }),
      ),
    );
    expect(guesses.map((g) => [g.statusCode, g.json().code])).toEqual(
      Array.from({ length: 20 }, () => [400, AUTH_ERRORS.codeInvalid]),
    );
    expect((await latestEmailCode(t.db, email, 'verify'))?.attempts).toBe(LIMITS.otpMaxAttempts);
    // The address has used its 20 requests per 15 minutes; the service answers behind that limit.
    const { auth } = buildAuthServices(t.app);
    await expect(auth.verifyEmail(email, right)).rejects.toMatchObject({
      code: AUTH_ERRORS.codeInvalid,
    });
    expect((await findUserByEmail(t.db, email))?.emailVerifiedAt).toBeNull();
    expect((await latestEmailCode(t.db, email, 'verify'))?.attempts).toBe(LIMITS.otpMaxAttempts);
  });
});
