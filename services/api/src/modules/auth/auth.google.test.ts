import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '@touchline/db/users';
import {
  AUTH_ERRORS,
  AUTH_MESSAGES,
  GUARDIAN_MESSAGES,
  MESSAGES,
  todayInLagos,
  yearsBefore,
} from '@touchline/shared';
import { startFakeGoogle } from '../../testing/google-keys';
import { createTestApp, type TestApp } from '../../testing/test-app';

const CLIENT_ID = 'touchline-test.apps.googleusercontent.com';

describe('POST /api/google', () => {
  let t: TestApp;
  let google: Awaited<ReturnType<typeof startFakeGoogle>>;

  beforeAll(async () => {
    google = await startFakeGoogle(CLIENT_ID);
    t = await createTestApp({
      env: { GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_CERTS_URL: google.certsUrl },
    });
  });
  afterAll(async () => {
    await t.close();
    await google.close();
  });

  const signIn = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/google', payload: { access_token: token } });

  it('signs a new Google user up as a player without a password or date of birth', async () => {
    const res = await signIn(
      google.idToken({ sub: 'g-1', email: 'Ada.Google@example.test', name: 'Ada Lovelace' }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: 'Ada Lovelace',
      dob: null,
      created: true,
      notification_count: 0,
    });
    expect(body.detail).toBe(`${MESSAGES.googleSignupSuccess} Ada Lovelace`);
    expect(body.access).toEqual(expect.any(String));
    const user = await findUserByEmail(t.db, 'ada.google@example.test');
    expect(user).toMatchObject({ role: 'player', passwordHash: null, googleSub: 'g-1' });
    expect(user?.emailVerifiedAt).not.toBeNull();
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${body.access}` },
    });
    expect(me.json().role).toBe('player');
  });

  it('signs the same Google user in again instead of creating another account', async () => {
    const token = google.idToken({ sub: 'g-2', email: 'repeat@example.test' });
    expect((await signIn(token)).json().created).toBe(true);
    const again = await signIn(token);
    expect(again.json()).toMatchObject({ created: false, detail: AUTH_MESSAGES.loginSuccess });
  });

  it('completes a Google account on /welcome with date of birth, state, LGA and sport', async () => {
    const { access } = (
      await signIn(google.idToken({ sub: 'g-3', email: 'welcome@example.test' }))
    ).json();
    const headers = { authorization: `Bearer ${access}` };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers,
      payload: { dob: '', state: 'Lagos', district: 'Ikeja', sport: 'football' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.dob).toBe(MESSAGES.dobRequired);
    const dob = yearsBefore(todayInLagos(), 14);
    // Under 18: a guardian's e-mail is required (supplement §14).
    const noGuardian = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers,
      payload: { dob, state: 'Lagos', district: 'Ikeja', sport: 'basketball' },
    });
    expect(noGuardian.statusCode).toBe(400);
    expect(noGuardian.json().fields.guardian_email).toBe(GUARDIAN_MESSAGES.guardianEmailRequired);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/welcome',
      headers,
      payload: {
        dob,
        state: 'Lagos',
        district: 'Ikeja',
        sport: 'basketball',
        guardian_email: 'mum.welcome@example.test',
      },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      dob,
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['basketball'],
      consent_status: 'awaiting_consent',
    });
  });

  it('never merges silently into an account that has a password', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        username: 'Has Password',
        email: 'taken@example.test',
        dob: yearsBefore(todayInLagos(), 20),
        password: 'Str0ng@pass',
        state: 'Lagos',
        district: 'Ikeja',
        sport: 'football',
      },
    });
    const res = await signIn(google.idToken({ sub: 'g-4', email: 'taken@example.test' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleEmailTaken);
  });

  it('binds to the Google subject: another Google account with the same e-mail is refused', async () => {
    const first = await signIn(google.idToken({ sub: 'g-10', email: 'shared@example.test' }));
    expect(first.json().created).toBe(true);
    const other = await signIn(google.idToken({ sub: 'g-11', email: 'shared@example.test' }));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({
      code: AUTH_ERRORS.googleOtherAccount,
      message: AUTH_MESSAGES.googleOtherAccount,
    });
    expect(other.json().access).toBeUndefined();
    expect((await findUserByEmail(t.db, 'shared@example.test'))?.googleSub).toBe('g-10');
  });

  it('signs a Google user in by subject after their e-mail changed at Google', async () => {
    const first = await signIn(google.idToken({ sub: 'g-12', email: 'old-name@example.test' }));
    const again = await signIn(google.idToken({ sub: 'g-12', email: 'new-name@example.test' }));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ created: false, user_id: first.json().user_id });
    expect(await findUserByEmail(t.db, 'new-name@example.test')).toBeNull();
  });

  it.each([
    ['another audience', { aud: 'someone-else.apps.googleusercontent.com' }],
    ['another issuer', { iss: 'https://evil.example' }],
    ['an expired token', { iat: 1_600_000_000, exp: 1_600_003_600 }],
    ['an unverified e-mail', { email_verified: false }],
  ])('refuses %s', async (_name, claims) => {
    const res = await signIn(
      google.idToken({ sub: 'g-bad', email: 'bad@example.test', ...claims }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AUTH_MESSAGES.googleInvalid);
  });

  it('refuses a token signed with another key', async () => {
    const other = await startFakeGoogle(CLIENT_ID);
    const res = await signIn(other.idToken({ sub: 'g-5' }));
    await other.close();
    expect(res.statusCode).toBe(400);
  });
});

describe('POST /api/google without a configured client id', () => {
  it('answers that Google sign-in is not configured', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/google',
      payload: { access_token: 'x.y.z' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('auth.google_disabled');
    await t.close();
  });
});
