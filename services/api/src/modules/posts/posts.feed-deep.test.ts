import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rankHomePopular, readFeedBefore } from '@touchline/db/posts';
import { FEED, PAGING_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { FEED_RULES, postViewerOf } from './posts.rules';
import { rebuildHomeFeeds } from './posts.timelines';
import {
  befriend,
  block,
  deactivate,
  dobForAge,
  follow,
  person,
  type Person,
} from './posts.test-support';

type HomeBody = {
  posts: { id: string; user_id: string }[];
  has_more: boolean;
  page: number | null;
  next: string | null;
};

/**
 * Decision 67: past the snapshot's end the home feed continues by keyset cursor over the
 * viewer's network (`GET /api/home?before=`), with the feed's network rules (reachable authors,
 * no block either way, §13) and no repeat or gap where the numbered pages meet the cursor.
 */
describe('the home feed past its snapshot', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** `n` posts by `author`, one a minute, the newest `startMinutes` ago; answers their ids. */
  async function manyPosts(author: Person, n: number, startMinutes: number) {
    const result = await t.db.execute(sql`
      insert into posts (id, author_id, content, created_at)
      select gen_random_uuid(), ${author.id}::uuid, 'post ' || g,
        now() - make_interval(mins => ${startMinutes} + g)
      from generate_series(0, ${n - 1}) g
      returning id`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
  /** The ids of `authors`' posts, newest first (the network's order). */
  async function networkOrder(authors: Person[]) {
    const result = await t.db.execute(sql`
      select id from posts
      where author_id in (${sql.join(
        authors.map((a) => sql`${a.id}::uuid`),
        sql`, `,
      )}) and removed_at is null
      order by created_at desc, id desc`);
    return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
  }
  const get = async (who: Person, query: string) => {
    const res = await who.call('GET', `/api/home?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as HomeBody;
  };
  /** Every page by cursor from `before`, until `next` is null. */
  async function walk(who: Person, before: string) {
    const pages: HomeBody[] = [];
    for (let next: string | null = before; next !== null;) {
      const body = await get(who, `before=${encodeURIComponent(next)}`);
      expect(body.page).toBeNull();
      expect(body.has_more).toBe(body.next !== null);
      pages.push(body);
      next = body.next;
      expect(pages.length).toBeLessThan(100);
    }
    return pages;
  }
  /** A cursor newer than every post: the network from its newest post. */
  const fromTheTop = () =>
    `${new Date(Date.now() + 86_400_000).toISOString()}~${'f'.repeat(8)}-ffff-4fff-bfff-${'f'.repeat(12)}`;
  const ids = (pages: HomeBody[]) => pages.flatMap((p) => p.posts.map((post) => post.id));

  it('the numbered pages end with a cursor that goes on through older network posts, none twice and none missed', async () => {
    const viewer = await person(t);
    const friend = await person(t);
    const academy = await person(t, { role: 'academy' });
    const stranger = await person(t); // same state and sport: a popular candidate
    await befriend(t, viewer, friend);
    await follow(t, viewer, academy);
    const cap = FEED.networkCap;
    await manyPosts(friend, cap, 0);
    await manyPosts(academy, 25, 30);
    await manyPosts(viewer, 3, 60);
    const [popular] = await manyPosts(stranger, 1, 5);
    await t.db.execute(sql`update posts set likes_count = 40 where id = ${popular}::uuid`);
    await rebuildHomeFeeds(t.db, new Date());
    await rankHomePopular(t.db, new Date());
    const network = await networkOrder([viewer, friend, academy]);
    expect(network.length).toBe(cap + 28);

    const numbered: HomeBody[] = [];
    for (let page = 1; ; page++) {
      const body = await get(viewer, `page=${page}`);
      numbered.push(body);
      if (page === 2) {
        // Within the network part a page's `next` is the cursor of the numbered next page.
        const third = await get(viewer, `before=${encodeURIComponent(body.next!)}`);
        expect(ids([third])).toEqual(ids([await get(viewer, 'page=3')]));
      }
      if (!body.has_more) break;
    }
    const last = numbered.at(-1)!;
    expect(typeof last.next).toBe('string');
    const shown = ids(numbered);
    expect(shown).toContain(popular);
    expect(shown.filter((id) => id !== popular)).toEqual(network.slice(0, cap));

    const continued = await walk(viewer, last.next!);
    expect(ids(continued)).toEqual(network.slice(cap));
    expect(continued.every((p) => p.posts.length <= FEED_RULES.pageSize)).toBe(true);
    expect(new Set([...shown, ...ids(continued)]).size).toBe(network.length + 1);
  });

  it('a network that fits in the snapshot ends there: no cursor past it', async () => {
    const viewer = await person(t, { state: null, sports: [] }); // no popular part
    const friend = await person(t);
    await befriend(t, viewer, friend);
    await manyPosts(friend, 12, 0);
    const one = await get(viewer, 'page=1');
    const two = await get(viewer, 'page=2');
    expect([one.has_more, two.has_more, two.next]).toEqual([true, false, null]);
    // Page 1's cursor answers page 2 and ends there.
    const byCursor = await walk(viewer, one.next!);
    expect(ids(byCursor)).toEqual(ids([two]));
  });

  it('cursor pages keep the feed’s rules: blocks either way, inactive authors, and minors only to their circle', async () => {
    const viewer = await person(t, { dob: dobForAge(15) });
    const friend = await person(t, { dob: dobForAge(14) });
    const blocker = await person(t);
    const blocked = await person(t);
    const gone = await person(t);
    const academy = await person(t, { role: 'academy' });
    const strangerMinor = await person(t, { dob: dobForAge(16) });
    for (const other of [friend, blocker, blocked, gone]) await befriend(t, viewer, other);
    await follow(t, viewer, academy);
    for (const [i, who] of [friend, blocker, blocked, gone, academy, strangerMinor].entries())
      await manyPosts(who, 4, i * 10);
    await block(t, blocker, viewer);
    await block(t, viewer, blocked);
    await deactivate(t, gone);

    const seen = ids(await walk(viewer, fromTheTop()));
    expect(seen).toEqual(await networkOrder([friend, academy]));

    // An adult outside the minor's circle never gets the minor's posts, even by cursor.
    const adult = await person(t);
    await follow(t, adult, academy);
    const adultSees = await walk(adult, fromTheTop());
    expect(ids(adultSees)).toEqual(await networkOrder([academy]));
    expect(adultSees.flatMap((p) => p.posts.map((post) => post.user_id))).not.toContain(friend.id);
  });

  it('a sparse network is read author by author with the same answer', async () => {
    const viewer = await person(t);
    const friend = await person(t);
    const noisy = await person(t);
    await befriend(t, viewer, friend);
    await manyPosts(friend, 15, 0);
    await manyPosts(noisy, 40, 0); // interleaved with the friend's, not in the network
    const now = new Date();
    const who = postViewerOf({ userId: viewer.id, role: viewer.role }, now);
    const [createdAt, id] = fromTheTop().split('~') as [string, string];
    const read = (window?: number) =>
      readFeedBefore(t.db, who, { before: { createdAt, id }, pageSize: 10, window });
    const wide = await read();
    const narrow = await read(5); // 5 newest posts hold no full page: the per-author read
    expect(narrow.rows.map((r) => r.id)).toEqual(wide.rows.map((r) => r.id));
    expect(narrow.next).toBe(wide.next);
    expect(wide.rows.map((r) => r.id)).toEqual((await networkOrder([friend])).slice(0, 10));
  });

  it('a malformed cursor is 400 and a signed-out request 401', async () => {
    const viewer = await person(t);
    for (const bad of ['2', 'yesterday~x', '2024-02-30T00:00:00Z~' + viewer.id]) {
      const res = await viewer.call('GET', `/api/home?before=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toContain(PAGING_MESSAGES.badCursor);
    }
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/home?before=${encodeURIComponent(fromTheTop())}`,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
