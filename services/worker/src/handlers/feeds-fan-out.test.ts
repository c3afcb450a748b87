import { afterEach, describe, expect, it } from 'vitest';
import { asc, desc, eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createTestUser } from '@touchline/db/testing';
import { insertFollow, insertFriendship } from '@touchline/db/social';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import type { createWorkerEnv } from '../testing/worker-env';
import { insertTestPost } from '../testing/post-fixtures';
import { createFeedFanOutHandler } from './feeds-fan-out';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

describe('feeds.fan_out', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function setup(options: { batchSize?: number; cap?: number } = {}) {
    const handlerEnv = await createHandlerEnv();
    env = handlerEnv.env;
    const handle = createFeedFanOutHandler({ db: env.db, ...options });
    return (postId: string) => runJob(handle, 'feeds.fan_out', postId, { postId });
  }

  const timelineOf = async (userId: string) =>
    (
      await env.db
        .select({ postId: schema.homeTimelines.postId })
        .from(schema.homeTimelines)
        .where(eq(schema.homeTimelines.userId, userId))
        .orderBy(desc(schema.homeTimelines.createdAt), desc(schema.homeTimelines.postId))
    ).map((r) => r.postId);

  it('puts a post into the author’s, every friend’s and every follower’s timeline, in batches, once', async () => {
    const run = await setup({ batchSize: 2 });
    const author = await createTestUser(env.db);
    const friends = await Promise.all(Array.from({ length: 5 }, () => createTestUser(env.db)));
    for (const friend of friends) await insertFriendship(env.db, author.id, friend.id);
    const academy = await createTestUser(env.db, { role: 'academy' });
    const followers = await Promise.all(Array.from({ length: 3 }, () => createTestUser(env.db)));
    for (const follower of followers) await insertFollow(env.db, follower.id, academy.id);
    const stranger = await createTestUser(env.db);

    const post = await insertTestPost(env.db, author.id);
    await run(post.id);
    await run(post.id);
    for (const user of [author, ...friends]) expect(await timelineOf(user.id)).toEqual([post.id]);
    expect(await timelineOf(stranger.id)).toEqual([]);

    const academyPost = await insertTestPost(env.db, academy.id);
    await run(academyPost.id);
    for (const user of [academy, ...followers])
      expect(await timelineOf(user.id)).toEqual([academyPost.id]);
    expect(await timelineOf(author.id)).toEqual([post.id]);
  });

  it('keeps each timeline at its newest entries', async () => {
    const run = await setup({ cap: 3 });
    const author = await createTestUser(env.db);
    const friend = await createTestUser(env.db);
    await insertFriendship(env.db, author.id, friend.id);
    const posts: string[] = [];
    for (let i = 0; i < 5; i++) {
      const post = await insertTestPost(env.db, author.id, `Post ${i}`);
      posts.push(post.id);
      await run(post.id);
    }
    const newestFirst = posts.slice(2).reverse();
    expect(await timelineOf(friend.id)).toEqual(newestFirst);
    expect(await timelineOf(author.id)).toEqual(newestFirst);
    // A post older than a full timeline's last entry stays out (it would leave a gap).
    const old = await insertTestPost(env.db, author.id, 'Late');
    await env.db
      .update(schema.posts)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(schema.posts.id, old.id));
    await run(old.id);
    expect(await timelineOf(friend.id)).toEqual(newestFirst);
  });

  it('does nothing for a removed post', async () => {
    const run = await setup();
    const author = await createTestUser(env.db);
    const post = await insertTestPost(env.db, author.id);
    await env.db
      .update(schema.posts)
      .set({ removedAt: new Date() })
      .where(eq(schema.posts.id, post.id));
    await run(post.id);
    expect(
      await env.db.select().from(schema.homeTimelines).orderBy(asc(schema.homeTimelines.userId)),
    ).toEqual([]);
  });
});
