import { pathToFileURL } from 'node:url';
import pino from 'pino';
import { createDatabase, migrateDatabase, pgliteDataDir } from '@touchline/db';
import { createDevMailboxStore, createEmbeddedJobStore } from '@touchline/db/platform';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDrivers, deriveSecrets, resolveAppSecret } from '@touchline/drivers';
import { startWorkers, type Workers } from '@touchline/worker';
import { buildApp } from './app';
import { ConfigError, loadApiConfig } from './config';
import { seedDemoWorld } from './seed/demo';

/**
 * Starts the API: configuration, database (migrated in embedded mode), drivers, the app, and —
 * when the queue is in-process or RUN_WORKERS=true — the workers and outbox relay in this process.
 */
export async function main() {
  const config = loadApiConfig();
  const logger = pino({ level: config.LOG_LEVEL, name: 'api' });
  const embedded = !config.DATABASE_URL;

  const database = await createDatabase(
    embedded ? { dataDir: pgliteDataDir(config.DATA_DIR) } : { url: config.DATABASE_URL },
  );
  if (embedded) await migrateDatabase(database);

  const secrets = deriveSecrets(await resolveAppSecret(config.APP_SECRET, config.DATA_DIR));
  const drivers = await createDrivers(config, {
    dataDir: config.DATA_DIR,
    signingSecret: secrets.mediaSigningSecret,
    devMailboxStore: createDevMailboxStore(database.db),
    jobStore: createEmbeddedJobStore(database),
    sandboxChargeStore: createSandboxChargeStore(database.db),
    logger,
  });

  const app = await buildApp(
    { config, database, drivers, secrets },
    { logger: { level: config.LOG_LEVEL } },
  );

  const runWorkers =
    config.RUN_WORKERS === 'true' ||
    (config.RUN_WORKERS === 'auto' && drivers.queue.kind === 'inline');
  let workers: Workers | undefined;
  if (runWorkers) {
    workers = await startWorkers({
      db: database.db,
      drivers,
      logger,
      publicUrl: config.PUBLIC_URL,
    });
  }

  const seeded =
    config.SEED_DEMO && config.APP_ENV !== 'production'
      ? await seedDemoWorld({ db: database.db, storage: drivers.storage, logger })
      : null;

  await app.listen({ host: config.HOST, port: config.PORT });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  const url = config.PUBLIC_URL.replace(`:${config.PORT}`, `:${port}`);

  const lines = [
    '',
    `  Touchline is running at ${url}`,
    `  mode: ${database.kind} database, ${drivers.queue.kind} queue, ${drivers.bus.kind} bus, ${drivers.storage.kind} storage, ${drivers.mail.kind} mail, ${drivers.payments.kind} payments`,
    `  API docs: ${url}/api/docs   health: ${url}/api/health`,
  ];
  if (drivers.mail.kind === 'devbox') lines.push(`  development mailbox: ${url}/dev/mailbox`);
  if (seeded) {
    lines.push('  demo logins (password ' + seeded.password + '):');
    for (const login of seeded.logins)
      lines.push(`    ${login.role.padEnd(8)} ${login.email}  → ${url}${login.page}`);
  }
  console.log(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close(); // stops accepting, closes sockets (realtime preClose)
      await workers?.stop();
      await drivers.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return { app, url };
}

const isEntry = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
