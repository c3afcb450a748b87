import type { Database } from '@touchline/db';
import type { OutboxWakeups } from '@touchline/db/outbox';
import type { Drivers, JobHandlers } from '@touchline/drivers';
import { SCHEDULES, type QueueName } from '@touchline/shared';
import { assertHandlers, createJobHandlers } from './handlers';
import { createOutboxRelay } from './relay';

type Logger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type StartWorkersOptions = {
  db: Database;
  drivers: Drivers;
  logger: Logger;
  clock?: () => Date;
  queues?: readonly QueueName[];
  concurrency?: number;
  /** Wakes the relay at commit (`outboxWakeups(database)`); without it the relay only polls. */
  wakeups?: OutboxWakeups;
  /** The site's public address, for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
  /** Wraps the handlers (the worker's metrics count and time each job). */
  instrument?: (handlers: JobHandlers) => JobHandlers;
};

/**
 * Starts job processing, the recurring schedules and the outbox relay. Used by the worker process
 * (scaled mode) and inside the API process (embedded mode).
 */
export async function startWorkers(options: StartWorkersOptions) {
  const { db, drivers, logger } = options;
  const created = createJobHandlers({
    db,
    mail: drivers.mail,
    storage: drivers.storage,
    bus: drivers.bus,
    secretBox: drivers.secretBox,
    payments: drivers.payments,
    push: drivers.push,
    sms: drivers.sms,
    queue: drivers.queue,
    clock: options.clock ?? (() => new Date()),
    publicUrl: options.publicUrl,
  });
  const handlers = options.instrument ? options.instrument(created) : created;
  assertHandlers(handlers);
  await drivers.queue.process(handlers, {
    queues: options.queues,
    concurrency: options.concurrency,
  });
  for (const { job, everyMs } of SCHEDULES) await drivers.queue.schedule(job, everyMs);
  const relay = createOutboxRelay({
    db,
    queue: drivers.queue,
    logger,
    wakeups: options.wakeups,
  });
  relay.start();
  logger.info({ queue: drivers.queue.kind }, 'workers and outbox relay started');
  return {
    relay,
    /** Stops the relay; the queue driver's close() lets running jobs finish. */
    async stop() {
      await relay.stop();
    },
  };
}

export type Workers = Awaited<ReturnType<typeof startWorkers>>;
