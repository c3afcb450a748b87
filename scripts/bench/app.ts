/**
 * The real app for the bench, built as `services/api/src/server.ts` builds it (every global
 * plugin and module) but on a database handed in, with a Redis key prefix of the bench's own,
 * the rate limit raised and the shipped JSON log (level info, one entry per request, buffered as
 * in production) written to /dev/null. The second instance of the chat row (a child process,
 * `instance.ts`) builds the same app on the same database and prefix.
 */
import { createDevSmsStore } from '@touchline/db/reach';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '@touchline/db';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { outboxWakeups } from '@touchline/db/outbox';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDrivers, deriveSecrets } from '@touchline/drivers';
import { startWorkers, type Workers } from '@touchline/worker';
import { buildApp } from '../../services/api/src/app';
import { apiConfigSchema } from '../../services/api/src/config';
import { bufferedJsonDestination, createLogger } from '../../services/api/src/lib/logging';
import { onFreePort } from './lib';

export const BENCH_SECRET = 'bench-secret-0123456789-0123456789-abcdef';
const noop = () => undefined;
export const silentLogger = { info: noop, warn: noop, error: noop, debug: noop };

export type BenchApp = Awaited<ReturnType<typeof startBenchApp>>;

export async function startBenchApp(options: {
  database: DatabaseHandle;
  keyPrefix: string;
  /** Run the workers and outbox relay in this process (the embedded mode does). */
  workers?: boolean;
  concurrency?: number;
}) {
  const { database } = options;
  const dataDir = await mkdtemp(path.join(tmpdir(), 'touchline-bench-'));
  const webDist = path.join(dataDir, 'web');
  await mkdir(webDist, { recursive: true });
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Touchline</title>');
  const redisUrl = process.env.TEST_REDIS_URL;
  const config = apiConfigSchema.parse({
    APP_ENV: 'development',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  });
  const secrets = deriveSecrets(BENCH_SECRET);
  const drivers = await createDrivers(config, {
    dataDir,
    signingSecret: secrets.mediaSigningSecret,
    devMailboxStore: createDevMailboxStore(database.db),
    jobStore: createEmbeddedJobStore(database),
    sandboxChargeStore: createSandboxChargeStore(database.db),
    devSmsStore: createDevSmsStore(database.db),
    allowLoopbackPush: true,
    logger: silentLogger,
    keyPrefix: options.keyPrefix,
  });
  const app = await buildApp(
    { config, database, drivers, secrets },
    {
      // As server.ts logs in production (what the log costs is part of every request).
      loggerInstance: createLogger({
        level: 'info',
        format: 'json',
        name: 'api',
        destination: bufferedJsonDestination('/dev/null') as unknown as NodeJS.WritableStream,
      }),
      // BENCH_REQUEST_LOG=fastify: Fastify's two entries per request, to compare.
      requestLog: process.env.BENCH_REQUEST_LOG === 'fastify' ? 'fastify' : 'one-entry',
      rateLimitNamespace: `${options.keyPrefix}-rl:`,
    },
  );
  await app.ready();
  let workers: Workers | undefined;
  if (options.workers) {
    workers = await startWorkers({
      db: database.db,
      drivers,
      logger: silentLogger,
      concurrency: options.concurrency,
      // The shipped relay: woken at commit, the default poll as safety net.
      wakeups: outboxWakeups(database),
    });
  }
  let url: string | undefined;
  return {
    app,
    drivers,
    /** Listens once, on a free port of the bench's range; answers the address. */
    async listen() {
      url ??= await onFreePort((port) => app.listen({ port, host: '127.0.0.1' }));
      return url;
    },
    async close() {
      await app.close();
      await workers?.stop();
      await drivers.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
