/**
 * `npm run bench`: Touchline's performance record (issue 14), outside the test suite (speed goals
 * never live in timed tests). It seeds a realistic dataset with set-based SQL (`bench/seed.ts`:
 * 10,000 users, 200,000 posts, 1,000,000 likes, nested comments, friendships, follows, trials
 * and registrations) into a throw-away database: Postgres when TEST_DATABASE_URL is set (a
 * database made from it, dropped afterwards), else PGlite; Redis (bus, presence, BullMQ) when
 * TEST_REDIS_URL is set, under a key prefix of its own. Then it measures each pair in alternating
 * rounds (baseline, subject, …; BENCH_ROUNDS, default 3) and prints a Markdown table: the
 * medians, the ratio, the target and whether it is met.
 *
 * - `bench/http.ts`: bare Fastify hello vs the app shell (GET /api/me); a `SELECT 1` route vs the
 *   home feed page 1 and the deep page; SQL statements per feed request; like toggle and comment
 *   create vs the feed (autocannon in its own process, rate limit raised);
 * - `bench/realtime.ts`: memory per idle authenticated socket; raw `ws` broadcast vs the
 *   notification fan-out to the socket users (1,000);
 * - `bench/queue.ts`: BullMQ no-op worker vs the notification worker at concurrency 50 (Redis);
 * - `bench/trials.ts`: 200 players register at once for 50 places (exactly 50 must succeed);
 * - `bench/chat.ts`: chat send → receive with 1,000 sockets over two API instances (one on the
 *   embedded run);
 * - `bench/feed-sizes.ts`: the home feed's page 1 when the viewer's world holds 1,000, 10,000 and
 *   100,000 posts, each against `SELECT 1` on a database of its own;
 * - `bench/cold-start.ts`: embedded cold start until GET / and GET /api/health answer.
 *
 * Servers listen on ports 42000-42999. `BENCH_ONLY=http,realtime,live,queue,trials,chat,sizes,cold` runs
 * some parts; `BENCH_HTTP=shell` runs only the app shell's row of the HTTP part. `--quick` runs everything tiny and once (a smoke run inside `npm test`: it fails
 * only when the harness breaks, never on numbers). `--web` prints the web delivery report
 * (`scripts/web-report.ts`: each route's compressed JS and CSS) instead. BENCH_OUT=file also
 * writes the table there.
 *
 *   npm run bench
 *   npm run bench -- --quick
 *   npm run bench -- --web
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test TEST_REDIS_URL=redis://127.0.0.1:6379 npm run bench
 */
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { createTestDatabase } from '@touchline/db/testing';
import { deleteRedisKeys } from '@touchline/drivers/testing';
import { startBenchApp } from './bench/app';
import { benchChat } from './bench/chat';
import { benchColdStart } from './bench/cold-start';
import { benchFeedSizes } from './bench/feed-sizes';
import { buildViewerFeeds } from './bench/feeds';
import { SHELL_ONLY, benchHttp } from './bench/http';
import {
  QUICK,
  ROUNDS,
  DURATION,
  CONNECTIONS,
  argv,
  backend,
  child,
  killChildren,
  log,
  redisUrl,
  renderTable,
  root,
  rows,
} from './bench/lib';
import { benchQueue } from './bench/queue';
import { benchRealtime, stopBenchWorkers } from './bench/realtime';
import { benchLive } from './bench/live';
import { SIZES, TABLE, people, rowsOf, seed, uid } from './bench/seed';
import { benchContention } from './bench/trials';

const PARTS = ['http', 'realtime', 'live', 'queue', 'trials', 'chat', 'sizes', 'cold'] as const;
type Part = (typeof PARTS)[number];
const OWN_WORLD: Part[] = ['sizes', 'cold'];

