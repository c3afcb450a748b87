import { afterEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestUser } from '@touchline/db/testing';
import { schema } from '@touchline/db';
import { listNotifications, markNotificationRead } from '@touchline/db/notifications';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/user-events';
import { insertBlock } from '@touchline/db/social';
import { setUserActive } from '@touchline/db/users';
import { userChannel, type BusMessage } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import type { createWorkerEnv } from '../testing/worker-env';
import { insertTestPost, likeTestPost, unlikeTestPost } from '../testing/post-fixtures';
import { likeHour } from '@touchline/delivery';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

const at = (iso: string) => new Date(iso);

describe('notifications.like', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function setup() {
    let now = at('2030-05-01T10:30:00Z');
    const handlerEnv = await createHandlerEnv(() => now);
    env = handlerEnv.env;
    const { drivers } = handlerEnv;
    const owner = await createTestUser(env.db, { username: 'Dayo' });
    const post = await insertTestPost(env.db, owner.id);
    const received: BusMessage[] = [];
    await drivers.bus.subscribe(userChannel(owner.id), (m) => received.push(m as BusMessage));
    const run = (eventId: string, likerId: string, postId = post.id) =>
      handlerEnv.run('notifications.like', eventId, { eventId, postId, likerId });
    const rows = () => listNotifications(env.db, owner.id, 10);
    const setNow = (iso: string) => (now = at(iso));
    return { owner, post, run, rows, received, setNow };
  }

  it('folds likes within one clock hour into one row naming the newest liker, and a rerun changes nothing', async () => {
    const { owner, post, run, rows, received, setNow } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const bola = await createTestUser(env.db, { username: 'Bola' });

    await likeTestPost(env.db, post.id, ada.id, at('2030-05-01T10:05:00Z'));
    await run('1', ada.id);
    let [row] = await rows();
    expect(row).toMatchObject({
      kind: 'like',
      text: 'Ada liked your post',
      link: `/view_post_details/${post.id}`,
      actorId: ada.id,
      readAt: null,
    });
    const firstId = row!.id;

    await likeTestPost(env.db, post.id, bola.id, at('2030-05-01T10:40:00Z'));
    setNow('2030-05-01T10:41:00Z');
    await run('2', bola.id);
    const afterSecond = await rows();
    expect(afterSecond).toHaveLength(1);
    expect(afterSecond[0]).toMatchObject({
      id: firstId,
      text: 'Bola and 1 other liked your post',
      actorId: bola.id,
      createdAt: at('2030-05-01T10:41:00Z'),
    });
    const seqBefore = await lastUserSeq(env.db, owner.id);

    setNow('2030-05-01T10:50:00Z');
    await run('2', bola.id);
    await run('1', ada.id);
    expect(await rows()).toEqual(afterSecond);
    expect(await lastUserSeq(env.db, owner.id)).toBe(seqBefore);
    const [stored] = await env.db
      .select({ actorCount: schema.notifications.actorCount })
      .from(schema.notifications)
      .where(eq(schema.notifications.id, firstId));
    expect(stored!.actorCount).toBe(2);

    // Still unread when Bola's like came: the event carries the unchanged count (1), and no
    // separate count event follows.
    const events = await listUserEventsSince(env.db, owner.id, 0, 10);
    expect(events.map((e) => e.type)).toEqual(['notification', 'notification']);
    expect(events[0]!.data).toMatchObject({ id: firstId, unread: 1 });
    expect(events[1]!.data).toMatchObject({
      id: firstId,
      text: 'Bola and 1 other liked your post',
      unread: 1,
    });
    await vi.waitFor(() => expect(received).toHaveLength(2));
    expect(
      received.map((m) => m.kind === 'stored' && [m.event.type, m.event.seq, m.event.data]),
    ).toEqual([
      ['notification', 1, expect.objectContaining({ unread: 1 })],
      ['notification', 2, expect.objectContaining({ unread: 1 })],
    ]);

    // The next clock hour starts a new row, on top.
    const chidi = await createTestUser(env.db, { username: 'Chidi' });
    await likeTestPost(env.db, post.id, chidi.id, at('2030-05-01T11:02:00Z'));
    setNow('2030-05-01T11:03:00Z');
    await run('3', chidi.id);
    const both = await rows();
    expect(both.map((r) => r.text)).toEqual([
      'Chidi liked your post',
      'Bola and 1 other liked your post',
    ]);
    [row] = both;
    expect(row!.id).not.toBe(firstId);
  });

  it('makes a read row unread again and puts it on top when a new like comes in the hour', async () => {
    const { owner, post, run, rows, setNow } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const bola = await createTestUser(env.db, { username: 'Bola' });
    const other = await insertTestPost(env.db, owner.id);
    const chidi = await createTestUser(env.db, { username: 'Chidi' });

    await likeTestPost(env.db, post.id, ada.id, at('2030-05-01T10:01:00Z'));
    await run('1', ada.id);
    const grouped = (await rows())[0]!;
    await likeTestPost(env.db, other.id, chidi.id, at('2030-05-01T10:02:00Z'));
    setNow('2030-05-01T10:35:00Z');
    await run('2', chidi.id, other.id);
    expect((await rows()).map((r) => r.text)).toEqual([
      'Chidi liked your post',
      'Ada liked your post',
    ]);
    await markNotificationRead(env.db, owner.id, grouped.id, at('2030-05-01T10:36:00Z'));
    const seq = await lastUserSeq(env.db, owner.id);

    await likeTestPost(env.db, post.id, bola.id, at('2030-05-01T10:50:00Z'));
    setNow('2030-05-01T10:51:00Z');
    await run('3', bola.id);
    const list = await rows();
    expect(list.map((r) => [r.id, r.text, r.readAt])).toEqual([
      [grouped.id, 'Bola and 1 other liked your post', null],
      [expect.any(String), 'Chidi liked your post', null],
    ]);
    // It was read: the event carries the risen count (both rows unread), and nothing else comes.
    const events = await listUserEventsSince(env.db, owner.id, seq, 10);
    expect(events.map((e) => e.type)).toEqual(['notification']);
    expect(events[0]!.data).toMatchObject({ id: grouped.id, unread: 2 });
  });

  it('counts each liker once per hour and ignores likes taken back', async () => {
    const { post, run, rows } = await setup();
    const likers = await Promise.all(
      ['Ada', 'Bola', 'Chidi', 'Dapo', 'Efe'].map((username) =>
        createTestUser(env.db, { username }),
      ),
    );
    for (const [i, liker] of likers.entries()) {
      await likeTestPost(env.db, post.id, liker.id, at(`2030-05-01T10:1${i}:00Z`));
    }
    await run('1', likers[0]!.id); // late: every like of the hour is already there
    expect((await rows()).map((r) => r.text)).toEqual(['Efe and 4 others liked your post']);
    await unlikeTestPost(env.db, post.id, likers[4]!.id);
    await run('5', likers[4]!.id); // Efe unliked before this ran: nothing to tell
    await run('4', likers[3]!.id); // the tally shrank: an unlike does not rewrite the row
    expect((await rows()).map((r) => r.text)).toEqual(['Efe and 4 others liked your post']);
  });

  it('folds likes processed at the same time into one row with the full count', async () => {
    const { post, run, rows } = await setup();
    const likers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTestUser(env.db, { username: `Liker ${i}` })),
    );
    for (const [i, liker] of likers.entries()) {
      await likeTestPost(env.db, post.id, liker.id, at(`2030-05-01T10:0${i}:00Z`));
    }
    await Promise.all(likers.map((liker, i) => run(String(i + 1), liker.id)));
    expect((await rows()).map((r) => r.text)).toEqual(['Liker 5 and 5 others liked your post']);
  });

  it('stays silent when the like was taken back before the job ran', async () => {
    const { post, run, rows } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    await likeTestPost(env.db, post.id, ada.id);
    await unlikeTestPost(env.db, post.id, ada.id);
    await run('1', ada.id);
    expect(await rows()).toHaveLength(0);
  });

  it('stays silent for the owner’s own like, a block either way, an inactive liker or a removed post', async () => {
    const { owner, post, run, rows } = await setup();
    await likeTestPost(env.db, post.id, owner.id);
    await run('1', owner.id);

    const blocked = await createTestUser(env.db);
    await insertBlock(env.db, owner.id, blocked.id);
    await likeTestPost(env.db, post.id, blocked.id);
    await run('2', blocked.id);

    const blocker = await createTestUser(env.db);
    await insertBlock(env.db, blocker.id, owner.id);
    await likeTestPost(env.db, post.id, blocker.id);
    await run('3', blocker.id);

    const gone = await createTestUser(env.db);
    await likeTestPost(env.db, post.id, gone.id);
    await setUserActive(env.db, gone.id, false, 'spam');
    await run('4', gone.id);

    const ada = await createTestUser(env.db, { username: 'Ada' });
    await likeTestPost(env.db, post.id, ada.id);
    await env.db
      .update(schema.posts)
      .set({ removedAt: new Date() })
      .where(eq(schema.posts.id, post.id));
    await run('5', ada.id);
    expect(await rows()).toHaveLength(0);

    // Back up: only Ada counts, never the owner, the blocked or the inactive likers.
    await env.db.update(schema.posts).set({ removedAt: null }).where(eq(schema.posts.id, post.id));
    await run('5', ada.id);
    expect((await rows()).map((r) => r.text)).toEqual(['Ada liked your post']);
  });

  it('buckets by the UTC clock hour of the like', () => {
    expect(likeHour(at('2030-05-01T10:59:59.999Z'))).toMatchObject({
      label: '2030-05-01T10',
      from: at('2030-05-01T10:00:00Z'),
      to: at('2030-05-01T11:00:00Z'),
    });
    expect(likeHour(at('2030-05-01T11:00:00Z')).label).toBe('2030-05-01T11');
  });
});
