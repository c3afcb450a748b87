import { claimBatch, type Database, type OutboxRow } from '@touchline/db';
import type { QueueDriver } from '@touchline/drivers';
import {
  EVENT_ROUTES,
  isDomainEventType,
  jobIdFor,
  type DomainEventType,
  type EventRoute,
} from '@touchline/shared';

type Logger = {
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type OutboxRelayOptions = {
  db: Database;
  queue: QueueDriver;
  logger: Logger;
  intervalMs?: number;
  batchSize?: number;
};

/**
 * Moves committed outbox rows to the queue. Each row fans out to the jobs its event type routes
 * to, with deterministic job ids, and is stamped published in the same short transaction that
 * claimed it (rows locked with SKIP LOCKED, so several relays share the work). If the process dies
 * after enqueueing but before the stamp commits, the rows are claimed again and re-enqueued with
 * the same ids: the queue runs each job once.
 */
export function createOutboxRelay(options: OutboxRelayOptions) {
  const { db, queue, logger } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  function runOnce(): Promise<number> {
    return claimBatch(db, batchSize, async (rows: OutboxRow[]) => {
      for (const row of rows) {
        if (!isDomainEventType(row.type)) {
          logger.warn(
            { eventId: row.id, type: row.type },
            'outbox event has no route; skipping it',
          );
          continue;
        }
        const routes = EVENT_ROUTES[row.type] as readonly EventRoute<DomainEventType>[];
        for (const route of routes) {
          const payload = route.payload(row.payload as never, String(row.id));
          await queue.add(route.job, payload as never, { jobId: jobIdFor(row.id, route.job) });
        }
      }
    });
  }

  /** Runs batches until the outbox is empty. */
  async function drain() {
    let total = 0;
    for (;;) {
      const n = await runOnce();
      total += n;
      if (n < batchSize) return total;
    }
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    running = drain()
      .catch((err: unknown) => {
        logger.error({ err }, 'outbox relay batch failed; will retry');
        return 0;
      })
      .finally(() => {
        running = undefined;
        schedule(intervalMs);
      });
  }

  return {
    runOnce,
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    /** Runs soon instead of waiting for the next interval (after a local commit). */
    nudge() {
      if (stopped || running) return;
      clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
