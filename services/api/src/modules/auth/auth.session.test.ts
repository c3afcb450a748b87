import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findUserByEmail } from '@touchline/db/users';
import { countEmailCodesSince } from '@touchline/db/auth';
import { AUTH_ERRORS, AUTH_MESSAGES, LIMITS, todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, latestCodeFor, manualClock, type TestApp } from '../../testing/test-app';

const PASSWORD = 'Str0ng@pass';

describe('sign-in, verification, tokens and sessions', () => {
  let t: TestApp;
  const clock = manualClock();
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
    t.app.inject({ method, url, payload });

  async function signupPlayer() {
    const email = `p${++n}-${Date.now()}@example.test`;
    const res = await post('/api/signup', {
      username: `Player ${n}`,
      email,
      dob: yearsBefore(todayInLagos(), 15),
      // Under 18 (supplement §14): the guardian's e-mail comes with the signup.
      guardian_email: `guardian-${email}`,
      password: PASSWORD,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
    });
    expect(res.statusCode).toBe(201);
    return email;
  }

  async function verifiedPlayer() {
    const email = await signupPlayer();
    const res = await post(
      '/api/otp_verification',
      { email, otp: await latestCodeFor(t, email) },
      'PUT',
    );
    expect(res.statusCode).toBe(200);
    return email;
  }

  const login = (email: string, extra: object = {}) =>
    post('/api/login', { email, password: PASSWORD, is_academy: false, ...extra });
  const token = (email: string, extra: object = {}) =>
    post('/api/token/', { email, password: PASSWORD, is_academy: false, ...extra });

  it('answers 403 to an unverified login and sends a fresh code only after the resend wait', async () => {
    const email = await signupPlayer();
    const first = await latestCodeFor(t, email);
    const res = await login(email);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('auth.unverified');
    expect(await latestCodeFor(t, email)).toBe(first); // sent less than 60 s ago: no new code yet
    clock.advance(LIMITS.otpResendSeconds * 1000 + 1000);
    expect((await token(email)).statusCode).toBe(403);
    expect(await latestCodeFor(t, email)).not.toBe(first);
  });

  it('verifies the e-mail with the code, after which login answers the session user', async () => {
    const email = await verifiedPlayer();
    const res = await login(email);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      user: expect.stringMatching(/^Player/),
      role: 'player',
      profile_photo: null,
      notification_count: 0,
    });
    expect(body.dob).toBe(yearsBefore(todayInLagos(), 15));
    expect(body.user_id).toBe((await findUserByEmail(t.db, email))!.id);
  });

  it('counts wrong codes and refuses the code after five, with the one answer every failure gets', async () => {
    const email = await signupPlayer();
    const right = await latestCodeFor(t, email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 1; i <= LIMITS.otpMaxAttempts; i++) {
      const res = await post('/api/otp_verification', { email, otp: wrong }, 'PUT');
      expect([res.statusCode, res.json().code]).toEqual([400, AUTH_ERRORS.codeInvalid]);
    }
    const locked = await post('/api/otp_verification', { email, otp: right }, 'PUT');
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(AUTH_MESSAGES.codeInvalid);
  });

  it('refuses an expired code', async () => {
    const email = await signupPlayer();
    const code = await latestCodeFor(t, email);
    clock.advance(LIMITS.otpTtlSeconds * 1000 + 1000);
    const res = await post('/api/otp_verification', { email, otp: code }, 'PUT');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.codeInvalid);
  });

  it('sends a new code after 60 s and at most five an hour, answering every resend alike', async () => {
    const email = await signupPlayer(); // code 1
    const codes = () => countEmailCodesSince(t.db, email, new Date(0));
    const unknown = await post('/api/resend_otp', { email: 'nobody@example.test' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().message).toBe(AUTH_MESSAGES.codeSent);
    const tooSoon = await post('/api/resend_otp', { email });
    expect([tooSoon.statusCode, tooSoon.json()]).toEqual([200, unknown.json()]);
    expect(await codes()).toBe(1); // held back by the 60 s wait, without saying so
    for (let i = 2; i <= LIMITS.otpMaxSendsPerHour; i++) {
      clock.advance(61_000);
      expect((await post('/api/resend_otp', { email })).statusCode).toBe(200);
      expect(await codes()).toBe(i);
    }
    clock.advance(61_000);
    const overLimit = await post('/api/resend_otp', { email });
    expect([overLimit.statusCode, overLimit.json()]).toEqual([200, unknown.json()]);
    expect(await codes()).toBe(LIMITS.otpMaxSendsPerHour);
  });

  it('refuses a wrong password the same way as an unknown e-mail', async () => {
    const email = await verifiedPlayer();
    const wrong = await post('/api/login', { email, password: 'Wrong@pass1', is_academy: false });
    const unknown = await post('/api/login', {
      email: 'ghost@example.test',
      password: PASSWORD,
      is_academy: false,
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('signs each role in only at its own login page', async () => {
    const email = await verifiedPlayer();
    expect((await login(email, { is_academy: true })).json().code).toBe('auth.wrong_area');
    expect((await token(email, { is_admin: true })).json().code).toBe('auth.wrong_area');
    const admin = await t.services.accounts.createAdmin({
      email: `admin${n}@example.test`,
      password: PASSWORD,
    });
    expect((await login(admin.user.email)).json().code).toBe('auth.wrong_area');
    const ok = await login(admin.user.email, { is_admin: true });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role).toBe('admin');
  });

  it('rotates the refresh token and revokes the whole session when a spent one comes back', async () => {
    const email = await verifiedPlayer();
    const first = (await token(email)).json();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${first.access}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);

    const second = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh).not.toBe(first.refresh);

    const replay = await post('/api/token/refresh/', { refresh: first.refresh });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('token_not_valid');
    // The thief's replay ended the family: the legitimate newer token is dead too.
    expect((await post('/api/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(after.statusCode).toBe(401);
  });

  it('logout ends the session and its access token at once, and other sessions stay', async () => {
    const email = await verifiedPlayer();
    const a = (await token(email)).json();
    const b = (await token(email)).json();
    expect((await post('/api/logout', { refresh: a.refresh })).statusCode).toBe(200);
    expect((await post('/api/token/refresh/', { refresh: a.refresh })).statusCode).toBe(401);
    const meA = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${a.access}` },
    });
    expect(meA.statusCode).toBe(401);
    const meB = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${b.access}` },
    });
    expect(meB.statusCode).toBe(200);
  });

  it('a blocked account cannot sign in, and its next refresh answers user_inactive', async () => {
    const email = await verifiedPlayer();
    const pair = (await token(email)).json();
    const user = (await findUserByEmail(t.db, email))!;
    await t.services.accounts.block(user.id, 'abuse');
    const refresh = await post('/api/token/refresh/', { refresh: pair.refresh });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().code).toBe('user_inactive');
    expect(refresh.json().message).toBe('You account is blocked');
    const relogin = await login(email);
    expect(relogin.statusCode).toBe(401);
    expect(relogin.json().code).toBe('user_inactive');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${pair.access}` },
    });
    expect(me.statusCode).toBe(401);
    await t.services.accounts.unblock(user.id);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('resets a forgotten password with a single-use token and signs every session out', async () => {
    const email = await verifiedPlayer();
    const pair = (await token(email)).json();
    clock.advance(61_000);
    const unknown = await post('/api/forget_pass', { email: 'nobody@example.test' });
    const known = await post('/api/forget_pass', { email });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const verified = await post(
      '/api/otp_verification',
      { email, otp: await latestCodeFor(t, email), purpose: 'reset' },
      'PUT',
    );
    expect(verified.statusCode).toBe(200);
    const resetToken = verified.json().reset_token;
    expect(resetToken).toEqual(expect.any(String));
    const weak = await post('/api/reset_password', { reset_token: resetToken, password: 'weak' });
    expect(weak.statusCode).toBe(400);
    const done = await post('/api/reset_password', {
      reset_token: resetToken,
      password: 'N3w@Password',
    });
    expect(done.statusCode).toBe(200);
    expect(
      (await post('/api/reset_password', { reset_token: resetToken, password: 'An0ther@Pass' }))
        .statusCode,
    ).toBe(400);
    expect((await post('/api/token/refresh/', { refresh: pair.refresh })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(400);
    expect(
      (await post('/api/login', { email, password: 'N3w@Password', is_academy: false })).statusCode,
    ).toBe(200);
  });

  it('refuses a reset token after 15 minutes', async () => {
    const email = await verifiedPlayer();
    clock.advance(61_000);
    await post('/api/forget_pass', { email });
    const { reset_token } = (
      await post(
        '/api/otp_verification',
        { email, otp: await latestCodeFor(t, email), purpose: 'reset' },
        'PUT',
      )
    ).json();
    clock.advance(LIMITS.resetTokenTtlSeconds * 1000 + 1000);
    const res = await post('/api/reset_password', { reset_token, password: 'N3w@Password' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.resetTokenInvalid);
  });

  it('limits login attempts per e-mail with 429 and a message', async () => {
    const email = `target${Date.now()}@example.test`;
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await post('/api/login', { email, password: 'Wrong@pass1', is_academy: false }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('access token expiry', () => {
  it('answers an expired access token with token_expired (refreshable) and a forged one with token_not_valid', async () => {
    const t = await createTestApp();
    const user = await t.createUser();
    const { sessionId } = await t.signIn(user);
    const expired = t.app.jwt.sign(
      { sub: user.id, role: user.role, sid: sessionId, typ: 'access' },
      // Signed as if a minute ago, so it has expired already: no waiting for the clock.
      { expiresIn: 1, clockTimestamp: Date.now() - 60_000 },
    );
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('token_expired');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: 'Bearer a.b.c' },
    });
    expect(forged.json().code).toBe('token_not_valid');
    await t.close();
  });

  it('refuses a token it accepted before once the token expires', async () => {
    const t = await createTestApp();
    const user = await t.createUser();
    const { sessionId } = await t.signIn(user);
    const token = t.app.jwt.sign(
      { sub: user.id, role: user.role, sid: sessionId, typ: 'access' },
      { expiresIn: 30 },
    );
    const me = () =>
      t.app.inject({
        method: 'GET',
        url: '/api/me',
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31_000 });
    try {
      const late = await me();
      expect(late.statusCode).toBe(401);
      expect(late.json().code).toBe('token_expired');
    } finally {
      vi.useRealTimers();
    }
    await t.close();
  });
});
