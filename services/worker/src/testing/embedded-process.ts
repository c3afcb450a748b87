/*
 * Test fixture run as a child process: the embedded mode's job side (the in-process queue over the
 * database, the outbox relay, the real e-mail handler) on a PGlite directory or a Postgres URL.
 * Argument: JSON `{ url?, dataDir?, mode, expected, leaseMs }`.
 * - `burst`: runs the first two e-mails for real (prints `sent <jobId>` after each), then a third
 *   handler never returns (prints `stuck <jobId>`): the parent kills the process there.
 * - `finish`: runs everything (prints `ran <jobId>` after each completed job) until `expected`
 *   e-mails are sent and no event is pending, then prints `done` and exits 0 (exit 1 after 60 s).
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createDatabase, schema } from '@touchline/db';
import { countUnpublished, outboxWakeups } from '@touchline/db/outbox';
import { createDevMailboxStore } from '@touchline/db/emails';
import { createEmbeddedJobStore } from '@touchline/db/jobs';
import { createSandboxChargeStore } from '@touchline/db/payments';
import { createDevSmsStore } from '@touchline/db/reach';
import {
  createDrivers,
  driversConfigSchema,
  silentLogger,
  type JobHandler,
} from '@touchline/drivers';
import { createJobHandlers } from '../handlers';
import { createOutboxRelay } from '../relay';

type Args = {
  url?: string;
  dataDir?: string;
  mode: 'burst' | 'finish';
  expected: number;
  leaseMs: number;
};
const args = JSON.parse(process.argv[2] ?? '{}') as Args;
const print = (line: string) => process.stdout.write(`${line}\n`);

const database = await createDatabase(args.url ? { url: args.url } : { dataDir: args.dataDir });
const drivers = await createDrivers(driversConfigSchema.parse({}), {
  dataDir: await mkdtemp(path.join(tmpdir(), 'touchline-embedded-')),
  signingSecret: 'test-signing-secret',
  devMailboxStore: createDevMailboxStore(database.db),
  jobStore: createEmbeddedJobStore(database),
  sandboxChargeStore: createSandboxChargeStore(database.db),
  devSmsStore: createDevSmsStore(database.db),
  allowLoopbackPush: true,
  inlineQueue: { leaseMs: args.leaseMs, pollMs: 100 },
  logger: silentLogger,
});
const handlers = createJobHandlers({ ...drivers, db: database.db, clock: () => new Date() });
const send = handlers['email.send'];
let started = 0;
const emailSend: JobHandler<'email.send'> =
  args.mode === 'burst'
    ? async (job) => {
        started += 1;
        if (started > 2) {
          print(`stuck ${job.id}`);
          return new Promise<void>(() => undefined); // killed before it returns
        }
        await send(job);
        print(`sent ${job.id}`);
      }
    : async (job) => {
        await send(job);
        print(`ran ${job.id}`);
      };
await drivers.queue.process({ ...handlers, 'email.send': emailSend });
const relay = createOutboxRelay({
  db: database.db,
  queue: drivers.queue,
  logger: silentLogger,
  wakeups: outboxWakeups(database),
});
relay.start();

if (args.mode === 'finish') {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const sent = await database.db
      .select({ id: schema.emails.id })
      .from(schema.emails)
      .where(eq(schema.emails.status, 'sent'));
    if (sent.length >= args.expected && (await countUnpublished(database.db)) === 0) break;
    if (Date.now() > deadline) {
      print(`timeout: ${sent.length} of ${args.expected} sent`);
      process.exit(1);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await relay.stop();
  await drivers.close();
  await database.close();
  print('done');
  process.exit(0);
}
