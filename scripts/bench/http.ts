/**
 * The HTTP rows, over real HTTP with autocannon in its own process, each pair in alternating
 * rounds (baseline, subject, baseline, subject…) and the median of the rounds:
 *
 * - a bare Fastify hello vs the app shell: every global plugin and an authenticated trivial
 *   route (`GET /api/me`), signed in as the viewers in turn;
 * - a bare Fastify `SELECT 1` route on the same database driver vs the home feed, page 1 (which
 *   rebuilds the viewer's snapshot) and a page at depth 100,000 of the viewer's network, reached
 *   by cursor (`?before=`, decision 67), plus the SQL statements of one feed request;
 * - like toggles and comment creations (many users, many posts) vs the feed.
 */
import Fastify from 'fastify';
import type { TestDatabase } from '@touchline/db/testing';
import { sql } from 'drizzle-orm';
import type { BenchApp } from './app';
import {
  QUICK,
  ROUNDS,
  assertOk,
  backend,
  cannon,
  log,
  median,
  onFreePort,
  rows,
  type CannonRequest,
} from './lib';
import { buildPostsServices } from '../../services/api/src/modules/posts/posts.module';
import { startSelect1Route } from './feeds';
import { profiled } from './profile';
import { SIZES, TABLE, rowsOf, uid } from './seed';

export type Tokens = Map<number, string>;

/** BENCH_HTTP=shell: the app shell's pair alone (bare hello vs `GET /api/me`), no feed rows. */
export const SHELL_ONLY = process.env.BENCH_HTTP === 'shell';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A bare Fastify hello, answering in this process as the app does. */
async function startHello() {
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  const url = await onFreePort((port) => hello.listen({ port, host: '127.0.0.1' }));
  return { url, close: () => hello.close() };
}

/** The app shell row: bare Fastify hello vs `GET /api/me` signed in as the viewers in turn. */
async function shellRow(appUrl: string, helloUrl: string, me: CannonRequest[]) {
  const shell = await alternate(appUrl, [
    { name: 'bare Fastify hello', url: helloUrl, requests: [{ path: '/' }] },
    { name: 'GET /api/me (app shell)', url: appUrl, requests: me },
  ]);
  const helloRps = shell.get('bare Fastify hello')!;
  const meRps = shell.get('GET /api/me (app shell)')!;
  rows.push({
    name: 'App shell: GET /api/me, signed in',
    baseline: 'bare Fastify hello',
    baselineValue: helloRps,
    value: meRps,
    unit: 'req/s',
    ratio: meRps / helloRps,
    target: '≥ 70 %',
    meets: meRps / helloRps >= 0.7,
  });
}

async function benchShell(bench: BenchApp, appUrl: string, tokens: Tokens, viewers: number[]) {
  const hello = await startHello();
  try {
    const me = viewers.map((n) => ({ path: '/api/me', headers: auth(tokens.get(n)!) }));
    log(`\nHTTP app shell row only (BENCH_HTTP=shell; ${ROUNDS} alternating rounds)`);
    await shellRow(appUrl, hello.url, me);
  } finally {
    await hello.close();
  }
}

/** Runs the cases round after round, in the given order each round; answers req/s medians. */
export async function alternate(
  appUrl: string,
  cases: { name: string; url: string; requests: CannonRequest[] }[],
) {
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  // Warm-up (not recorded): the JIT, the pools, and the prepared statements (Postgres switches a
  // prepared statement to its generic plan after 5 runs per connection): 60 requests a case.
  if (!QUICK)
    for (const c of cases) assertOk(c.name, await cannon(c.url, c.requests, { amount: 60 }));
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const c of cases) {
      // BENCH_PROFILE: the app's cases of the first round run under the CPU profiler.
      const profile = round === 0 && c.url === appUrl;
      // The servers answer in this process (autocannon runs in its own): its CPU time per
      // request, user + system, is the case's cost however busy the machine is.
      const cpu = process.cpuUsage();
      const r = profile
        ? await profiled(c.name, () => cannon(c.url, c.requests))
        : await cannon(c.url, c.requests);
      const used = process.cpuUsage(cpu);
      assertOk(c.name, r);
      samples.get(c.name)!.push(r.rps);
      const perRequest = (used.user + used.system) / Math.max(1, r.total);
      log(
        `  round ${round + 1}: ${c.name.padEnd(34)} ${r.rps.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  CPU ${perRequest.toFixed(1)} µs/request${profile && process.env.BENCH_PROFILE ? ' (profiled)' : ''}`,
      );
    }
  }
  return new Map([...samples].map(([name, xs]) => [name, median(xs)]));
}

