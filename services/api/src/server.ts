import { createGuardianAsker } from './modules/guardians/guardians.requests';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import {
  copyPgliteTemplate,
  createDatabase,
  isFreshPgliteDir,
  migrateDatabase,
  notMigratedReason,
  pgliteDataDir,
  readPgliteTemplate,
  type DatabaseHandle,
} from '@touchline/db';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { outboxWakeups } from '@touchline/db/outbox';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import { createDrivers, deriveSecrets, resolveAppSecret } from '@touchline/drivers';
import { startWorkers, type Workers } from '@touchline/worker';
import { buildApp } from './app';
import { ConfigError, loadApiConfig } from './config';
import { createLogger } from './lib/logging';
import { seedDemoWorld } from './seed/demo';
import {
  adoptDemoWorld,
  copyDemoWorld,
  discardStagedDemoCopy,
  type StagedDemoCopy,
} from './seed/demo-template';
import { settleStartWork } from './seed/settle';

/** Set by `npm run build:server` in the bundle (esbuild `define`); absent under tsx. */
declare const __TOUCHLINE_BUILD_ID__: string | undefined;
const BUILD_ID = typeof __TOUCHLINE_BUILD_ID__ === 'string' ? __TOUCHLINE_BUILD_ID__ : undefined;

/**
 * Starts the API: configuration, database (migrated in embedded mode), drivers, the app, and —
 * when the queue is in-process or RUN_WORKERS=true — the workers and outbox relay in this process.
 * `demoCopy`: the demo world `npm start`'s launcher began copying before it imported this module
 * (decision 68); used when this start copies the demo world into that data directory, removed
 * otherwise.
 */
