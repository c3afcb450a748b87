import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import type { App } from '../../app';
import { openTestSocket, socketBase } from '../../plugins/realtime/realtime.test-support';
import { createTestApp, secondInstance, type TestApp, type TestUser } from '../../testing/test-app';

/**
 * Decision 63: each API instance remembers what `GET /api/me` answered a user (their own data and
 * unread badge). A change made through one instance, or by the worker, shows on the other
 * instance's next request. `a` is the test app (with its workers); `b` is a second instance on
 * the same database and bus (in-process, or Redis with TEST_REDIS_URL).
 */
describe('GET /api/me remembered across two instances', () => {
  let t: TestApp;
  let b: App;

  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    b = await secondInstance(t);
    await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const me = async (app: App, user: TestUser) => {
    const res = await app.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(res.statusCode).toBe(200);
    return res.json() as { user: string; notification_count: number; state: string | null };
  };

  it('answers from memory: a change written behind its back waits for the expiry', async () => {
    const user = await t.createUser({ username: 'Remembered Name' });
    expect((await me(b, user)).user).toBe('Remembered Name');
    // No module writes like this; it shows the memory is what answers (the expiry is the net).
    await t.db
      .update(schema.users)
      .set({ username: 'Written Behind' })
      .where(eq(schema.users.id, user.id));
    expect((await me(b, user)).user).toBe('Remembered Name');
    await t.app.forgetProfile(user.id);
    expect((await me(b, user)).user).toBe('Written Behind');
  });

  it("a profile edit through one instance shows on the other's next request", async () => {
    const user = await t.createUser({ username: 'Before Edit' });
    expect((await me(b, user)).user).toBe('Before Edit');
    const edited = await user.call('POST', '/api/profile', {
      username: 'After Edit',
      state: 'Lagos',
      district: 'Ikeja',
    });
    expect(edited.statusCode).toBe(200);
    expect(await me(b, user)).toMatchObject({ user: 'After Edit', state: 'Lagos' });
  });

  it('a notice from the worker raises the badge on the other instance; reading it clears it there', async () => {
    const ada = await t.createUser({ username: 'Ada Badge' });
    const bola = await t.createUser({ username: 'Bola Badge' });
    expect((await me(b, bola)).notification_count).toBe(0);
    // The tab on `b` hears the notice after the instances forgot the badge.
    const tab = await openTestSocket(socketBase(b), { userId: bola.id, token: bola.token });
    try {
      await ada.call('POST', '/api/friend_request', { to_user: bola.id });
      await tab.until((events) => events.some((e) => e.type === 'notification'));
      expect((await me(b, bola)).notification_count).toBe(1);

      const list = (await bola.call('GET', '/api/notification')).json();
      const read = await bola.call('POST', `/api/mark_as_read/${list.results[0].id}`);
      expect(read.json().unread_count).toBe(0);
      expect((await me(b, bola)).notification_count).toBe(0);
    } finally {
      await tab.close();
    }
  });

  it('a block through one instance refuses the next request on the other', async () => {
    const user = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    await me(b, user);
    const blocked = await admin.call('POST', `/api/admin/users/${user.id}/block`, {
      reason: 'abuse',
    });
    expect(blocked.statusCode).toBe(200);
    const res = await b.inject({ method: 'GET', url: '/api/me', headers: user.headers });
    expect(res.statusCode).toBe(401);
  });
});
