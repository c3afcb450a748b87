/**
 * A soak with faults (issue 25 item 13): a mixed population of players and academies uses two API
 * instances and a worker for a while — browsing, posting, liking, commenting, chatting over
 * sockets, registering for free and paid trials and paying in the sandbox — while the cluster
 * tier's faults happen (the worker killed and started again, Redis stopped and started again).
 * Every interval it reports requests, latency, errors and each process's memory; at the end it
 * checks that every message, registration and notification the population caused exists exactly
 * once, and that every socket heard each stored event once.
 *
 * Run for 10 minutes by `npm run soak` (scripts/soak.ts), for 2 in the cluster tier
 * (tests/cluster/soak.test.ts). The processes run the shipped settings; only the per-address
 * limits are widened (the whole population comes from one machine).
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@touchline/db';
import { seed } from '@touchline/db/testing';
import { startCluster, type Cluster } from './cluster';
import { count, createMember, openDatabase, Tab, type Member } from './client';
import { runToEnd, waitFor, type Child } from './processes';
import { createFreshDatabase, type RedisServer } from './services';
import type { Api, Worker } from './stack';

export type SoakOptions = {
  /** How long the population works (faults included). */
  durationMs: number;
  /** A report every this long. */
  reportEveryMs: number;
  players: number;
  academies: number;
  /** The worker killed and Redis restarted during the run. */
  faults: boolean;
  /**
   * A `pg_dump -Fc` taken under the load at 80 % of the run, restored into an empty database at
   * the end and checked (issue 25 item 14; docs/operations.md "Backups").
   */
  backup?: boolean;
  /** The admin URL of the Postgres server the fresh database is made on. */
  serverUrl: string;
  /** Ports for the API instances and Redis. */
  ports: readonly [number, number];
  /** Where reports and fault notes go. */
  log: (line: string) => void;
};

export type SoakInterval = {
  /** Seconds since the load began, at the end of the interval. */
  at: number;
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers ≥ 500 and requests that got no answer. */
  errors: number;
  /** Resident memory per process, MiB (null: the process was restarting at that moment). */
  memory: Record<string, number | null>;
};

export type SoakResult = {
  intervals: SoakInterval[];
  totals: { requests: number; errors: number; p50: number; p99: number };
  faults: string[];
  /** What the population did and was acknowledged for. */
  acknowledged: {
    posts: number;
    comments: number;
    likes: number;
    messages: number;
    registrations: number;
    payments: number;
  };
  /** Each check of the end: what was expected, what the system holds. */
  checks: { what: string; expected: number; found: number; ok: boolean }[];
};

/** Resident memory of a process in MiB (Linux /proc), null while it is gone (a restart). */
function rssMiB(pid: number): number | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return null;
  }
}