export async function main(options: { demoCopy?: StagedDemoCopy } = {}) {
  const config = loadApiConfig();
  const logger = createLogger({ level: config.LOG_LEVEL, format: config.LOG_FORMAT, name: 'api' });
  const embedded = !config.DATABASE_URL;
  const seedDemo = config.SEED_DEMO && config.APP_ENV !== 'production';

  // A fresh embedded data directory with the demo on: the world the build seeded (decision 66).
  const copiedDemo =
    embedded && seedDemo
      ? await copyDemoWorld(
          config.DATA_DIR,
          config.PGLITE_TEMPLATE_DIR,
          BUILD_ID,
          logger,
          options.demoCopy,
        )
      : await discardStagedDemoCopy(options.demoCopy).then(() => null);
  const database = await createDatabase(
    embedded
      ? await embeddedOptions(config.DATA_DIR, config.PGLITE_TEMPLATE_DIR, logger)
      : { url: config.DATABASE_URL },
  );
  // From a template the migrations are all applied already: this only checks (the demo world's
  // copy is checked already: its template was made from these very migrations).
  if (embedded && !copiedDemo) await migrateDatabase(database);
  // Scaled mode migrates once per release, before any instance starts: a database that is behind
  // is refused with the step to take, not met later as a missing table.
  else await refuseUnmigrated(database);

  const secrets = deriveSecrets(await resolveAppSecret(config.APP_SECRET, config.DATA_DIR));
  const drivers = await createDrivers(config, {
    dataDir: config.DATA_DIR,
    signingSecret: secrets.mediaSigningSecret,
    devMailboxStore: createDevMailboxStore(database.db),
    jobStore: createEmbeddedJobStore(database),
    sandboxChargeStore: createSandboxChargeStore(database.db),
    devSmsStore: createDevSmsStore(database.db),
    allowLoopbackPush: config.APP_ENV !== 'production',
    logger,
  });
  const askGuardian = createGuardianAsker({
    clock: () => new Date(),
    publicUrl: config.PUBLIC_URL,
    secretBox: drivers.secretBox,
  });
  // Made today's before the workers start, so nothing reads the build's dates.
  const adopted = copiedDemo
    ? await adoptDemoWorld({ db: database.db, ...copiedDemo, now: new Date(), askGuardian })
    : null;

  const app = await buildApp(
    { config, database, drivers, secrets },
    {
      loggerInstance: logger,
      requestLog: config.LOG_FORMAT === 'pretty' ? 'one-line' : 'one-entry',
    },
  );

  const runWorkers =
    config.RUN_WORKERS === 'true' ||
    (config.RUN_WORKERS === 'auto' && drivers.queue.kind === 'inline');
  const seeded =
    adopted ??
    (seedDemo
      ? await seedDemoWorld({ db: database.db, storage: drivers.storage, logger, askGuardian })
      : null);

  await app.listen({ host: config.HOST, port: config.PORT });
  // The workers and the outbox relay start once the server answers: their first round (every
  // recurring job's first run, a copied demo world's first relay) comes after the first page, not
  // in front of it (decision 68). Jobs added meanwhile wait in the queue.
  let workers: Workers | undefined;
  if (runWorkers) {
    workers = await startWorkers({
      db: database.db,
      drivers,
      logger,
      publicUrl: config.PUBLIC_URL,
      wakeups: outboxWakeups(database, logger),
    });
  }
  // The seed's e-mails and notices go out first, so their log lines do not push the banner away.
  if (seeded?.seeded && workers) await settleStartWork({ db: database.db, queue: drivers.queue });
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

  const shutdown = gracefulShutdown({
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    log: app.log,
    steps: [
      // Sockets first, with 1001 'server shutting down': clients reconnect (through the load
      // balancer, elsewhere) and catch up with ?since=N. @fastify/websocket's own preClose would
      // close them without a code (1005) if it came first.
      ['sockets', () => app.realtime.close()],
      // Stops accepting connections; from here every new request answers 503 (readiness
      // included, so load balancers stop routing here) and in-flight requests finish.
      ['http', () => app.close()],
      // In-process workers (embedded mode) finish their running jobs.
      ['workers', async () => workers?.stop()],
      ['drivers', () => drivers.close()], // queue, Redis, storage, mail
      ['database', () => database.close()],
    ],
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  return { app, url };
}

/**
 * A fresh embedded data directory starts as a copy of the pre-migrated template
 * `npm run build:server` leaves in dist/ (issue 24: no initdb, no migrations at start), when it
 * matches the migrations.
 */
export async function embeddedOptions(dataDir: string, templateDir: string, logger: Logger) {
  const dir = pgliteDataDir(dataDir);
  if (!isFreshPgliteDir(dir)) return { dataDir: dir };
  const found = await readPgliteTemplate(templateDir);
  if (found.template === undefined) {
    logger.debug(
      { templateDir, reason: found.reason },
      'new embedded database: initdb and migrations',
    );
    return { dataDir: dir };
  }
  logger.debug({ templateDir }, 'new embedded database from the pre-migrated template');
  copyPgliteTemplate(found.template, dir);
  return { dataDir: dir };
}

type ShutdownLog = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * SIGTERM/SIGINT: runs every step in order and exits 0, or 1 when a step failed or the whole takes
 * longer than `timeoutMs` (SHUTDOWN_TIMEOUT_MS; keep it under the orchestrator's grace period). A
 * second signal while closing exits at once (Ctrl-C twice).
 */
export function gracefulShutdown(options: {
  timeoutMs: number;
  log: ShutdownLog;
  steps: [name: string, run: () => Promise<unknown>][];
  exit?: (code: number) => void;
}) {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  let closing = false;
  return (signal: string) => {
    if (closing) {
      options.log.error({ signal }, 'second signal while shutting down: exiting now');
      exit(1);
      return;
    }
    closing = true;
    const started = Date.now();
    options.log.info({ signal, timeout_ms: options.timeoutMs }, 'shutting down');
    const force = setTimeout(() => {
      options.log.error({ timeout_ms: options.timeoutMs }, 'shutdown took too long: exiting');
      exit(1);
    }, options.timeoutMs);
    force.unref();
    void (async () => {
      let failed = false;
      for (const [name, run] of options.steps) {
        try {
          await run();
        } catch (err) {
          // The next steps still run: a failed socket close must not keep the database open.
          options.log.error({ err, step: name }, 'shutdown step failed');
          failed = true;
        }
      }
      clearTimeout(force);
      options.log.info({ ms: Date.now() - started, failed }, 'shut down');
      exit(failed ? 1 : 0);
    })();
  };
}

/**
 * Throws a ConfigError (a readable message, no stack) when the database has migrations to apply.
 * Closes the database first, so the process can exit.
 */
export async function refuseUnmigrated(database: DatabaseHandle): Promise<void> {
  const reason = await notMigratedReason(database);
  if (!reason) return;
  await database.close();
  throw new ConfigError(reason);
}

const isEntry = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  main().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  });
}
