/**
 * `npm run bench`: load benchmarks, outside the test suite (speed goals never live in timed
 * tests). It measures
 *
 * - the home feed — the page every signed-in user opens — at page 1 (which rebuilds the viewer's
 *   snapshot) and at a deep page (which slices it), through the whole API stack (`inject`:
 *   routing, auth, validation, SQL, shaping);
 * - trial registration (`POST /api/player_trial`): many players registering for one big free
 *   trial at once, over real HTTP with autocannon (concurrent connections: the trial's row lock
 *   serialises them), beside two baselines on the same server and connections: a bare
 *   `GET /api/health/live` (no I/O) and a signed-in `GET /api/me` (the session check).
 *
 * - chat delivery: with BENCH_SOCKETS (1,000) sockets connected, one per user, users in pairs
 *   with a conversation, the time from a `POST /api/chat/{thread}/messages` over HTTP to the
 *   `chat_message` event on the receiver's socket, one send at a time and CHAT_SENDERS at once.
 *
 * It runs on PGlite by default and on Postgres when TEST_DATABASE_URL is set (a throw-away
 * database is made from it), with the Redis bus and presence when TEST_REDIS_URL is set.
 * `BENCH_ONLY=feed|registrations|chat` runs one part; `--quick` runs every part tiny (a smoke
 * run of the bench itself, seconds long; its numbers mean nothing).
 *
 *   npm run bench
 *   npm run bench -- --quick
 *   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { countQueries } from '@touchline/db/testing';
import { schema } from '@touchline/db';
import { openThread } from '@touchline/db/chat';
import { insertFollow, insertFriendship } from '@touchline/db/social';
import type { ServerEvent } from '@touchline/shared';
import { createTestApp } from '../services/api/src/testing/test-app';

const QUICK = process.argv.slice(2).includes('--quick');
const sized = (full: number, quick: number) => (QUICK ? quick : full);

const FRIENDS = sized(100, 5);
const POSTS_PER_FRIEND = sized(30, 5);
const ACADEMIES = sized(5, 1);
const POSTS_PER_ACADEMY = sized(40, 5);
const STRANGERS = sized(100, 5);
const POSTS_PER_STRANGER = sized(20, 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? sized(200, 10));
const DEEP_PAGE = sized(40, 2);
const REGISTRANTS = Number(process.env.BENCH_REGISTRATIONS ?? sized(1000, 20));
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Connected sockets during the chat benchmark (one per user; users in pairs). */
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? sized(1000, 20));
const CHAT_SENDS = Number(process.env.BENCH_CHAT_SENDS ?? sized(500, 10));
const CHAT_SENDERS = Number(process.env.BENCH_CHAT_SENDERS ?? sized(20, 4));
const ONLY = process.env.BENCH_ONLY;
const PARTS = ['feed', 'registrations', 'chat'] as const;

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

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

const backend = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

async function main() {
  const t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000000' } });
  try {
    if (ONLY && !(PARTS as readonly string[]).includes(ONLY))
      throw new Error(`BENCH_ONLY must be one of ${PARTS.join(', ')}`);
    if (QUICK) console.log('--quick: tiny sizes, a smoke run (the numbers mean nothing)');
    if (!ONLY || ONLY === 'feed') await benchFeed(t);
    if (!ONLY || ONLY === 'registrations') await benchRegistrations(t);
    if (!ONLY || ONLY === 'chat') await benchChat(t);
  } finally {
    await t.close();
  }
}

async function benchFeed(t: TestApp) {
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
}

/**
 * Registration throughput: REGISTRANTS players register for one free trial without a limit
 * (one requirement to answer), CONNECTIONS at a time over HTTP, each request a different player.
 * Every answer must be 201 and the trial's count must end at REGISTRANTS.
 */