export async function benchHttp(input: {
  bench: BenchApp;
  database: TestDatabase;
  tokens: Tokens;
  viewers: number[];
  socketUsers: number[];
}) {
  const { bench, database, tokens, viewers, socketUsers } = input;
  const appUrl = await bench.listen();
  if (SHELL_ONLY) return benchShell(bench, appUrl, tokens, viewers);

  const hello = await startHello();
  const helloUrl = hello.url;

  const select1 = await startSelect1Route(database);
  const select1Url = select1.url;

  try {
    const viewerHeaders = viewers.map((n) => auth(tokens.get(n)!));
    const me: CannonRequest[] = viewerHeaders.map((headers) => ({ path: '/api/me', headers }));

    // Every viewer's snapshot exists before the deep page is read (page 1 builds it).
    for (const headers of viewerHeaders) {
      const res = await bench.app.inject({ method: 'GET', url: '/api/home?page=1', headers });
      if (res.statusCode !== 200) throw new Error(`feed page 1: ${res.statusCode} ${res.body}`);
    }
    const deep = await deepCursors(database, viewers);
    const feed1: CannonRequest[] = viewerHeaders.map((headers) => ({
      path: '/api/home?page=1',
      headers,
    }));
    const feedDeep: CannonRequest[] = viewerHeaders.map((headers, i) => ({
      path: `/api/home?before=${encodeURIComponent(deep.cursors[i]!)}`,
      headers,
    }));
    const deepQuery = { page: 1, before: deep.cursors[0]! };

    // Statements of one feed request over HTTP (the session check included), and of the feed
    // service alone (the feed page and the side panels: what the ≤ 2 target counts).
    const overHttp = async (path: string) => {
      const { statements: list } = await database.recordQueries(() =>
        bench.app.inject({ method: 'GET', url: path, headers: viewerHeaders[0]! }),
      );
      return list.length;
    };
    const feedService = buildPostsServices(bench.app).feed;
    const ofService = async (query: { page: number; before?: string }) => {
      const viewer = { userId: uid(TABLE.users, viewers[0]!), role: 'player' as const };
      const { statements: list } = await database.recordQueries(() =>
        feedService.home(viewer, query),
      );
      return list.length;
    };
    const statements = {
      http: [await overHttp('/api/home?page=1'), await overHttp(feedDeep[0]!.path)],
      service: [await ofService({ page: 1 }), await ofService(deepQuery)],
    };

    // Likes and comments: socket users on academy posts (anyone may comment on those), spread
    // so the per-user comment limit (30 a minute) is never reached.
    const actors = socketUsers.map((n) => auth(tokens.get(n)!));
    const postCount = Math.min(SIZES.academyPosts, 2000);
    const likes: CannonRequest[] = Array.from({ length: actors.length * 3 }, (_, i) => ({
      method: 'POST',
      path: `/api/like/${uid(TABLE.posts, 1 + ((i * 7) % postCount))}`,
      headers: actors[i % actors.length]!,
    }));
    const commentBody = JSON.stringify({ content: 'Great session, well played.' });
    const comments: CannonRequest[] = Array.from({ length: actors.length * 3 }, (_, i) => ({
      method: 'POST',
      path: `/api/add_comment/${uid(TABLE.posts, 1 + ((i * 11) % postCount))}`,
      headers: { ...actors[i % actors.length]!, 'content-type': 'application/json' },
      body: commentBody,
    }));

    log(`\nHTTP rows (${ROUNDS} alternating rounds, autocannon in its own process)`);
    await shellRow(appUrl, helloUrl, me);
    const data = await alternate(appUrl, [
      { name: 'SELECT 1 route', url: select1Url, requests: [{ path: '/' }] },
      { name: 'home feed page 1', url: appUrl, requests: feed1 },
      { name: deep.name, url: appUrl, requests: feedDeep },
      { name: 'like toggle', url: appUrl, requests: likes },
      { name: 'comment create', url: appUrl, requests: comments },
    ]);

    const s1 = data.get('SELECT 1 route')!;
    const f1 = data.get('home feed page 1')!;
    const fd = data.get(deep.name)!;
    rows.push({
      name: 'Home feed page 1 (builds the snapshot)',
      baseline: 'SELECT 1 route',
      baselineValue: s1,
      value: f1,
      unit: 'req/s',
      ratio: f1 / s1,
      target: '≥ 35 % (Postgres)',
      meets: backend === 'postgres' ? f1 / s1 >= 0.35 : null,
      note: backend === 'postgres' ? undefined : 'the target is for Postgres',
    });
    rows.push({
      name: `Home feed at depth ${deep.depth.toLocaleString('en')} (by cursor)`,
      baseline: 'page 1',
      baselineValue: f1,
      value: fd,
      unit: 'req/s',
      ratio: f1 / fd,
      target: '≤ 2× page 1 (time per request)',
      meets: deep.reached ? f1 / fd <= 2 : false,
      note: deep.reached ? undefined : deep.why,
    });
    const worst = Math.max(...statements.service);
    rows.push({
      name: 'SQL statements per feed request: the feed service (page + side panels)',
      value: worst,
      unit: '',
      target: '≤ 2',
      meets: worst <= 2,
      note: `page 1: ${statements.service[0]}, depth ${deep.depth}: ${statements.service[1]}`,
    });
    rows.push({
      name: 'SQL statements per GET /api/home over HTTP (with the session check)',
      value: Math.max(...statements.http),
      unit: '',
      target: 'recorded',
      meets: null,
      note: `page 1: ${statements.http[0]}, depth ${deep.depth}: ${statements.http[1]}`,
    });
    const likeRps = data.get('like toggle')!;
    const commentRps = data.get('comment create')!;
    rows.push({
      name: 'Like toggle (POST /api/like/{id})',
      baseline: 'home feed page 1',
      baselineValue: f1,
      value: likeRps,
      unit: 'req/s',
      ratio: likeRps / f1,
      target: 'recorded (no target)',
      meets: null,
    });
    rows.push({
      name: 'Comment create (POST /api/add_comment/{id})',
      baseline: 'home feed page 1',
      baselineValue: f1,
      value: commentRps,
      unit: 'req/s',
      ratio: commentRps / f1,
      target: 'recorded (no target)',
      meets: null,
    });
  } finally {
    await hello.close();
    await select1.close();
  }
}

