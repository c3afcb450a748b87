/**
 * `npx tsx scripts/bench/feed-sizes.ts` (TEST_DATABASE_URL for Postgres, else PGlite): the home
 * feed's page 1 (the feed statement and the side panels, as `GET /api/home` runs them) at 1,000,
 * 10,000 and 100,000 posts in the viewer's world, against `select 1` on the same database handle
 * and the same concurrency (decision 45). Each size is the bench's dataset (`seed.ts`) at that
 * post count, its timelines built as `npm run feeds:build` builds them; the on-read computation
 * it replaces is measured beside it. Prints one line per row; docs/performance.md keeps them.
 */
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@touchline/db/testing';
import { readFeedPage, readHomePanels } from '@touchline/db/posts';
import { todayInLagos } from '@touchline/shared';
import { seed, SIZES, TABLE, uid, people, type Sizes } from './seed';
import { rebuildHomeFeeds } from '../../services/api/src/modules/posts/posts.timelines';
import { FEED_RULES, postViewerOf } from '../../services/api/src/modules/posts/posts.rules';

const POSTS = (process.env.FEED_SIZES ?? '1000,10000,100000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_DURATION ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 10);

/** Calls `fn` from `CONCURRENCY` loops for `SECONDS`: answers calls per second. */
async function rate(fn: (i: number) => Promise<unknown>) {
  const end = performance.now() + SECONDS * 1000;
  let calls = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, loop) => {
      while (performance.now() < end) {
        await fn(loop + calls);
        calls += 1;
      }
    }),
  );
  return calls / SECONDS;
}

for (const posts of POSTS) {
  const sizes: Sizes = {
    ...SIZES,
    users: 1_000,
    academies: 20,
    posts,
    academyPosts: Math.round(posts * 0.55),
    viewers: 5,
    viewerFriends: 200,
    sockets: 10,
    trials: 20,
    registrationsPerTrial: 5,
  };
  const database = await createTestDatabase();
  try {
    await seed(database, sizes);
    const built = performance.now();
    await rebuildHomeFeeds(database.db, new Date());
    const buildMs = performance.now() - built;
    const viewers = people(sizes).viewers.map((n) => uid(TABLE.users, n));
    const page1 = (source: 'timeline' | 'on_read') => async (i: number) => {
      const now = new Date();
      const viewerId = viewers[i % viewers.length]!;
      const viewer = postViewerOf({ userId: viewerId, role: 'player' }, now);
      await Promise.all([
        readFeedPage(database.db, viewer, { page: 1, rules: FEED_RULES, now, source }),
        readHomePanels(database.db, viewerId, {
          academiesLimit: 3,
          trialsLimit: 3,
          today: todayInLagos(now),
        }),
      ]);
    };
    // Warm both (plans, buffers, each viewer's snapshot).
    for (let i = 0; i < viewers.length; i++) {
      await page1('timeline')(i);
      await page1('on_read')(i);
    }
    const select1 = await rate(() => database.db.execute(sql`select 1`));
    const timeline = await rate(page1('timeline'));
    const onRead = await rate(page1('on_read'));
    const world = await database.db.execute(sql`
      select count(*)::int as n from posts p where p.author_id in (
        select ${viewers[0]!}::uuid union select friend_id from friendships where user_id = ${viewers[0]!}
        union select academy_id from follows where follower_id = ${viewers[0]!})`);
    const networkPosts = (world as unknown as { rows: { n: number }[] }).rows[0]!.n;
    console.log(
      JSON.stringify({
        backend: database.backend,
        posts,
        networkPosts,
        buildMs: Math.round(buildMs),
        select1: Math.round(select1),
        timeline: Math.round(timeline),
        timelineMs: +(1000 / timeline).toFixed(2),
        timelinePct: +((100 * timeline) / select1).toFixed(1),
        onRead: Math.round(onRead),
        onReadPct: +((100 * onRead) / select1).toFixed(1),
      }),
    );
  } finally {
    await database.close();
  }
}
