import pino from 'pino';
import { createDatabase, notMigratedReason } from '@touchline/db';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { outboxWakeups } from '@touchline/db/outbox';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import { createDrivers, deriveSecrets, resolveAppSecret } from '@touchline/drivers';
import { loadWorkerConfig } from './config';
import { startWorkerMetrics } from './metrics';
import { startWorkers } from './runtime';

/** The worker process of the scaled mode: BullMQ consumers, schedules and the outbox relay. */
async function main() {
  const config = loadWorkerConfig();
  const logger = pino({ level: config.LOG_LEVEL, name: 'worker' });
  const database = await createDatabase({ url: config.DATABASE_URL });
  // A database that is behind is refused with the step to take (the API does the same).
  const notMigrated = await notMigratedReason(database);
  if (notMigrated) {
    await database.close();
    throw new Error(notMigrated);
  }
  const drivers = await createDrivers(config, {
    dataDir: config.DATA_DIR,
    signingSecret: deriveSecrets(await resolveAppSecret(config.APP_SECRET, config.DATA_DIR))
      .mediaSigningSecret,
    devMailboxStore: createDevMailboxStore(database.db),
    jobStore: createEmbeddedJobStore(database),
    sandboxChargeStore: createSandboxChargeStore(database.db),
    devSmsStore: createDevSmsStore(database.db),
    allowLoopbackPush: config.APP_ENV !== 'production',
    logger,
  });
  // Prometheus metrics on their own port when asked (0.0.0.0 in production: the pod's port).
  const metrics =
    config.WORKER_METRICS_PORT === undefined
      ? undefined
      : await startWorkerMetrics({
          port: config.WORKER_METRICS_PORT,
          host: config.APP_ENV === 'production' ? '0.0.0.0' : '127.0.0.1',
          token: config.METRICS_TOKEN,
          queue: drivers.queue.admin,
          db: database.db,
          logger,
        });
  const workers = await startWorkers({
    db: database.db,
    drivers,
    logger,
    queues: config.WORKER_QUEUES,
    concurrency: config.WORKER_CONCURRENCY,
    publicUrl: config.PUBLIC_URL,
    instrument: metrics?.instrument,
    wakeups: outboxWakeups(database, logger),
  });
  logger.info({ queues: config.WORKER_QUEUES }, 'worker ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'worker shutting down');
    const force = setTimeout(() => process.exit(1), 30_000);
    force.unref();
    await metrics?.close();
    await workers.stop();
    await drivers.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
