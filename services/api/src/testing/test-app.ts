import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createSession } from '@touchline/db/auth';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { outboxWakeups } from '@touchline/db/outbox';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import { insertUser, type NewUser, type UserRow } from '@touchline/db/users';
import {
  createTestDatabase,
  seed as seedWorld,
  type SeedOptions,
  type SeedWorld,
  type Seeded,
} from '@touchline/db/testing';
import { createDrivers, deriveSecrets } from '@touchline/drivers';
import { testRedisUrl } from '@touchline/drivers/testing';
import { startWorkers, type Workers } from '@touchline/worker';
import { LIMITS, type Role } from '@touchline/shared';
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type App, type BuildAppOptions } from '../app';
import { createAccountsService } from '../modules/accounts/accounts.service';
import { sessionRevokerFrom } from '../modules/auth/auth.module';
import { mediaUrlsFrom } from '../modules/media/media.module';
import { buildPostsServices } from '../modules/posts/posts.module';
import { apiConfigSchema, type ApiConfig } from '../config';

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Run the workers and outbox relay in-process (as the embedded mode does). */
  workers?: boolean;
  heartbeatMs?: number;
  /** The app's clock (code expiry, resend windows); real time by default. */
  clock?: () => Date;
  /** Per-user budgets other than the real ones (lib/user-rate-limit). */
  userBudgets?: BuildAppOptions['userBudgets'];
  /** The app's logger options (a test reading the request log passes a stream). */
  logger?: BuildAppOptions['logger'];
  /** The app's logger and request logging as server.ts sets them (a test of the log itself). */
  log?: Pick<BuildAppOptions, 'loggerInstance' | 'requestLog'>;
};

let counter = 0;

/**
 * What `t.createUser` stores: any column signup or a profile edit would have written (state,
 * sports, photo, established date…), plus `verified` (default true) and `active` (default true).
 */
export type TestUserInput = Partial<Omit<NewUser, 'emailVerifiedAt' | 'isActive'>> & {
  verified?: boolean;
  active?: boolean;
};

