import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import {
  createDevMailboxStore,
  createSession,
  insertUser,
  schema,
  type UserRow,
} from '@touchline/db';
import { createTestDatabase } from '@touchline/db/testing';
import { createDrivers, deriveSecrets } from '@touchline/drivers';
import { startWorkers, type Workers } from '@touchline/worker';
import { LIMITS, type Role } from '@touchline/shared';
import { buildApp, type App } from '../app';
import { createServices } from '../services';
import { apiConfigSchema, type ApiConfig } from '../config';

export type TestAppOptions = {
  env?: Record<string, string>;
  /** Run the workers and outbox relay in-process (as the embedded mode does). */
  workers?: boolean;
  heartbeatMs?: number;
  /** The app's clock (code expiry, resend windows); real time by default. */
  clock?: () => Date;
};

let counter = 0;

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
  const redisUrl = process.env.TEST_REDIS_URL;
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
    logger: silentLogger,
    keyPrefix,
  });
  const app: App = await buildApp(
    { config, database, drivers, secrets, clock: options.clock },
    { logger: false, heartbeatMs: options.heartbeatMs, rateLimitNamespace: `${keyPrefix}-rl:` },
  );
  await app.ready();
  let workers: Workers | undefined;
  if (options.workers) {
    workers = await startWorkers({
      db: database.db,
      drivers,
      logger: silentLogger,
      relayIntervalMs: 20,
    });
  }

  async function createUser(input: { role?: Role; email?: string; username?: string } = {}) {
    const n = ++counter;
    return insertUser(database.db, {
      email: input.email ?? `user${n}-${Date.now()}@example.test`,
      role: input.role ?? 'player',
      username: input.username ?? `User ${n}`,
      emailVerifiedAt: new Date(),
      academyStatus: input.role === 'academy' ? 'verified' : null,
    });
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
    services: createServices(app),
    db: database.db,
    database,
    drivers,
    config,
    createUser,
    signIn,
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

const noop = () => undefined;
export const silentLogger = { info: noop, warn: noop, error: noop, debug: noop };

/** The newest six-digit code e-mailed to the address (read from the stored e-mails). */
export async function latestCodeFor(t: TestApp, email: string): Promise<string> {
  const [row] = await t.db
    .select({ text: schema.emails.text })
    .from(schema.emails)
    .where(eq(schema.emails.to, email.toLowerCase()))
    .orderBy(desc(schema.emails.createdAt))
    .limit(1);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
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
