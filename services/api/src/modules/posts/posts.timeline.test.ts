import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { rankHomePopular, readFeedPage, type FeedRules } from '@touchline/db/posts';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { createContentModeration } from './posts.moderation';
import { FEED_RULES, postViewerOf } from './posts.rules';
import { rebuildHomeFeeds } from './posts.timelines';
import { dobForAge, person, post, seedPosts, type Person } from './posts.test-support';

/**
 * Decision 45: page 1 reads the home timeline (written on post) and the periodic popular
 * ranking. These tests hold it to the on-read computation it replaces (`source: 'on_read'`), on
 * the same data and the same clock, while ties, removals and new posts change the data.
 */
describe('home timelines', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => t.close());

  /** Small parts, so a timeline is longer than its network part and the range read decides. */
  const SMALL: FeedRules = { ...FEED_RULES, pageSize: 50, networkCap: 4, popularCap: 3 };

  /** Page 1 both ways at one instant (the ranking made at that instant, as the job would). */
  async function compare(viewer: Person, rules: FeedRules) {
    const now = new Date();
    await rankHomePopular(t.db, now);
    const who = postViewerOf({ userId: viewer.id, role: viewer.role }, now);
    const read = (source: 'timeline' | 'on_read') =>
      readFeedPage(t.db, who, { page: 1, rules, now, source }).then((r) => ({
        total: r.total,
        ids: r.rows.map((row) => row.id),
      }));
    const timeline = await read('timeline');
    expect(timeline).toEqual(await read('on_read'));
    return timeline.ids;
  }
  const sameAsOnRead = async (viewer: Person) => {
    const small = await compare(viewer, SMALL);
    const full = await compare(viewer, { ...FEED_RULES, pageSize: 500 });
    return { small, full };
  };

  const befriend = async (a: Person, b: Person) => {
    expect((await a.call('POST', '/api/friend_request', { to_user: b.id })).statusCode).toBe(201);
    expect((await b.call('POST', `/api/friend_request_accept/${a.id}`)).statusCode).toBe(200);
  };
  const follow = async (a: Person, academy: Person) =>
    expect((await a.call('POST', '/api/follow', { academy: academy.id })).statusCode).toBe(200);
  const timelineOf = async (user: Person) =>
    (
      await t.db
        .select({ postId: schema.homeTimelines.postId })
        .from(schema.homeTimelines)
        .where(eq(schema.homeTimelines.userId, user.id))
    ).map((r) => r.postId);
  const setLikes = (postId: string, likesCount: number) =>
    t.db.update(schema.posts).set({ likesCount }).where(eq(schema.posts.id, postId));

  it('answers the on-read order after a rebuild, new posts, unfollow, block, removal and unfriend', async () => {
    const viewer = await person(t, { state: 'Lagos', sports: ['football'] });
    const [f1, f2] = [await person(t), await person(t)];
    const [a1, a2] = [
      await person(t, { role: 'academy', username: 'Timeline Academy One' }),
      await person(t, { role: 'academy', username: 'Timeline Academy Two' }),
    ];
    await befriend(viewer, f1);
    await befriend(viewer, f2);
    await follow(viewer, a1);
    await follow(viewer, a2);
    const strangers = [await person(t), await person(t, { state: 'Kano' })];
    const minorStranger = await person(t, { dob: dobForAge(15) });

    await seedPosts(t, viewer, [3, 30]);
    const f1Posts = await seedPosts(t, f1, [1, 5, 9, 40]);
    const f2Posts = await seedPosts(t, f2, [2, 6, 50]);
    const a1Posts = await seedPosts(t, a1, [4, 7, 8, 60]);
    await seedPosts(t, a2, [10, 11]);
    const popular = [
      ...(await seedPosts(t, strangers[0]!, [1, 12, 24])),
      ...(await seedPosts(t, strangers[1]!, [2, 13])),
      ...(await seedPosts(t, minorStranger, [1])),
    ];
    for (const [i, id] of popular.entries()) await setLikes(id, (i * 7) % 5);
    await setLikes(popular.at(-1)!, 99);

    // `npm run feeds:build` fills the timelines of rows written without events (seeds).
    await rebuildHomeFeeds(t.db, new Date());
    const built = await sameAsOnRead(viewer);
    expect(built.full).not.toContain(popular.at(-1));
    expect(built.full).toEqual(expect.arrayContaining([...f1Posts, ...a1Posts, popular[0]]));

    // A new post reaches the followers' and friends' page 1 through the worker's fan-out.
    const fresh = await post(f1, 'Fresh from the pitch');
    await vi.waitFor(async () => expect(await timelineOf(viewer)).toContain(fresh), {
      timeout: 5000,
    });
    expect((await sameAsOnRead(viewer)).small[0]).toBe(fresh);

    await expect(viewer.call('POST', '/api/unfollow', { academy: a1.id })).resolves.toMatchObject({
      statusCode: 200,
    });
    await sameAsOnRead(viewer);
    // The academy's posts leave the timeline (they may come back as popular, as on read).
    for (const id of a1Posts) expect(await timelineOf(viewer)).not.toContain(id);

    expect((await viewer.call('POST', `/api/block/${f2.id}`)).statusCode).toBe(200);
    const afterBlock = await sameAsOnRead(viewer);
    for (const id of f2Posts) expect(afterBlock.full).not.toContain(id);
    expect(await timelineOf(f2)).not.toContain(fresh);

    const moderation = createContentModeration({ clock: () => new Date() });
    await t.db.transaction((tx) => moderation.remove(tx, { kind: 'post', id: f1Posts[0]! }));
    expect(await timelineOf(viewer)).not.toContain(f1Posts[0]);
    expect((await sameAsOnRead(viewer)).full).not.toContain(f1Posts[0]);

    expect((await viewer.call('DELETE', `/api/friends/${f1.id}`)).statusCode).toBe(200);
    // Out of the timeline; a former friend's posts may come back as popular, as on read.
    await sameAsOnRead(viewer);
    for (const id of [fresh, ...f1Posts]) expect(await timelineOf(viewer)).not.toContain(id);
  });

  it('a minor’s posts reach only their circle; a new friend’s posts merge in', async () => {
    const minor = await person(t, { dob: dobForAge(14), state: 'Oyo', sports: ['handball'] });
    const minorFriend = await person(t, { dob: dobForAge(15), state: 'Oyo' });
    const adult = await person(t, { state: 'Oyo', sports: ['handball'] });
    await befriend(minor, minorFriend);
    await seedPosts(t, minor, [2, 20]);
    const friendPosts = await seedPosts(t, minorFriend, [1, 3]);
    await rebuildHomeFeeds(t.db, new Date());
    // A tie made after the timeline exists merges the newcomer's newer posts in.
    const later = await person(t, { dob: dobForAge(16), state: 'Oyo' });
    const laterPosts = await seedPosts(t, later, [0.5, 30]);
    await befriend(minor, later);
    expect(await timelineOf(minor)).toContain(laterPosts[0]);

    const minorPost = await post(minor, 'My first goal');
    await vi.waitFor(async () => expect(await timelineOf(minorFriend)).toContain(minorPost), {
      timeout: 5000,
    });
    expect(await timelineOf(adult)).not.toContain(minorPost);
    const seen = await sameAsOnRead(minor);
    expect(seen.full).toEqual(expect.arrayContaining([minorPost, ...laterPosts]));
    expect(seen.full).toEqual(expect.arrayContaining(friendPosts));
    // The adult stranger sharing state and sport never gets the minor's posts, popular or not.
    await setLikes(minorPost, 50);
    expect((await sameAsOnRead(adult)).full).not.toContain(minorPost);
  });
});
