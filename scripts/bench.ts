/**
 * `npm run bench`: load benchmarks, outside the test suite (speed goals never live in timed
 * tests). Today it measures the home feed — the page every signed-in user opens — at page 1
 * (which rebuilds the viewer's snapshot) and at a deep page (which slices it), through the whole
 * API stack (`inject`: routing, auth, validation, SQL, shaping). It runs on PGlite by default and
 * on Postgres when TEST_DATABASE_URL is set (a throw-away database is made from it).
 *
 *   npm run bench
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 */
import { performance } from 'node:perf_hooks';
import { eq } from 'drizzle-orm';
import { countQueries } from '@touchline/db/testing';
import { schema } from '@touchline/db';
import { insertFollow, insertFriendship } from '@touchline/db/social';
import { createTestApp } from '../services/api/src/testing/test-app';

const FRIENDS = 100;
const POSTS_PER_FRIEND = 30;
const ACADEMIES = 5;
const POSTS_PER_ACADEMY = 40;
const STRANGERS = 100;
const POSTS_PER_STRANGER = 20;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const DEEP_PAGE = 40;

type Stats = { name: string; p50: number; p95: number; max: number; perSecond: number };

function summarise(name: string, samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const total = samples.reduce((a, b) => a + b, 0);
  return {
    name,
    p50: at(0.5),
    p95: at(0.95),
    max: sorted.at(-1)!,
    perSecond: (samples.length / total) * 1000,
  };
}

async function main() {
  const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
    console.log(`home feed benchmark on ${backend}: seeding…`);
    const viewer = await t.createUser({ username: 'Bench Viewer' });
    await t.db
      .update(schema.users)
      .set({ state: 'Lagos', sports: ['football'], dob: '1998-04-01' })
      .where(eqId(viewer.id));
    const { headers } = await t.signIn(viewer);

    const authors: { id: string; posts: number }[] = [];
    for (let i = 0; i < FRIENDS; i += 1) {
      const friend = await t.createUser({ username: `Friend ${i}` });
      await insertFriendship(t.db, viewer.id, friend.id);
      authors.push({ id: friend.id, posts: POSTS_PER_FRIEND });
    }
    for (let i = 0; i < ACADEMIES; i += 1) {
      const academy = await t.createUser({ role: 'academy', username: `Academy ${i}` });
      await insertFollow(t.db, viewer.id, academy.id);
      authors.push({ id: academy.id, posts: POSTS_PER_ACADEMY });
    }
    for (let i = 0; i < STRANGERS; i += 1) {
      const stranger = await t.createUser({ username: `Stranger ${i}` });
      await t.db
        .update(schema.users)
        .set({ state: 'Lagos', sports: ['football'], dob: '1995-01-01' })
        .where(eqId(stranger.id));
      authors.push({ id: stranger.id, posts: POSTS_PER_STRANGER });
    }
    const now = Date.now();
    const rows = authors.flatMap(({ id, posts }) =>
      Array.from({ length: posts }, (_, k) => ({
        authorId: id,
        content: `Training notes ${k}: passing drills, finishing, and a small-sided game.`,
        likesCount: (k * 7) % 13,
        createdAt: new Date(now - (k * 97 + id.charCodeAt(35)) * 60_000),
      })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await t.db.insert(schema.posts).values(rows.slice(i, i + 500));
    }
    console.log(`${authors.length} authors, ${rows.length} posts; ${ROUNDS} requests per case`);

    const get = async (page: number) => {
      const started = performance.now();
      const res = await t.app.inject({ method: 'GET', url: `/api/home?page=${page}`, headers });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`page ${page}: ${res.statusCode} ${res.body}`);
      return elapsed;
    };
    const statements = {
      first: await countQueries(t.database, () => get(1)),
      deep: await countQueries(t.database, () => get(DEEP_PAGE)),
    };

    const results: Stats[] = [];
    for (const [name, page] of [
      ['page 1 (builds the snapshot)', 1],
      [`page ${DEEP_PAGE} (slices it)`, DEEP_PAGE],
    ] as const) {
      for (let i = 0; i < 10; i += 1) await get(page); // warm-up
      const samples: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) samples.push(await get(page));
      results.push(summarise(name, samples));
    }

    console.log('');
    console.log('case                           p50 ms   p95 ms   max ms   req/s');
    for (const r of results) {
      console.log(
        `${r.name.padEnd(30)} ${r.p50.toFixed(2).padStart(6)}   ${r.p95.toFixed(2).padStart(6)}   ${r.max
          .toFixed(2)
          .padStart(6)}   ${r.perSecond.toFixed(0).padStart(5)}`,
      );
    }
    console.log(
      `\nSQL statements per request: page 1 = ${statements.first}, page ${DEEP_PAGE} = ${statements.deep}` +
        ' (the session check every signed-in request makes, then the feed page and the side panels)',
    );
  } finally {
    await t.close();
  }
}

const eqId = (id: string) => eq(schema.users.id, id);

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
