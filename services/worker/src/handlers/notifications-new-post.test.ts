import { afterEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestUser } from '@touchline/db/testing';
import { listNotifications } from '@touchline/db/notifications';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/user-events';
import { insertBlock, insertFollow, insertFriendship } from '@touchline/db/social';
import { setUserActive } from '@touchline/db/users';
import {
  PREVIEWS_CHANNEL,
  userChannel,
  type BusMessage,
  type PreviewsMessage,
} from '@touchline/shared';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import type { createWorkerEnv } from '../testing/worker-env';
import { insertTestPost } from '../testing/post-fixtures';
import { createNewPostNotificationsHandler } from './notifications-new-post';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

describe('notifications.new_post', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function setup(batchSize?: number) {
    const handlerEnv = await createHandlerEnv();
    env = handlerEnv.env;
    const { drivers } = handlerEnv;
    const handle = batchSize
      ? createNewPostNotificationsHandler({ ...drivers, db: env.db, batchSize })
      : handlerEnv.handlers['notifications.new_post'];
    const run = (eventId: string, postId: string) =>
      runJob(handle, 'notifications.new_post', eventId, { eventId, postId });
    return { run, drivers };
  }

  const texts = async (userId: string) =>
    (await listNotifications(env.db, userId, 10)).map((r) => r.text);

  it('tells every friend of a player, in batches, once however often it runs', async () => {
    const { run, drivers } = await setup(3);
    const author = await createTestUser(env.db, { username: 'Ada Obi' });
    const friends = await Promise.all(Array.from({ length: 8 }, () => createTestUser(env.db)));
    for (const friend of friends) await insertFriendship(env.db, author.id, friend.id);
    const stranger = await createTestUser(env.db);
    const received: BusMessage[] = [];
    await drivers.bus.subscribe(userChannel(friends[7]!.id), (m) => received.push(m as BusMessage));
    const post = await insertTestPost(env.db, author.id);

    await run('21', post.id);
    await run('21', post.id);
    for (const friend of friends) {
      const rows = await listNotifications(env.db, friend.id, 10);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'new_post',
        text: 'Ada Obi added a new post',
        link: `/view_post_details/${post.id}`,
        actorId: author.id,
      });
      expect(await lastUserSeq(env.db, friend.id)).toBe(1);
      const [event] = await listUserEventsSince(env.db, friend.id, 0, 10);
      expect(event).toMatchObject({
        type: 'notification',
        seq: 1,
        data: { id: rows[0]!.id, unread: 1 },
      });
    }
    expect(await texts(stranger.id)).toEqual([]);
    expect(await texts(author.id)).toEqual([]);
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toMatchObject({ kind: 'stored', event: { type: 'notification', seq: 1 } });
  });

  it('tells an academy’s followers, but no one blocked either way or inactive', async () => {
    const { run } = await setup();
    const academy = await createTestUser(env.db, { username: 'Lagos FC', role: 'academy' });
    const followers = await Promise.all(Array.from({ length: 4 }, () => createTestUser(env.db)));
    for (const follower of followers) await insertFollow(env.db, follower.id, academy.id);
    await insertBlock(env.db, academy.id, followers[0]!.id);
    await insertBlock(env.db, followers[1]!.id, academy.id);
    await setUserActive(env.db, followers[2]!.id, false);
    const post = await insertTestPost(env.db, academy.id);

    await run('22', post.id);
    expect(await texts(followers[0]!.id)).toEqual([]);
    expect(await texts(followers[1]!.id)).toEqual([]);
    expect(await texts(followers[2]!.id)).toEqual([]);
    expect(await texts(followers[3]!.id)).toEqual(['Lagos FC added a new post']);
  });

  it('a rerun tells only who was not told yet (after a crash between batches)', async () => {
    const { run } = await setup(2);
    const author = await createTestUser(env.db, { username: 'Ada' });
    const first = await Promise.all(Array.from({ length: 3 }, () => createTestUser(env.db)));
    for (const friend of first) await insertFriendship(env.db, author.id, friend.id);
    const post = await insertTestPost(env.db, author.id);
    await run('23', post.id);
    const late = await createTestUser(env.db);
    await insertFriendship(env.db, author.id, late.id);
    await run('23', post.id);
    for (const friend of [...first, late]) {
      expect(await texts(friend.id)).toEqual(['Ada added a new post']);
      expect(await lastUserSeq(env.db, friend.id)).toBe(1);
    }
  });

  it('previews the notice to the whole audience in one bus message, with the ids and counts the stored rows get', async () => {
    const { run, drivers } = await setup(2);
    const academy = await createTestUser(env.db, { username: 'Kano Stars', role: 'academy' });
    const followers = await Promise.all(Array.from({ length: 5 }, () => createTestUser(env.db)));
    for (const follower of followers) await insertFollow(env.db, follower.id, academy.id);
    await insertBlock(env.db, followers[4]!.id, academy.id);
    const previews: PreviewsMessage[] = [];
    await drivers.bus.subscribe(PREVIEWS_CHANNEL, (m) => previews.push(m as PreviewsMessage));
    // An unread notice already there: the preview's count includes it.
    const earlier = await createTestUser(env.db, { username: 'Old Friend' });
    await insertFriendship(env.db, earlier.id, followers[0]!.id);
    await run('30', (await insertTestPost(env.db, earlier.id)).id);
    await vi.waitFor(() => expect(previews).toHaveLength(1));
    previews.length = 0;
    const post = await insertTestPost(env.db, academy.id);

    await run('31', post.id);
    await run('31', post.id);
    // A marker behind both runs' messages (the bus keeps a channel's order).
    await drivers.bus.publish(PREVIEWS_CHANNEL, { kind: 'marker' });
    await vi.waitFor(() => expect(previews.at(-1)).toEqual({ kind: 'marker' }));
    // The rerun found everyone told: one preview message, from the first run.
    expect(previews).toHaveLength(2);
    const [message] = previews;
    expect(message!.notice).toEqual({
      kind: 'new_post',
      text: 'Kano Stars added a new post',
      link: `/view_post_details/${post.id}`,
      actor_id: academy.id,
      created_at: expect.any(String),
    });
    const told = followers.slice(0, 4);
    expect(message!.to.map(([userId]) => userId).sort()).toEqual(told.map((f) => f.id).sort());
    for (const follower of told) {
      const [row] = await listNotifications(env.db, follower.id, 1);
      const entry = message!.to.find(([userId]) => userId === follower.id)!;
      const unread = follower === followers[0] ? 2 : 1;
      expect(entry).toEqual([follower.id, row!.id, unread]);
      expect(row!.createdAt.toISOString()).toBe(message!.notice.created_at);
      const events = await listUserEventsSince(env.db, follower.id, 0, 10);
      expect(events.at(-1)).toMatchObject({ type: 'notification', data: { id: row!.id, unread } });
    }
  });

  it('a rerun previews a notice not yet stored under the id it had the first time', async () => {
    const { run, drivers } = await setup();
    const academy = await createTestUser(env.db, { username: 'Jos Lions', role: 'academy' });
    const followers = await Promise.all(Array.from({ length: 3 }, () => createTestUser(env.db)));
    for (const follower of followers) await insertFollow(env.db, follower.id, academy.id);
    const previews: PreviewsMessage[] = [];
    await drivers.bus.subscribe(PREVIEWS_CHANNEL, (m) => previews.push(m as PreviewsMessage));
    const post = await insertTestPost(env.db, academy.id);

    await run('41', post.id);
    await vi.waitFor(() => expect(previews).toHaveLength(1));
    const first = new Map(previews[0]!.to.map(([userId, id]) => [userId, id]));
    // As if the batch holding the last follower had failed after the preview went out.
    const lost = followers[2]!;
    await env.db.execute(sql`delete from notifications where user_id = ${lost.id}`);

    await run('41', post.id);
    await vi.waitFor(() => expect(previews).toHaveLength(2));
    expect(previews[1]!.to.map(([userId, id]) => [userId, id])).toEqual([
      [lost.id, first.get(lost.id)],
    ]);
    const [row] = await listNotifications(env.db, lost.id, 1);
    expect(row!.id).toBe(first.get(lost.id));
  });
});
