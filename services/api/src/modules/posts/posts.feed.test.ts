import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { rankHomePopular, readFeedPage } from '@touchline/db/posts';
import { countQueries } from '@touchline/db/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { HOME_LEADERS_TTL_MS } from './posts.rules';
import {
  befriend,
  block,
  deactivate,
  dobForAge,
  follow,
  person,
  post,
  seedPosts,
  type Person,
} from './posts.test-support';

type HomeBody = {
  posts: { id: string; user: string; can_comment: boolean }[];
  has_more: boolean;
  page: number;
  user: Record<string, unknown>;
  trials: unknown[];
  academies: { id: string; username: string }[];
};

describe('the home feed', () => {
  let t: TestApp;
  /** Real time, moved forward when a test needs the side panels' shared lists read again. */
  let skew = 0;
  beforeAll(async () => {
    t = await createTestApp({ clock: () => new Date(Date.now() + skew) });
  });
  afterAll(async () => t.close());

  /** A viewer sharing no state or sport with anyone: their feed is their network only. */
  const loner = (values: Parameters<typeof person>[1] = {}) =>
    person(t, { state: null, sports: [], ...values });

  const home = async (who: Person, page = 1) => {
    const res = await who.call('GET', `/api/home?page=${page}`);
    expect(res.statusCode).toBe(200);
    return res.json() as HomeBody;
  };
  const ids = (body: HomeBody) => body.posts.map((p) => p.id);
  const setLikes = (postId: string, likesCount: number, commentsTotal = 0) =>
    t.db.update(schema.posts).set({ likesCount, commentsTotal }).where(eq(schema.posts.id, postId));

  it('shows the network newest first, then popular posts of the viewer’s state or sports', async () => {
    const viewer = await person(t, { username: 'Viewer', state: 'Lagos', sports: ['football'] });
    const friend = await person(t, { username: 'Friend', state: 'Kano', sports: ['basketball'] });
    const academy = await person(t, { role: 'academy', username: 'Followed Academy' });
    const minorFriend = await person(t, { username: 'Young Friend', dob: dobForAge(14) });
    await befriend(t, viewer, friend);
    await befriend(t, viewer, minorFriend);
    await follow(t, viewer, academy);

    const sameState = await person(t, { state: 'Lagos', sports: ['basketball'] });
    const sameSport = await person(t, { state: 'Kano', sports: ['football'] });
    const unrelated = await person(t, { state: 'Kano', sports: ['basketball'] });
    const minor = await person(t, { state: 'Lagos', dob: dobForAge(15) });
    const noDob = await person(t, { state: 'Lagos', dob: null });
    const blocked = await person(t, { state: 'Lagos' });
    const inactive = await person(t, { state: 'Lagos' });

    const [own] = await seedPosts(t, viewer, [2]);
    const [friendNew, friendOld] = await seedPosts(t, friend, [1, 50]);
    const [academyPost] = await seedPosts(t, academy, [3]);
    const [minorFriendPost] = await seedPosts(t, minorFriend, [4]);
    const [stateHot, stateOld] = await seedPosts(t, sameState, [5, 24 * 40]);
    const [sportHotter] = await seedPosts(t, sameSport, [6]);
    const [sportCold] = await seedPosts(t, sameSport, [7]);
    const [unrelatedPost] = await seedPosts(t, unrelated, [1]);
    const [minorPost] = await seedPosts(t, minor, [1]);
    const [noDobPost] = await seedPosts(t, noDob, [1]);
    const [blockedPost] = await seedPosts(t, blocked, [1]);
    const [inactivePost] = await seedPosts(t, inactive, [1]);
    for (const id of [stateOld, unrelatedPost, minorPost, noDobPost, blockedPost, inactivePost])
      await setLikes(id!, 500);
    await setLikes(stateHot!, 5);
    await setLikes(sportHotter!, 10, 4);
    await block(t, blocked, viewer);
    await deactivate(t, inactive);
    // The popular part is ranked periodically (the recurring `feeds.rank_popular` job).
    await rankHomePopular(t.db, new Date());

    const body = await home(viewer);
    expect(ids(body)).toEqual([
      friendNew,
      own,
      academyPost,
      minorFriendPost,
      friendOld,
      sportHotter,
      stateHot,
      sportCold,
    ]);
    expect(body).toMatchObject({ page: 1, has_more: false, trials: [] });
    // A friend may comment on a minor's post.
    expect(body.posts.find((p) => p.id === minorFriendPost)!.can_comment).toBe(true);
  });

  it('pages stay fixed while new posts arrive: no duplicates, no gaps', async () => {
    const viewer = await loner();
    const friend = await person(t);
    await befriend(t, viewer, friend);
    const older = await seedPosts(
      t,
      friend,
      Array.from({ length: 25 }, (_, i) => i + 1),
    );

    const page1 = await home(viewer, 1);
    expect(ids(page1)).toEqual(older.slice(0, 10));
    expect(page1.has_more).toBe(true);

    const newcomer = await post(friend, 'Breaking news');
    const page2 = await home(viewer, 2);
    expect(ids(page2)).toEqual(older.slice(10, 20));
    const page3 = await home(viewer, 3);
    expect(ids(page3)).toEqual(older.slice(20, 25));
    expect(page3.has_more).toBe(false);
    expect(ids(await home(viewer, 4))).toEqual([]);

    const again = await home(viewer, 1);
    expect(ids(again)[0]).toBe(newcomer);
  });

  it('page 1 rewrites the snapshot only when the order changed (a reload is a read)', async () => {
    const viewer = await loner();
    const friend = await person(t);
    await befriend(t, viewer, friend);
    await seedPosts(t, friend, [1, 2, 3]);
    // xmin names the transaction that last wrote the row: unchanged means not rewritten.
    const version = async () => {
      const result = await t.db.execute(
        sql`select xmin::text as v from feed_snapshots where user_id = ${viewer.id}`,
      );
      return (result as unknown as { rows: { v: string }[] }).rows[0]?.v;
    };
    await home(viewer, 1);
    const first = await version();
    expect(first).toBeDefined();
    await home(viewer, 1);
    expect(await version()).toBe(first);

    const newcomer = await post(friend, 'Fresh from training');
    expect(ids(await home(viewer, 1))[0]).toBe(newcomer);
    expect(await version()).not.toBe(first);
  });

  it('reading the newest posts first builds the same order as scoring every post', async () => {
    const viewer = await person(t, { state: 'Ogun', sports: ['handball'] });
    const friend = await person(t, { state: 'Kano', sports: ['basketball'] });
    await befriend(t, viewer, friend);
    const stranger = await person(t, { state: 'Ogun', sports: ['handball'] });
    await seedPosts(t, friend, [1, 3, 5, 30, 60, 200]);
    const strangers = await seedPosts(t, stranger, [0.5, 2, 4, 8, 16, 48, 96, 300]);
    // Old posts with many likes outscore newer ones: the small windows must notice them.
    const likes = [1, 0, 3, 2, 5, 40, 400, 9];
    for (const [i, id] of strangers.entries()) await setLikes(id, likes[i]!);
    const now = new Date();
    const order = async (windows: { networkWindow: number; popularWindow: number }) => {
      const rules = { pageSize: 20, networkCap: 4, popularCap: 4, popularDays: 30, ...windows };
      const viewerOf = { viewerId: viewer.id, isAdmin: false, adultCutoff: '2008-01-01' };
      const { total, rows } = await readFeedPage(t.db, viewerOf, {
        page: 1,
        rules,
        now,
        source: 'on_read',
      });
      return { total, ids: rows.map((row) => row.id) };
    };
    const everything = await order({ networkWindow: 1_000_000, popularWindow: 1_000_000 });
    expect(everything.total).toBe(8);
    for (const size of [1, 2, 3, 5, 8, 13]) {
      expect(await order({ networkWindow: size, popularWindow: size })).toEqual(everything);
    }
  });

  it('a later page without a snapshot builds one', async () => {
    const viewer = await loner();
    const mine = await seedPosts(
      t,
      viewer,
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const page2 = await home(viewer, 2);
    expect(ids(page2)).toEqual(mine.slice(10));
    expect(page2.has_more).toBe(false);
  });

  it('a user blocked between two pages disappears; the page is shorter, never shifted', async () => {
    const viewer = await loner();
    const [a, b] = [await person(t), await person(t)];
    await befriend(t, viewer, a);
    await befriend(t, viewer, b);
    // Alternate authors: a, b, a, b… newest first.
    const order: string[] = [];
    for (let i = 0; i < 20; i++) {
      const [id] = await seedPosts(t, i % 2 === 0 ? a : b, [i + 1]);
      order.push(id!);
    }
    await home(viewer, 1);
    await block(t, viewer, b);
    const page2 = await home(viewer, 2);
    expect(ids(page2)).toEqual(order.slice(10).filter((_, i) => i % 2 === 0));
    expect(ids(await home(viewer, 1))).toEqual(order.filter((_, i) => i % 2 === 0).slice(0, 10));
  });

  it('the summary card counts and the most followed academies', async () => {
    const viewer = await loner({ username: 'Card Owner' });
    const friend = await person(t);
    await befriend(t, viewer, friend);
    // A friend who left is not counted.
    const gone = await person(t);
    await befriend(t, viewer, gone);
    await deactivate(t, gone);
    await seedPosts(t, viewer, [1, 2]);
    const academies: Person[] = [];
    for (let i = 0; i < 4; i++)
      academies.push(await person(t, { role: 'academy', username: `Zeta Academy ${i}` }));
    // Followers: academy 2 → 5, academy 0 → 4, academy 3 → 3, academy 1 → 0.
    const followers = [4, 0, 5, 3];
    for (const [i, count] of followers.entries()) {
      for (let f = 0; f < count; f++) await follow(t, await person(t), academies[i]!);
    }
    const blockedAcademy = await person(t, { role: 'academy', username: 'Blocked Academy' });
    for (let f = 0; f < 9; f++) await follow(t, await person(t), blockedAcademy);
    await block(t, viewer, blockedAcademy);

    // The shared lists an earlier request left in the instance's cache are read again once they
    // are older than it keeps them (decision 64).
    skew += HOME_LEADERS_TTL_MS;
    const body = await home(viewer);
    expect(body.user).toMatchObject({
      user_id: viewer.id,
      username: 'Card Owner',
      role: 'player',
      friends_count: 1,
      followers_count: 0,
      post_count: 2,
      achievements_count: 0,
      open_to_work: false,
      profile_photo: null,
    });
    // The most followed academy of the file is blocked: it never shows.
    expect(body.academies.map((a) => a.id)).toEqual([
      academies[2]!.id,
      academies[0]!.id,
      academies[3]!.id,
    ]);
  });

  it('any page costs two SQL statements: the feed page and the side panels', async () => {
    const viewer = await loner();
    const friend = await person(t);
    await befriend(t, viewer, friend);
    const posts = await seedPosts(
      t,
      friend,
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    const commenter = await person(t);
    await commenter.call('POST', `/api/add_comment/${posts[0]}`, { content: 'First!' });
    await commenter.call('POST', `/api/add_comment/${posts[21]}`, { content: 'Deep cut' });
    await commenter.call('POST', `/api/like/${posts[21]}`);

    const feed = t.services.feed;
    const auth = { userId: viewer.id, role: viewer.role };
    const page1 = await countQueries(t.database, () => feed.home(auth, { page: 1 }));
    const page3 = await countQueries(t.database, () => feed.home(auth, { page: 3 }));
    expect([page1, page3]).toEqual([2, 2]);
    // Over HTTP the first signed-in request adds its session check; later ones find the session
    // in the instance's cache (decision 44) and cost the feed's own two.
    const overHttp = [
      await countQueries(t.database, () => home(viewer, 1)),
      await countQueries(t.database, () => home(viewer, 3)),
    ];
    expect(overHttp).toEqual([3, 2]);

    const result = await feed.home(auth, { page: 3 });
    expect(result.posts).toHaveLength(10);
    expect(result.posts[1]).toMatchObject({ likes_count: 1, comments_count: 1 });
    expect(result.posts[1]!.comments[0]).toMatchObject({ content: 'Deep cut' });
  });
});