async function benchRegistrations(t: TestApp) {
  console.log(`\nregistration benchmark on ${backend}: seeding ${REGISTRANTS} players…`);
  const academy = await t.createUser({ role: 'academy', username: 'Bench Academy' });
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const [trial] = await t.db
    .insert(schema.trials)
    .values({
      academyId: academy.id,
      name: 'Bench Open Trial',
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      trialDate: day(30),
      startTime: '09:00',
      deadline: day(20),
    })
    .returning();
  const [requirement] = await t.db
    .insert(schema.trialRequirements)
    .values({ trialId: trial!.id, position: 0, text: 'Your position' })
    .returning();
  const players: { authorization: string; body: string }[] = [];
  for (let i = 0; i < REGISTRANTS; i += 1) {
    const player = await t.createUser({
      username: `Registrant ${i}`,
      dob: '2004-05-01',
      state: 'Lagos',
      district: 'Ikeja',
    });
    players.push({
      authorization: player.headers.authorization,
      body: JSON.stringify({
        trial: trial!.id,
        name: player.username,
        dob: '2004-05-01',
        phone: `0803${String(1_000_000 + i).slice(-7)}`,
        email: player.email,
        state: 'Lagos',
        district: 'Ikeja',
        level: 'district',
        answers: [{ requirement_id: requirement!.id, answer: 'Central midfield' }],
      }),
    });
  }
  const json = { 'content-type': 'application/json' };

  // The first player registers through inject, to count the statements of one registration.
  const first = players[0]!;
  let status = 0;
  const statements = await countQueries(t.database, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/player_trial',
      headers: { ...json, authorization: first.authorization },
      payload: first.body,
    });
    status = res.statusCode;
  });
  if (status !== 201) throw new Error(`registration answered ${status}`);

  const address = await listening(t);
  const run = async (name: string, options: Omit<Parameters<typeof autocannon>[0], 'url'>) => {
    const result = await autocannon({ url: address, connections: CONNECTIONS, ...options });
    const failed = result.non2xx + result.errors + result.timeouts;
    if (failed > 0)
      throw new Error(`${name}: ${failed} of ${result.requests.sent} requests failed`);
    return { name, result };
  };
  const amount = REGISTRANTS - 1;
  const results = [
    await run('GET /api/health/live (no I/O)', { amount, path: '/api/health/live' }),
    await run('GET /api/me (signed in)', {
      amount,
      requests: [
        { method: 'GET', path: '/api/me', headers: { authorization: first.authorization } },
      ],
    }),
  ];
  let next = 1;
  results.push(
    await run('POST /api/player_trial', {
      amount,
      requests: [
        {
          method: 'POST',
          path: '/api/player_trial',
          setupRequest: (request) => {
            const player = players[next++]!;
            return {
              ...request,
              headers: { ...json, authorization: player.authorization },
              body: player.body,
            };
          },
        },
      ],
    }),
  );
  const [stored] = await t.db
    .select({ count: schema.trials.registeredCount })
    .from(schema.trials)
    .where(eq(schema.trials.id, trial!.id));
  if (stored?.count !== REGISTRANTS)
    throw new Error(`the trial counts ${stored?.count} registrations, not ${REGISTRANTS}`);

  console.log(`${amount} requests per case, ${CONNECTIONS} connections`);
  console.log('');
  console.log('case                              req/s    p50 ms   p97.5 ms   p99 ms');
  for (const { name, result } of results) {
    const l = result.latency;
    console.log(
      `${name.padEnd(32)} ${result.requests.average.toFixed(0).padStart(6)}   ${String(l.p50).padStart(6)}   ${String(
        l.p97_5,
      ).padStart(8)}   ${String(l.p99).padStart(6)}`,
    );
  }
  console.log(
    `\nSQL statements per registration: ${statements} (the session check, then the registration's ` +
      `transaction: lock the trial, checks, insert, count, outbox event). The trial counts ` +
      `${stored.count} registrations: every request registered exactly once.`,
  );
}

const eqId = (id: string) => eq(schema.users.id, id);

let address: Promise<string> | undefined;
/** The app's HTTP address (it listens once, for every part that needs a real server). */
function listening(t: TestApp): Promise<string> {
  address ??= t.app.listen({ port: 0, host: '127.0.0.1' });
  return address;
}

/** Runs `task` over `items`, `width` at a time. */
async function inBatches<T>(items: T[], width: number, task: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += width)
    await Promise.all(items.slice(i, i + width).map(task));
}

/**
 * Chat delivery under load: SOCKETS users, each with one open socket (the realtime hub holds them
 * all), in pairs with a conversation. A sender posts over HTTP; the sample is the time until the
 * receiver's socket has the `chat_message` (the send's transaction, the stored events, the bus,
 * the hub's per-socket ordering and the socket write). Senders take turns, so no one nears the
 * per-user send limit.
 */