/**
 * The cursor of each viewer's network post at depth 100,000 (their own, friends' and followed
 * academies' posts, newest first): what a client holds after scrolling that far. Found by the
 * bench in one SQL query per viewer (an OFFSET the app never runs); the app is only sent the
 * cursor, as a client would send it. Where a viewer's network is shorter, its oldest post.
 */
async function deepCursors(database: TestDatabase, viewers: number[]) {
  const depth = QUICK ? 20 : 100_000;
  const cursors: string[] = [];
  let reached = true;
  for (const n of viewers) {
    const v = uid(TABLE.users, n);
    const result = await database.db.execute(sql`
      with network as (
        select ${v}::uuid as id
        union select friend_id from friendships where user_id = ${v}
        union select academy_id from follows where follower_id = ${v}
      ),
      ranked as (
        select p.created_at, p.id, row_number() over (order by p.created_at desc, p.id desc) as n
        from posts p
        where p.removed_at is null and p.author_id in (select id from network)
      )
      select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || id
          as cursor, n
      from ranked where n <= ${depth}
      order by n desc limit 1`);
    const [row] = rowsOf(result);
    if (!row) throw new Error(`viewer ${n} has no network posts`);
    if (Number(row.n) < depth) reached = false;
    cursors.push(String(row.cursor));
  }
  return {
    cursors,
    depth,
    reached,
    name: `home feed at depth ${depth} (cursor)`,
    why: reached ? '' : `a viewer's network is shorter than ${depth.toLocaleString('en')} posts`,
  };
}
