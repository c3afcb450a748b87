import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertNotification, markNotificationRead } from '@touchline/db/notifications';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/me', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers notification_count equal to the unread count (several kinds, some read)', async () => {
    const me = await t.createUser();
    const other = await t.createUser();
    const kinds = ['like', 'comment', 'follow', 'friend_request', 'like'] as const;
    const ids: string[] = [];
    for (const [i, kind] of kinds.entries()) {
      const row = await insertNotification(t.db, {
        userId: me.id,
        actorId: other.id,
        kind,
        text: `notification ${i}`,
        link: '/home',
        sourceKey: `me-test:${me.id}:${i}`,
      });
      ids.push(row!.id);
    }
    // Someone else's unread notification never counts.
    await insertNotification(t.db, {
      userId: other.id,
      actorId: me.id,
      kind: 'like',
      text: 'not mine',
      link: '/home',
      sourceKey: `me-test:${other.id}`,
    });
    await markNotificationRead(t.db, me.id, ids[1]!, new Date());
    await markNotificationRead(t.db, me.id, ids[3]!, new Date());

    const unread = await me.call('GET', '/api/notification/unread_count');
    expect(unread.json()).toEqual({ unread_count: 3 });
    const res = await me.call('GET', '/api/me');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: me.id, notification_count: 3 });
  });
});