const quantile = (sorted: number[], q: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A random element. */
const pick = <T>(items: readonly T[]): T | undefined =>
  items.length === 0 ? undefined : items[Math.floor(Math.random() * items.length)];

type Answer = { status: number; body: unknown };

/** Counts every request: its latency and whether it failed (≥ 500, or no answer). */
class Meter {
  latencies: number[] = [];
  errors = 0;
  all: number[] = [];
  allErrors = 0;

  take(): { latencies: number[]; errors: number } {
    const taken = { latencies: this.latencies, errors: this.errors };
    this.all.push(...this.latencies);
    this.allErrors += this.errors;
    this.latencies = [];
    this.errors = 0;
    return taken;
  }

  failed() {
    this.errors += 1;
  }
}

/** The ids of the chat messages a tab heard (a repeat shows twice). */
const heardMessages = (tab: Tab) =>
  tab.stored.flatMap((e) => (e.type === 'chat_message' ? [e.data.message.id] : []));

/** A member of the population: the account, its own client address, its open tab. */
type Person = Member & { ip: string; tab: Tab; friends: string[] };

/**
 * Runs the soak: starts its own database, Redis, S3, two API instances and a worker, loads them,
 * checks the end state and stops everything. Throws only when the stack cannot start.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'touchline-soak-'));
  const tabs: Tab[] = [];
  let cluster: Cluster | undefined;
  try {
    cluster = await startCluster({
      ports: options.ports,
      apis: 2,
      worker: true,
      serverUrl: options.serverUrl,
      // One machine plays everyone: each person has an address of their own (TRUST_PROXY), and
      // the per-address budgets are widened; per-user limits stay as shipped.
      extra: { TRUST_PROXY: 'loopback', RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const [a, b] = cluster.apis;
    return await load(options, {
      a: a!,
      b: b!,
      worker: cluster.worker!,
      redis: cluster.redis,
      db: cluster.db,
      tabs,
      databaseUrl: cluster.database.url,
      scratch,
    });
  } finally {
    await Promise.allSettled(tabs.map((tab) => tab.close()));
    await cluster?.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

async function load(
  options: SoakOptions,
  world: {
    a: Api;
    b: Api;
    worker: Worker;
    redis: RedisServer;
    db: DatabaseHandle;
    tabs: Tab[];
    databaseUrl: string;
    /** A directory of the run's own (the dump). */
    scratch: string;
  },
): Promise<SoakResult> {
  const { a, b, worker, redis, db, tabs } = world;
  const instances = [a.url, b.url];
  const meter = new Meter();
  const faults: string[] = [];
  const started = Date.now();
  const since = () => ((Date.now() - started) / 1000).toFixed(1);

  /** One request through a random instance, measured. */
  async function request(
    who: Person,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<Answer | null> {
    const base = pick(instances)!;
    const headers: Record<string, string> = {
      authorization: `Bearer ${who.token}`,
      'x-forwarded-for': who.ip,
    };
    let payload: string | FormData | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const begun = performance.now();
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        body: payload,
        signal: AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      meter.latencies.push(performance.now() - begun);
      if (res.status >= 500) meter.failed();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    } catch {
      meter.latencies.push(performance.now() - begun);
      meter.failed();
      return null;
    }
  }

  // ------------------------------------------------------------------ the population
  const ipOf = (i: number) => `10.${20 + Math.floor(i / 250)}.${i % 250}.${1 + (i % 200)}`;
  const members = await Promise.all([
    ...Array.from({ length: options.academies }, (_, i) =>
      createMember(db, 'academy', `soak_academy${i}`),
    ),
    ...Array.from({ length: options.players }, (_, i) =>
      createMember(db, 'player', `soak_player${i}`),
    ),
  ]);
  const academyIds = members.filter((m) => m.role === 'academy').map((m) => m.id);
  if (db.kind !== 'postgres') throw new Error('the soak runs on Postgres');
  await db.client.query(`update users set academy_status = 'verified' where id = any($1)`, [
    academyIds,
  ]);
  const people: Person[] = members.map((m, i) => ({
    ...m,
    ip: ipOf(i),
    tab: new Tab(m, i % 2 === 0 ? instances : [...instances].reverse(), ipOf(i)),
    friends: [],
  }));
  const academies = people.filter((p) => p.role === 'academy');
  const players = people.filter((p) => p.role === 'player');

  // Each player has four friends (a ring, two either side) and follows every academy.
  const friendships: [{ id: string }, { id: string }][] = [];
  players.forEach((p, i) => {
    for (const step of [1, 2]) {
      const q = players[(i + step) % players.length]!;
      if (q.id === p.id || p.friends.includes(q.id)) continue;
      p.friends.push(q.id);
      q.friends.push(p.id);
      friendships.push([{ id: p.id }, { id: q.id }]);
    }
  });
  await seed(db.db, {
    friendships,
    follows: players.flatMap((p) => academies.map((ac) => [{ id: p.id }, { id: ac.id }])) as [
      { id: string },
      { id: string },
    ][],
  });

  // Every academy runs a free and a paid trial.
  const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const trials: { id: string; academy: string; paid: boolean }[] = [];
  for (const academy of academies) {
    for (const paid of [false, true]) {
      const res = await request(academy, 'POST', '/api/trial', {
        name: `Soak ${paid ? 'paid' : 'free'} trial`,
        sport: 'football',
        state: 'Lagos',
        district: 'Ikeja',
        venue: 'Teslim Balogun Stadium',
        landmark: 'Near the National Stadium',
        trial_date: day(14),
        start_time: '09:30',
        deadline: day(7),
        description: 'Bring your boots.',
        registration_fee: paid ? 250_000 : 0,
      });
      if (res?.status !== 201) throw new Error(`trial not created: ${JSON.stringify(res)}`);
      trials.push({ id: (res.body as { id: string }).id, academy: academy.id, paid });
    }
  }

  await Promise.all(people.map((p) => p.tab.open()));
  tabs.push(...people.map((p) => p.tab));

  // ------------------------------------------------------------------ what was acknowledged
  const acknowledged = {
    posts: 0,
    comments: 0,
    likes: 0,
    messages: 0,
    registrations: 0,
    payments: 0,
  };
  /** Writes that got no answer: they may or may not have been committed. */
  const unanswered = { posts: 0, comments: 0, likes: 0 };
  const postsOf = new Map<string, string[]>(); // author → post ids
  const commentsOn = new Map<string, number>(); // post author → others' comments acknowledged
  const liked = new Map<string, Set<string>>(); // post → likers (the population's model)
  const sentTo = new Map<string, Set<string>>(); // receiver → message ids acknowledged
  const threads = new Map<string, string>(); // "a:b" → thread name
  const registered = new Set<string>(); // "player:trial"
  const confirmedPaid = new Set<string>();
  const registrationIds: string[] = [];
  const messageIds: string[] = [];
  const lastPost = new Map<string, number>();

  async function post(who: Person) {
    // The product allows 10 posts a minute; the population posts at most one every 10 s.
    if (Date.now() - (lastPost.get(who.id) ?? 0) < 10_000) return browse(who);
    lastPost.set(who.id, Date.now());
    const form = new FormData();
    form.append('content', `Soak post ${randomUUID().slice(0, 8)} by ${who.username}`);
    const res = await request(who, 'POST', '/api/post', form);
    if (!res) unanswered.posts += 1;
    else if (res.status === 201) {
      acknowledged.posts += 1;
      const id = (res.body as { id: string }).id;
      postsOf.set(who.id, [...(postsOf.get(who.id) ?? []), id]);
    }
  }

  /** A friend's post, with its author. */
  const friendsPost = (who: Person) => {
    const author = pick(who.friends.filter((f) => (postsOf.get(f)?.length ?? 0) > 0));
    return author ? { author, id: pick(postsOf.get(author)!)! } : null;
  };

  async function like(who: Person) {
    const target = friendsPost(who);
    if (!target) return browse(who);
    const res = await request(who, 'POST', `/api/like/${target.id}`);
    if (!res) {
      unanswered.likes += 1;
      return;
    }
    if (res.status !== 200) return;
    acknowledged.likes += 1;
    const likers = liked.get(target.id) ?? new Set<string>();
    if ((res.body as { status: string }).status === 'liked') likers.add(who.id);
    else likers.delete(who.id);
    liked.set(target.id, likers);
  }

  async function comment(who: Person) {
    const target = friendsPost(who);
    if (!target) return browse(who);
    const res = await request(who, 'POST', `/api/add_comment/${target.id}`, {
      content: `Well played ${randomUUID().slice(0, 6)}`,
    });
    if (!res) unanswered.comments += 1;
    else if (res.status === 201) {
      acknowledged.comments += 1;
      commentsOn.set(target.author, (commentsOn.get(target.author) ?? 0) + 1);
    }
  }

  /** A message to a friend, sent again with the same client id until it is acknowledged. */
  async function chat(who: Person) {
    const friendId = pick(who.friends);
    if (!friendId) return browse(who);
    const pair = [who.id, friendId].sort().join(':');
    let thread = threads.get(pair);
    if (!thread) {
      const res = await request(who, 'POST', '/api/chat', { receiver_id: friendId });
      if (res?.status !== 200 && res?.status !== 201) return;
      thread = (res.body as { thread_name: string }).thread_name;
      threads.set(pair, thread);
    }
    const clientId = randomUUID();
    for (let attempt = 0; attempt < 20; attempt++) {
      const res = await request(who, 'POST', `/api/chat/${thread}/messages`, {
        text: `Soak message ${clientId.slice(0, 8)}`,
        client_id: clientId,
      });
      if (res && (res.status === 200 || res.status === 201)) {
        const id = (res.body as { id: string }).id;
        const ids = sentTo.get(friendId) ?? new Set<string>();
        if (!ids.has(id)) {
          acknowledged.messages += 1;
          messageIds.push(id);
        }
        ids.add(id);
        sentTo.set(friendId, ids);
        return;
      }
      if (res && res.status < 500 && res.status !== 429) return; // refused: nothing was stored
      await pause(500);
    }
  }

  /** Registers for a trial not yet joined; a paid one is paid in the sandbox at once. */
  async function register(who: Person) {
    const trial = pick(trials.filter((t) => !registered.has(`${who.id}:${t.id}`)));
    if (!trial) return browse(who);
    const res = await request(who, 'POST', '/api/player_trial', {
      trial: trial.id,
      name: who.username,
      dob: '2004-03-01',
      phone: '+2348012345678',
      email: `${who.username}@example.test`,
      state: 'Lagos',
      district: 'Ikeja',
      level: 'local',
      answers: [],
    });
    if (res?.status !== 201 && res?.status !== 200) {
      // No answer: it may have been committed; the next attempt answers 409 if so.
      if (res?.status === 409) registered.add(`${who.id}:${trial.id}`);
      return;
    }
    registered.add(`${who.id}:${trial.id}`);
    acknowledged.registrations += 1;
    registrationIds.push((res.body as { id: string }).id);
    const payment = (res.body as { payment?: { reference: string } | null }).payment;
    if (!payment) return;
    for (let attempt = 0; attempt < 20; attempt++) {
      const paid = await request(who, 'POST', `/api/payments/sandbox/${payment.reference}`, {
        outcome: 'success',
      });
      if (paid?.status === 200) {
        acknowledged.payments += 1;
        confirmedPaid.add(`${who.id}:${trial.id}`);
        return;
      }
      if (paid && paid.status < 500) return;
      await pause(500);
    }
  }

  async function browse(who: Person) {
    const path = pick(
      who.role === 'academy'
        ? [
            `/api/players_in_trial_list/${pick(trials.filter((t) => t.academy === who.id))!.id}`,
            '/api/academy_dashboard',
            '/api/notification',
            '/api/home',
          ]
        : ['/api/home', '/api/trial', '/api/notification', '/api/chat_list', '/api/me'],
    )!;
    await request(who, 'GET', path);
  }

  /** One person's session: an action, a pause to think, again, until the end. */
  async function live(who: Person, until: number) {
    const actions: [number, (p: Person) => Promise<void>][] =
      who.role === 'academy'
        ? [[1, browse]]
        : [
            [40, browse],
            [8, post],
            [14, like],
            [10, comment],
            [22, chat],
            [6, register],
          ];
    const total = actions.reduce((sum, [weight]) => sum + weight, 0);
    while (Date.now() < until) {
      let roll = Math.random() * total;
      const action = actions.find(([weight]) => (roll -= weight) < 0)![1];
      await action(who);
      await pause(150 + Math.random() * 450);
    }
  }

  // ------------------------------------------------------------------ faults and reports
  const until = Date.now() + options.durationMs;
  const intervals: SoakInterval[] = [];
  const processes: [string, () => Child][] = [
    ['api-a', () => a],
    ['api-b', () => b],
    ['worker', () => worker],
  ];
  const reporter = setInterval(() => {
    const { latencies, errors } = meter.take();
    const sorted = latencies.sort((x, y) => x - y);
    const interval: SoakInterval = {
      at: Math.round((Date.now() - started) / 1000),
      requests: sorted.length,
      perSecond: Math.round(sorted.length / (options.reportEveryMs / 1000)),
      p50: Math.round(quantile(sorted, 0.5)),
      p99: Math.round(quantile(sorted, 0.99)),
      errors,
      memory: Object.fromEntries(processes.map(([name, child]) => [name, rssMiB(child().pid)])),
    };
    intervals.push(interval);
    options.log(
      `soak ${String(interval.at).padStart(4)} s: ${interval.requests} requests (${interval.perSecond}/s), p50 ${interval.p50} ms, p99 ${interval.p99} ms, ${interval.errors} errors; memory MiB ${Object.entries(
        interval.memory,
      )
        .map(([name, mib]) => `${name} ${mib ?? '—'}`)
        .join(', ')}`,
    );
  }, options.reportEveryMs);

  const faulting = (async () => {
    if (!options.faults) return;
    await pause(options.durationMs * 0.3);
    faults.push(`${since()} s: worker killed (SIGKILL) and started again`);
    options.log(`soak: ${faults.at(-1)}`);
    await worker.restart();
    await pause(options.durationMs * 0.25);
    faults.push(`${since()} s: Redis stopped for 10 s, then started again`);
    options.log(`soak: ${faults.at(-1)}`);
    await redis.stop();
    await pause(10_000);
    await redis.start();
  })();

  /** The dump under load: what was acknowledged before it began, and by its end. */
  type Dump = {
    file: string;
    before: { messages: string[]; registrations: string[] };
    atEnd: { messages: number; registrations: number };
  };
  const dumping = (async (): Promise<Dump | null> => {
    if (!options.backup) return null;
    await pause(options.durationMs * 0.8);
    const before = { messages: [...messageIds], registrations: [...registrationIds] };
    const file = path.join(world.scratch, 'soak.dump');
    const begun = Date.now();
    await runToEnd('pg_dump', 'pg_dump', ['-Fc', '-f', file, world.databaseUrl], process.env);
    faults.push(`${since()} s: pg_dump -Fc under the load took ${Date.now() - begun} ms`);
    options.log(`soak: ${faults.at(-1)}`);
    return {
      file,
      before,
      atEnd: { messages: messageIds.length, registrations: registrationIds.length },
    };
  })();

  let dump: Dump | null;
  try {
    [dump] = await Promise.all([dumping, faulting, ...people.map((p) => live(p, until))]);
  } finally {
    clearInterval(reporter);
  }
  meter.take();

  // ------------------------------------------------------------------ the end state
  const checks: SoakResult['checks'] = [];
  const check = (what: string, expected: number, found: number, ok = expected === found) =>
    checks.push({ what, expected, found, ok });

  // Everything settles: the outbox published, the worker's jobs done, the sockets told.
  await waitFor(
    'the outbox to be published',
    async () =>
      (await count(db, 'select count(*) as n from outbox where published_at is null')) === 0,
    { timeoutMs: 120_000, intervalMs: 250 },
  ).catch(() => undefined);

  const expectedAcademyNotices = (academyId: string) => {
    let n = 0;
    for (const key of registered) {
      const trial = trials.find((t) => key.endsWith(`:${t.id}`))!;
      if (trial.academy !== academyId) continue;
      n += 1; // told of the registration
      if (trial.paid && confirmedPaid.has(key)) n += 1; // and of the payment
    }
    return n;
  };
  const academyNotices = (academyId: string) =>
    count(
      db,
      `select count(*) as n from notifications where user_id = $1 and kind = 'trial_registration'`,
      [academyId],
    );
  const playerConfirmations = () =>
    count(db, `select count(*) as n from notifications where kind = 'registration_update'`);
  const expectedConfirmations = () =>
    [...registered].filter((key) => {
      const trial = trials.find((t) => key.endsWith(`:${t.id}`))!;
      return !trial.paid || confirmedPaid.has(key);
    }).length;
  const commentNotices = () =>
    count(db, `select count(*) as n from notifications where kind = 'comment'`);
  const expectedCommentNotices = () => [...commentsOn.values()].reduce((s, n) => s + n, 0);

  // The worker finishes its jobs: wait (bounded) until the notices it owes are all there.
  await waitFor(
    'the worker to deliver every notice',
    async () => {
      for (const academy of academies)
        if ((await academyNotices(academy.id)) < expectedAcademyNotices(academy.id)) return false;
      return (
        (await playerConfirmations()) >= expectedConfirmations() &&
        (await commentNotices()) >= expectedCommentNotices()
      );
    },
    { timeoutMs: 120_000, intervalMs: 500 },
  ).catch(() => undefined);

  // Messages: one row per acknowledged message; each reached its receiver's socket once.
  check(
    'chat messages stored (one per acknowledged message)',
    acknowledged.messages,
    await count(db, 'select count(*) as n from chat_messages'),
  );
  let delivered = 0;
  for (const person of people) {
    const ids = sentTo.get(person.id);
    if (!ids || ids.size === 0) continue;
    await person.tab
      .until(
        `${person.username}'s messages`,
        (tab) => new Set(heardMessages(tab)).size >= ids.size,
        60_000,
      )
      .catch(() => undefined);
    const heard = heardMessages(person.tab).filter((id) => ids.has(id));
    delivered += new Set(heard).size;
    check(`${person.username}: each message heard once`, new Set(heard).size, heard.length);
  }
  check('messages heard live by their receivers', acknowledged.messages, delivered);
  let repeated = 0;
  for (const person of people)
    repeated += person.tab.seqs().length - new Set(person.tab.seqs()).size;
  check('stored socket events heard twice', 0, repeated);

  // Registrations: one per acknowledged registration; each paid one paid once.
  check(
    'registrations stored (one per acknowledged registration)',
    acknowledged.registrations,
    await count(db, 'select count(*) as n from trial_registrations'),
  );
  check(
    'succeeded payments (one per sandbox payment)',
    acknowledged.payments,
    await count(db, `select count(*) as n from payments where status = 'succeeded'`),
  );
  for (const academy of academies)
    check(
      `${academy.username}: told of each registration and payment once`,
      expectedAcademyNotices(academy.id),
      await academyNotices(academy.id),
    );
  check(
    'players told of each confirmed registration once',
    expectedConfirmations(),
    await playerConfirmations(),
  );
  check('post owners told of each comment once', expectedCommentNotices(), await commentNotices());
  // Posts, comments and likes: the acknowledged ones, plus at most the unanswered attempts.
  const posts = await count(db, 'select count(*) as n from posts');
  check(
    'posts stored (acknowledged, at most the unanswered more)',
    acknowledged.posts,
    posts,
    posts >= acknowledged.posts && posts <= acknowledged.posts + unanswered.posts,
  );
  const comments = await count(db, 'select count(*) as n from comments');
  check(
    'comments stored (acknowledged, at most the unanswered more)',
    acknowledged.comments,
    comments,
    comments >= acknowledged.comments && comments <= acknowledged.comments + unanswered.comments,
  );
  if (unanswered.likes === 0) {
    const expectedLikes = [...liked.values()].reduce((sum, set) => sum + set.size, 0);
    check(
      'likes stored (the population’s own tally)',
      expectedLikes,
      await count(db, 'select count(*) as n from post_likes'),
    );
  }

  if (dump) await checkRestore(options, dump, people.length, check);

  const all = meter.all.sort((x, y) => x - y);
  return {
    intervals,
    totals: {
      requests: all.length,
      errors: meter.allErrors,
      p50: Math.round(quantile(all, 0.5)),
      p99: Math.round(quantile(all, 0.99)),
    },
    faults,
    acknowledged,
    checks,
  };
}

