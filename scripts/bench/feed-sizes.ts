/**
 * The home feed by the size of the world (issue 24 item 1, decision 45): `GET /api/home?page=1`
 * over HTTP on the shipped app when the viewer's world holds 1,000, 10,000 and 100,000 posts,
 * each against a `SELECT 1` route on the same database in alternating rounds (the same method as
 * the HTTP rows). Each size is the bench's dataset in a throw-away database of its own: 1,000
 * users, 20 academies, 5 viewers who follow every academy and have 200 friends; nine tenths of
 * the world's posts by the academies and the rest by the viewers' friends (about a fifth of the
 * players' posts), so the viewer's network holds about the size named (the row says how many).
 * The target: page 1's time per request at 100,000 posts ≤ 1.5× its time at 1,000.
 */
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '@touchline/db/testing';
import { startBenchApp } from './app';
import { buildViewerFeeds, startSelect1Route } from './feeds';
import { alternate } from './http';
import { QUICK, log, rows } from './lib';
import { SIZES, TABLE, people, rowsOf, seed, uid, type Sizes } from './seed';

const WORLDS = QUICK ? [300, 1_000] : [1_000, 10_000, 100_000];

function sizesFor(world: number): Sizes {
  const academyPosts = Math.round(world * 0.9);
  return {
    ...SIZES,
    users: 1_000,
    academies: 20,
    posts: academyPosts + Math.round(world * 0.5),
    academyPosts,
    viewers: 5,
    viewerFriends: 200,
    sockets: 10,
    trials: 20,
    registrationsPerTrial: 5,
  };
}

/** One world: its page 1 and `SELECT 1` in alternating rounds; answers both medians. */
async function measureWorld(world: number, keyPrefix: string) {
  const sizes = sizesFor(world);
  const database = await createTestDatabase();
  try {
    await seed(database, sizes);
    const viewers = people(sizes).viewers.map((n) => uid(TABLE.users, n));
    await buildViewerFeeds(database, viewers);
    const [counted] = rowsOf(
      await database.db.execute(sql`
        select count(*)::int as n from posts p where p.author_id in (
          select friend_id from friendships where user_id = ${viewers[0]!}
          union select academy_id from follows where follower_id = ${viewers[0]!})`),
    ) as { n: number }[];
    const bench = await startBenchApp({ database, keyPrefix: `${keyPrefix}-w${world}` });
    const select1 = await startSelect1Route(database);
    try {
      const appUrl = await bench.listen();
      const requests = people(sizes).viewers.map((n) => ({
        path: '/api/home?page=1',
        headers: {
          authorization: `Bearer ${bench.app.signAccessToken({
            sub: uid(TABLE.users, n),
            role: 'player',
            sid: uid(TABLE.sessions, n),
          })}`,
        },
      }));
      const medians = await alternate(appUrl, [
        { name: `SELECT 1 route (${world} posts)`, url: select1.url, requests: [{ path: '/' }] },
        { name: `home feed page 1 (${world} posts)`, url: appUrl, requests },
      ]);
      return {
        world,
        network: counted!.n,
        select1: medians.get(`SELECT 1 route (${world} posts)`)!,
        page1: medians.get(`home feed page 1 (${world} posts)`)!,
      };
    } finally {
      await select1.close();
      await bench.close();
    }
  } finally {
    await database.close();
  }
}

export async function benchFeedSizes(keyPrefix: string) {
  log(`\nHome feed by the size of the world (${WORLDS.join(', ')} posts)`);
  const measured = [];
  for (const world of WORLDS) measured.push(await measureWorld(world, keyPrefix));
  for (const m of measured)
    rows.push({
      name: `Home feed page 1, ${m.world.toLocaleString('en')} posts in the viewer's world`,
      baseline: 'SELECT 1 route',
      baselineValue: m.select1,
      value: m.page1,
      unit: 'req/s',
      ratio: m.page1 / m.select1,
      target: 'recorded (% of SELECT 1)',
      meets: null,
      note: `${m.network.toLocaleString('en')} posts in the network; ${(1000 / m.page1).toFixed(2)} ms per request (1 / rate)`,
    });
  const smallest = measured[0]!;
  const largest = measured.at(-1)!;
  // Time per request grows by the inverse of the rates; the same ratio against each world's own
  // `SELECT 1` (what drift of the machine between the worlds would change) is noted beside it.
  const growth = smallest.page1 / largest.page1;
  const normalised = smallest.page1 / smallest.select1 / (largest.page1 / largest.select1);
  rows.push({
    name: `Home feed page 1's time per request at ${largest.world.toLocaleString('en')} posts against ${smallest.world.toLocaleString('en')}`,
    baseline: `page 1 at ${smallest.world.toLocaleString('en')} posts`,
    baselineValue: smallest.page1,
    value: largest.page1,
    unit: 'req/s',
    ratio: growth,
    target: '≤ 1.5×',
    meets: growth <= 1.5,
    note: `${normalised.toFixed(2)}× measured against each world's SELECT 1`,
  });
}
