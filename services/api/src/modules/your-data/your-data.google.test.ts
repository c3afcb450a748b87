import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { startFakeGoogle } from '../../testing/google-keys';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { expectStatus } from '../chat/chat.test-support';
import { userRow } from './your-data.test-support';

const CLIENT_ID = 'touchline-test.apps.googleusercontent.com';

describe('a Google account (no password) confirms its deletion with a fresh Google sign-in', () => {
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

  const minutesAgo = (n: number) => Math.floor(Date.now() / 1000) - n * 60;

  it('refuses no token, a stale one and another Google account; a fresh one deletes', async () => {
    const owner = await t.createUser({ googleSub: 'g-leaver', email: 'leaver@example.test' });
    const none = await owner.call('DELETE', '/api/me', { password: 'anything' });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.confirmationRequired,
      message: YOUR_DATA_MESSAGES.googleRequired,
    });
    const stale = google.idToken({ sub: 'g-leaver', iat: minutesAgo(10) });
    const old = await owner.call('DELETE', '/api/me', { id_token: stale });
    expect(old.json()).toMatchObject({
      code: YOUR_DATA_ERRORS.confirmationWrong,
      message: YOUR_DATA_MESSAGES.googleStale,
    });
    const other = await owner.call('DELETE', '/api/me', {
      id_token: google.idToken({ sub: 'g-someone-else' }),
    });
    expect(other.json().message).toBe(YOUR_DATA_MESSAGES.googleMismatch);
    expect((await userRow(t, owner.id)).isActive).toBe(true);

    const fresh = google.idToken({ sub: 'g-leaver', iat: minutesAgo(1) });
    await expectStatus(owner.call('DELETE', '/api/me', { id_token: fresh }), 200);
    expect((await userRow(t, owner.id)).isActive).toBe(false);

    // Google sign-in within the 30 days offers the restore, and a Google token restores.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/google',
      payload: { access_token: google.idToken({ sub: 'g-leaver', email: 'leaver@example.test' }) },
    });
    expect(signIn.statusCode).toBe(409);
    expect(signIn.json().code).toBe(YOUR_DATA_ERRORS.pendingDeletion);
    const restored = await t.app.inject({
      method: 'POST',
      url: '/api/account/restore',
      payload: { id_token: google.idToken({ sub: 'g-leaver', email: 'leaver@example.test' }) },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await userRow(t, owner.id)).isActive).toBe(true);
  });
});