async function benchChat(t: TestApp) {
  const pairs = Math.max(1, Math.floor(SOCKETS / 2));
  console.log(
    `\nchat benchmark on ${backend} (${t.drivers.bus.kind} bus): seeding ${pairs * 2} users…`,
  );
  type Member = { id: string; authorization: string; token: string };
  const conversations: { a: Member; b: Member; thread: string }[] = [];
  const member = async (i: number): Promise<Member> => {
    const user = await t.createUser({ username: `Chatter ${i}` });
    return { id: user.id, authorization: user.headers.authorization, token: user.token };
  };
  for (let i = 0; i < pairs; i += 1) {
    const [a, b] = [await member(2 * i), await member(2 * i + 1)];
    await insertFriendship(t.db, a.id, b.id);
    const thread = await t.db.transaction((tx) => openThread(tx, a.id, b.id));
    conversations.push({ a, b, thread: thread.name });
  }

  const http = await listening(t);
  const ws = http.replace(/^http/, 'ws');
  /** client_id → resolves when the receiver's socket has the message. */
  const awaited = new Map<string, () => void>();
  const sockets: WebSocket[] = [];
  const connect = (who: Member) =>
    new Promise<void>((resolve, reject) => {
      const socket = new WebSocket(`${ws}/ws/notifications/${who.id}/`, ['bearer', who.token]);
      sockets.push(socket);
      socket.on('message', (raw) => {
        const event = JSON.parse(String(raw)) as ServerEvent;
        if (event.type === 'ready') resolve();
        else if (event.type === 'chat_message' && event.data.message.sender_id !== who.id) {
          awaited.get(event.data.message.client_id ?? '')?.();
        }
      });
      socket.once('error', reject);
    });
  const connectStarted = performance.now();
  await inBatches(
    conversations.flatMap(({ a, b }) => [a, b]),
    50,
    connect,
  );
  const connectMs = performance.now() - connectStarted;
  console.log(
    `${sockets.length} sockets connected in ${(connectMs / 1000).toFixed(1)} s ` +
      `(the hub holds ${t.app.realtime.connectionCount()})`,
  );

  let sent = 0;
  const sendOne = async () => {
    const n = sent++;
    const { a, b, thread } = conversations[n % conversations.length]!;
    const [from] = Math.floor(n / conversations.length) % 2 === 0 ? [a, b] : [b, a];
    const clientId = `bench-${n}`;
    const received = new Promise<void>((resolve) => awaited.set(clientId, resolve));
    const started = performance.now();
    const res = await fetch(`${http}/api/chat/${thread}/messages`, {
      method: 'POST',
      headers: { authorization: from.authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ text: `Bench message ${n}`, client_id: clientId }),
    });
    if (res.status !== 201) throw new Error(`send answered ${res.status}: ${await res.text()}`);
    await received;
    awaited.delete(clientId);
    return performance.now() - started;
  };

  for (let i = 0; i < Math.min(10, CHAT_SENDS); i += 1) await sendOne(); // warm-up
  const results: { name: string; samples: number[]; wallMs: number }[] = [];
  {
    const samples: number[] = [];
    const wall = performance.now();
    for (let i = 0; i < CHAT_SENDS; i += 1) samples.push(await sendOne());
    results.push({ name: 'one send at a time', samples, wallMs: performance.now() - wall });
  }
  {
    const samples: number[] = [];
    const wall = performance.now();
    let left = CHAT_SENDS;
    await Promise.all(
      Array.from({ length: CHAT_SENDERS }, async () => {
        while (left > 0) {
          left -= 1;
          samples.push(await sendOne());
        }
      }),
    );
    results.push({
      name: `${CHAT_SENDERS} senders at once`,
      samples,
      wallMs: performance.now() - wall,
    });
  }
  for (const socket of sockets) socket.terminate();

  console.log(`${CHAT_SENDS} messages per case, ${sockets.length} connected sockets`);
  console.log('');
  console.log('chat send → receive           p50 ms   p95 ms   p99 ms   max ms   msg/s');
  for (const { name, samples, wallMs } of results) {
    const sorted = [...samples].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const cell = (v: number) => v.toFixed(1).padStart(6);
    console.log(
      `${name.padEnd(28)} ${cell(at(0.5))}   ${cell(at(0.95))}   ${cell(at(0.99))}   ${cell(
        sorted.at(-1)!,
      )}   ${((samples.length / wallMs) * 1000).toFixed(0).padStart(5)}`,
    );
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