type Check = (what: string, expected: number, found: number, ok?: boolean) => unknown;

/**
 * The dump taken under the load, restored as the runbook says (`pg_restore --no-owner` into an
 * empty database): every message and registration acknowledged before the dump began is in the
 * copy, the copy holds no more than was acknowledged by the dump's end plus what was in flight
 * (one request per person), and no paid registration holds a place without its payment.
 */
async function checkRestore(
  options: SoakOptions,
  dump: {
    file: string;
    before: { messages: string[]; registrations: string[] };
    atEnd: { messages: number; registrations: number };
  },
  inFlight: number,
  check: Check,
) {
  const restored = await createFreshDatabase(options.serverUrl, { migrate: false });
  let copy: DatabaseHandle | undefined;
  try {
    await runToEnd(
      'pg_restore',
      'pg_restore',
      ['--no-owner', '--exit-on-error', '-d', restored.url, dump.file],
      process.env,
    );
    copy = await openDatabase(restored.url);
    const among = (table: string, ids: string[]) =>
      count(copy!, `select count(*) as n from ${table} where id::text = any($1)`, [ids]);
    check(
      'restored copy: messages acknowledged before the dump',
      dump.before.messages.length,
      await among('chat_messages', dump.before.messages),
    );
    check(
      'restored copy: registrations acknowledged before the dump',
      dump.before.registrations.length,
      await among('trial_registrations', dump.before.registrations),
    );
    for (const [table, what, before, atEnd] of [
      ['chat_messages', 'messages', dump.before.messages.length, dump.atEnd.messages],
      [
        'trial_registrations',
        'registrations',
        dump.before.registrations.length,
        dump.atEnd.registrations,
      ],
    ] as const) {
      const found = await count(copy, `select count(*) as n from ${table}`);
      check(
        `restored copy: ${what}, at most those acknowledged by the dump’s end and in flight`,
        atEnd,
        found,
        found >= before && found <= atEnd + inFlight,
      );
    }
    check(
      'restored copy: paid registrations holding a place without a succeeded payment',
      0,
      await count(
        copy,
        `select count(*) as n from trial_registrations r join trials t on t.id = r.trial_id
         where t.fee_kobo > 0 and r.status = 'registered' and not exists (
           select 1 from payments p where p.registration_id = r.id and p.status = 'succeeded')`,
      ),
    );
  } finally {
    await copy?.close();
    await restored.drop();
  }
}
