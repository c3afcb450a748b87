import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUnread, insertNotification } from '@touchline/db/notifications';
import { hashPassword } from '../../modules/auth/auth.passwords';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A change that committed is answered as done even when the realtime bus (Redis) refuses the
 * publish that follows it: the publish is retried in the background, never turned into a 500.
 */
describe('a realtime bus outage after a commit', () => {
  let t: TestApp;
  let publishes = 0;
  beforeAll(async () => {
    t = await createTestApp();
    t.drivers.bus.publish = async () => {
      publishes += 1;
      throw new Error('connect ECONNREFUSED 127.0.0.1:6379');
    };
  });
  afterAll(async () => t.close());

  it('logout answers 200, ends the session and still tries to close its sockets', async () => {
    const password = 'Str0ng@pass';
    const user = await t.createUser({ passwordHash: await hashPassword(password) });
    const pair = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: user.email, password, is_academy: false },
    });
    expect(pair.statusCode).toBe(200);
    const before = publishes;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh: pair.json().refresh },
    });
    expect(res.statusCode).toBe(200);
    expect(publishes).toBeGreaterThan(before);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { authorization: `Bearer ${pair.json().access}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('mark-read, mark-all-read and delete answer 200 with the committed count', async () => {
    const user = await t.createUser();
    const { headers } = await t.signIn(user);
    const add = (n: number) =>
      insertNotification(t.db, {
        userId: user.id,
        kind: 'system',
        text: `note ${n}`,
        link: '/',
        actorId: null,
        sourceKey: `outage-${user.id}-${n}`,
      });
    const first = (await add(1))!;
    const second = (await add(2))!;
    await add(3);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/mark_as_read/${first.id}`,
      headers,
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unread_count: 2 });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/notification/${second.id}`,
      headers,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ unread_count: 1 });
    const all = await t.app.inject({ method: 'POST', url: '/api/mark_all_as_read', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({ unread_count: 0 });
    expect(await countUnread(t.db, user.id)).toBe(0);
  });
});