async function machine(database: {
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> };
}) {
  const [pg] = rowsOf(await database.db.execute(sql`select version() as v`)) as { v: string }[];
  let redis = 'none';
  if (redisUrl) {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    const info = await client.info('server');
    redis = /redis_version:(\S+)/.exec(info)?.[1] ?? '?';
    await client.quit();
  }
  const cpus = os.cpus();
  return [
    `${cpus.length} × ${cpus[0]?.model ?? 'CPU'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM`,
    `node ${process.version}`,
    `${backend === 'pglite' ? 'PGlite ' : ''}${pg?.v.split(' on ')[0] ?? '?'}`,
    `Redis ${redis}`,
    `load average at start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  ].join(', ');
}

async function webReport() {
  const script = path.join(root, 'scripts', 'web-report.ts');
  if (!existsSync(script)) {
    log('scripts/web-report.ts is not there yet (the web-delivery work writes it).');
    return;
  }
  const proc = child([script, ...argv.filter((a) => a !== '--web')]);
  proc.stdout!.pipe(process.stdout);
  const code = await new Promise<number | null>((resolve) => proc.once('exit', resolve));
  if (code !== 0) throw new Error(`scripts/web-report.ts exited with ${code}`);
}

async function main() {
  if (argv.includes('--web')) return webReport();
  const only = (process.env.BENCH_ONLY?.split(',') ?? PARTS) as Part[];
  for (const part of only)
    if (!PARTS.includes(part)) throw new Error(`BENCH_ONLY parts: ${PARTS.join(', ')}`);
  const runs = (part: Part) => only.includes(part);
  if (QUICK)
    log(
      '--quick: a tiny dataset, one round (a smoke run of the harness: the numbers mean nothing)',
    );

  const timed = async (part: Part, fn: () => Promise<void>) => {
    if (!runs(part)) return;
    const t0 = performance.now();
    await fn();
    log(`  (${part}: ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
  };
  const started = performance.now();
  // --quick: the cold start (a whole server process) runs beside the rest, not after it, so the
  // smoke run stays short; a full run times it alone, at the end.
  const coldBeside = QUICK ? timed('cold', () => benchColdStart()) : undefined;
  coldBeside?.catch(() => undefined);
  const database = await createTestDatabase();
  const keyPrefix = `tlbench-${process.pid}-${Date.now()}`;
  let bench: Awaited<ReturnType<typeof startBenchApp>> | undefined;
  try {
    const about = await machine(database);
    log(`machine: ${about}`);
    // The parts on the bench's world (the feed sizes and the cold start make their own).
    if (only.some((part) => !OWN_WORLD.includes(part))) {
      log(`seeding ${backend}…`);
      const seeded = await seed(database);
      log(`seeded in ${seeded.times.join(', ')}: ${JSON.stringify(seeded.counts)}`);

      const who = people();
      if (runs('http') && !SHELL_ONLY) {
        const t0 = performance.now();
        await buildViewerFeeds(
          database,
          who.viewers.map((n) => uid(TABLE.users, n)),
        );
        log(
          `timelines of ${who.viewers.length} viewers and the ranking built in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
        );
      }
      bench = await startBenchApp({ database, keyPrefix });
      const tokens = new Map<number, string>();
      for (const n of [...who.signedIn, who.fanoutAcademy]) {
        tokens.set(
          n,
          bench.app.signAccessToken({
            sub: uid(TABLE.users, n),
            role: n <= SIZES.academies ? 'academy' : 'player',
            sid: uid(TABLE.sessions, n),
          }),
        );
      }
      const app = bench;
      const common = { bench: app, database, tokens };

      await timed('http', () =>
        benchHttp({ ...common, viewers: who.viewers, socketUsers: who.sockets }),
      );
      await timed('realtime', () =>
        benchRealtime({ ...common, socketUsers: who.sockets, fanoutAcademy: who.fanoutAcademy }),
      );
      await timed('live', () =>
        benchLive({ ...common, players: who.sockets, academy: who.fanoutAcademy }),
      );
      await timed('queue', () => benchQueue({ bench: app, db: database.db, players: who.sockets }));
      await timed('trials', () =>
        benchContention({ bench: app, db: database.db, tokens, players: who.sockets, academy: 1 }),
      );
      await timed('chat', () => benchChat({ ...common, socketUsers: who.sockets, keyPrefix }));
    }
    await timed('sizes', () => benchFeedSizes(keyPrefix));
    await (coldBeside ?? timed('cold', () => benchColdStart()));

    const title =
      `Touchline bench on ${backend}${redisUrl ? ' + Redis' : ''}` +
      `${QUICK ? ' (--quick: numbers not judged)' : ''}: ${ROUNDS} alternating round(s), ` +
      `autocannon ${CONNECTIONS} connections × ${QUICK ? '30 requests' : `${DURATION} s`}`;
    const table = renderTable(rows);
    const minutes = ((performance.now() - started) / 60_000).toFixed(1);
    const load = os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
    const report =
      `### ${title}\n\n${about}; load average at the end ${load}; ` +
      `${new Date().toISOString().slice(0, 16)} UTC, the run took ${minutes} min.\n\n${table}\n`;
    log(`\n${report}`);
    if (process.env.BENCH_OUT) await writeFile(process.env.BENCH_OUT, report);
  } finally {
    killChildren();
    await stopBenchWorkers().catch(() => undefined);
    await bench?.close();
    await database.close();
    if (redisUrl) await deleteRedisKeys(redisUrl, keyPrefix);
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    killChildren();
    process.exit(1);
  },
);