/** A stored account with a live session: its row, access token and ready-made request helpers. */
export type TestUser = UserRow & {
  token: string;
  sessionId: string;
  headers: { authorization: string };
  /** `app.inject` with this user's headers. */
  call: (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
};

/**
 * The real app on a test database (PGlite clone, or Postgres with TEST_DATABASE_URL) and real
 * drivers: in-process by default, BullMQ and Redis pub/sub when TEST_REDIS_URL is set.
 */
export async function createTestApp(options: TestAppOptions = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-api-'));
  const webDist = path.join(dataDir, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Touchline</title><div id="root"></div>',
  );
  const redisUrl = testRedisUrl();
  const config: ApiConfig = apiConfigSchema.parse({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...options.env,
  });
  const secrets = deriveSecrets('test-secret-0123456789-0123456789-abcdef');
  const keyPrefix = `tltest-${process.pid}-${Date.now()}-${counter++}`;
  const drivers = await createDrivers(config, {
    dataDir,
    signingSecret: secrets.mediaSigningSecret,
    devMailboxStore: createDevMailboxStore(database.db),
    jobStore: createEmbeddedJobStore(database),
    sandboxChargeStore: createSandboxChargeStore(database.db),
    devSmsStore: createDevSmsStore(database.db),
    allowLoopbackPush: true,
    logger: silentLogger,
    keyPrefix,
  });
  const app: App = await buildApp(
    { config, database, drivers, secrets, clock: options.clock },
    {
      // TEST_APP_LOG=error (or warn, info…) prints the app's log: the cause behind a 500 in a test.
      logger:
        options.logger ?? (process.env.TEST_APP_LOG ? { level: process.env.TEST_APP_LOG } : false),
      ...options.log,
      heartbeatMs: options.heartbeatMs,
      rateLimitNamespace: `${keyPrefix}-rl:`,
      userBudgets: options.userBudgets,
    },
  );
  await app.ready();
  let workers: Workers | undefined;
  if (options.workers) {
    workers = await startWorkers({
      db: database.db,
      drivers,
      logger: silentLogger,
      clock: options.clock,
      wakeups: outboxWakeups(database),
    });
  }

  /**
   * The one way tests make accounts: a verified, active, signed-in account; players are adults
   * (born 1995) unless a date of birth is given. Answers the row with its session (`token`,
   * `headers`, `call`); `signIn` opens further sessions.
   */
  async function createUser(input: TestUserInput = {}): Promise<TestUser> {
    const n = ++counter;
    const { verified = true, active = true, ...given } = input;
    // A field given as `undefined` keeps its default, as if it were left out.
    const values = Object.fromEntries(
      Object.entries(given).filter(([, value]) => value !== undefined),
    ) as typeof given;
    const role: Role = values.role ?? 'player';
    const user = await insertUser(database.db, {
      email: `user${n}-${Date.now()}@example.test`,
      username: `User ${n}`,
      academyStatus: role === 'academy' ? 'verified' : null,
      // Unknown dates of birth count as minors (§13): a bare test player is an adult.
      dob: role === 'player' ? '1995-06-15' : null,
      ...values,
      role,
      emailVerifiedAt: verified ? new Date() : null,
      isActive: active,
    });
    return signedIn(user);
  }

  /** The stored account with a fresh session and its request helpers. */
  async function signedIn(user: UserRow): Promise<TestUser> {
    const { token, sessionId, headers } = await signIn(user);
    const call: TestUser['call'] = (method, url, payload) =>
      app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { ...user, token, sessionId, headers, call };
  }

  /**
   * `seed` of `@touchline/db/testing` on the app's database (one declarative world: users,
   * trials, registrations, posts, conversations, friendships, follows…), every seeded user
   * signed in (`call`, `headers`) like `createUser`'s.
   */
  async function seed<W extends SeedWorld>(world: W, options?: SeedOptions) {
    const seeded = await seedWorld(database.db, world, options);
    const users = {} as Record<keyof Seeded<W>['users'], TestUser>;
    for (const [key, row] of Object.entries(seeded.users) as [keyof Seeded<W>['users'], UserRow][])
      users[key] = await signedIn(row);
    return { ...seeded, users };
  }

  /** A live session and its access token, as a signed-in client holds them. */
  async function signIn(user: UserRow) {
    const session = await createSession(database.db, {
      userId: user.id,
      expiresAt: new Date(Date.now() + LIMITS.refreshTokenTtlSeconds * 1000),
    });
    const token = app.signAccessToken({ sub: user.id, role: user.role, sid: session.id });
    return { token, sessionId: session.id, headers: { authorization: `Bearer ${token}` } };
  }

  return {
    app,
    /** Services a test drives directly, built from the app's decorators as the modules do. */
    services: {
      accounts: createAccountsService({
        db: database.db,
        tokens: sessionRevokerFrom(app),
        clock: app.clock,
      }),
      media: mediaUrlsFrom(app),
      feed: buildPostsServices(app).feed,
    },
    db: database.db,
    database,
    drivers,
    config,
    secrets,
    createUser,
    signIn,
    seed,
    workers,
    async close() {
      await app.close();
      await workers?.stop();
      await drivers.close();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * A second API instance on the test app's database, drivers and bus (in-process, or Redis with
 * TEST_REDIS_URL), as two processes of the scaled mode are; its caches listen before it answers.
 */
export async function secondInstance(t: TestApp): Promise<App> {
  const app = await buildApp(
    { config: t.config, database: t.database, drivers: t.drivers, secrets: t.secrets },
    { logger: false },
  );
  await app.ready();
  await Promise.all([t.app.sessionCache.ready(), app.sessionCache.ready()]);
  return app;
}

const noop = () => undefined;
export const silentLogger = { info: noop, warn: noop, error: noop, debug: noop };

/**
 * The newest code e-mailed to the address: the stored e-mail keeps it only sealed (until sent), so
 * the test opens it with the app's secret box, as the worker does.
 */
export async function latestCodeFor(t: TestApp, email: string): Promise<string> {
  const [row] = await t.db
    .select({ sealed: schema.emails.sealedContent })
    .from(schema.emails)
    .where(eq(schema.emails.to, email.toLowerCase()))
    .orderBy(desc(schema.emails.createdAt))
    .limit(1);
  const params = row?.sealed ? JSON.parse(t.drivers.secretBox.open(row.sealed)) : null;
  const code = (params as { code?: string } | null)?.code;
  if (!code) throw new Error(`no code e-mailed to ${email}`);
  return code;
}

/** A controllable clock for tests of expiry and resend windows. */
export function manualClock(start = new Date()) {
  let now = start.getTime();
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}
