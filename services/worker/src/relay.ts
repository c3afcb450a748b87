import { z } from 'zod';
import type { Database } from '@touchline/db';
import { claimBatch, type OutboxRow, type OutboxWakeups } from '@touchline/db/outbox';
import { InvalidJobError, type QueueDriver } from '@touchline/drivers';
import {
  DOMAIN_EVENTS,
  EVENT_ROUTES,
  JOBS,
  isDomainEventType,
  jobIdFor,
  type DomainEventType,
  type EventRoute,
  type JobName,
} from '@touchline/shared';

type Logger = {
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type OutboxRelayOptions = {
  db: Database;
  queue: QueueDriver;
  logger: Logger;
  /** The safety-net poll: how long the relay waits when nothing woke it (default 200 ms). */
  intervalMs?: number;
  batchSize?: number;
  /**
   * Wakes the relay when a transaction that wrote an outbox row commits (Postgres
   * `LISTEN/NOTIFY`, in this process or another; PGlite's in process): `outboxWakeups(handle)`.
   */
  wakeups?: OutboxWakeups;
  /** Longest wait between retries while batches keep failing (database or queue down). */
  maxBackoffMs?: number;
};

/** An event that breaks its contract or cannot be routed: retrying cannot help. */
class PoisonedEventError extends Error {
  override name = 'PoisonedEventError';
}

type RoutedJob = { name: JobName; payload: unknown; id: string; delayMs?: number };

/** The jobs an outbox row fans out to, every payload checked; throws PoisonedEventError. */
function jobsFor(row: OutboxRow): RoutedJob[] {
  if (!isDomainEventType(row.type))
    throw new PoisonedEventError(`unknown event type "${row.type}"`);
  const event = DOMAIN_EVENTS[row.type].safeParse(row.payload);
  if (!event.success) {
    throw new PoisonedEventError(
      `payload breaks the event contract: ${z.prettifyError(event.error)}`,
    );
  }
  const routes = EVENT_ROUTES[row.type] as readonly EventRoute<DomainEventType>[];
  return routes.map((route) => {
    let payload: unknown;
    try {
      payload = route.payload(event.data as never, String(row.id));
    } catch (err) {
      throw new PoisonedEventError(`routing to ${route.job} failed: ${(err as Error).message}`);
    }
    const job = JOBS[route.job].payload.safeParse(payload);
    if (!job.success) {
      throw new PoisonedEventError(
        `payload for ${route.job} breaks the job contract: ${z.prettifyError(job.error)}`,
      );
    }
    return {
      name: route.job,
      payload: job.data,
      id: jobIdFor(row.id, route.job),
      ...(route.delayMs ? { delayMs: route.delayMs } : {}),
    };
  });
}

/**
 * Moves committed outbox rows to the queue. Each row fans out to the jobs its event type routes
 * to, with deterministic job ids, and is stamped published in the same short transaction that
 * claimed it (rows locked with SKIP LOCKED, so several relays share the work). The jobs are added
 * with that transaction: the embedded queue, which lives in the database, writes them in it, so
 * they exist exactly when the stamp commits; with BullMQ, if the process dies after enqueueing but
 * before the stamp commits, the rows are claimed again and re-enqueued with the same ids, and the
 * queue runs each job once. A poisoned row (unknown type, payload breaking the contract, routing
 * that throws) is dead-lettered at once, so the rows behind it still flow; a queue outage fails the
 * whole batch, which is retried and never dead-lettered.
 */
export function createOutboxRelay(options: OutboxRelayOptions) {
  const { db, queue, logger } = options;
  const intervalMs = options.intervalMs ?? 200;
  const batchSize = options.batchSize ?? 100;
  const maxBackoffMs = Math.max(intervalMs, options.maxBackoffMs ?? 5000);
  let timer: NodeJS.Timeout | undefined;
  /** Batches failed in a row, and when the current failure was last logged. */
  let failures = 0;
  let lastLoggedAt = 0;
  let running: Promise<number> | undefined;
  let stopped = true;
  /** A wake-up arrived while a drain was running: its row may have missed the last claim. */
  let wokenWhileRunning = false;
  let unsubscribe: (() => Promise<void>) | undefined;
  let subscribing: Promise<void> | undefined;

  function runOnce(): Promise<number> {
    return claimBatch(db, batchSize, async (rows, batch) => {
      for (const row of rows) {
        try {
          for (const job of jobsFor(row)) {
            await queue.add(job.name, job.payload as never, {
              jobId: job.id,
              transaction: batch.tx,
              // A route's delay (a payment hold's expiry) counts from the relay, moments after
              // the event was written.
              ...(job.delayMs ? { delayMs: job.delayMs } : {}),
            });
          }
        } catch (err) {
          // Anything else (the queue or the database unavailable) fails the batch.
          if (!(err instanceof PoisonedEventError || err instanceof InvalidJobError)) throw err;
          batch.deadLetter(row.id, err);
          logger.error({ eventId: row.id, type: row.type, err }, 'outbox event dead-lettered');
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

  /**
   * An outage (database or queue) fails every batch: retry with a growing pause (up to
   * `maxBackoffMs`) instead of hammering it, log the failure once a minute instead of at every
   * retry, and say when it recovered.
   */
  function onFailure(err: unknown): number {
    failures += 1;
    const now = Date.now();
    if (failures === 1 || now - lastLoggedAt >= 60_000) {
      lastLoggedAt = now;
      logger.error({ err, failures }, 'outbox relay batch failed; will retry');
    }
    return Math.min(intervalMs * 2 ** Math.min(failures, 16), maxBackoffMs);
  }

  function onSuccess() {
    if (failures === 0) return;
    logger.warn({ failures }, 'outbox relay recovered');
    failures = 0;
  }

  function tick() {
    let delay = intervalMs;
    wokenWhileRunning = false;
    running = drain()
      .then(onSuccess, (err: unknown) => {
        delay = onFailure(err);
        return 0;
      })
      .then(() => 0)
      .finally(() => {
        running = undefined;
        schedule(wokenWhileRunning && failures === 0 ? 0 : delay);
      });
  }

  /** Runs at once instead of waiting for the next poll (an outbox row was committed). */
  function nudge() {
    if (stopped) return;
    if (running) {
      wokenWhileRunning = true;
      return;
    }
    if (failures > 0) return; // backing off from an outage: the retry comes on its own
    clearTimeout(timer);
    schedule(0);
  }

  return {
    runOnce,
    drain,
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
      if (options.wakeups) {
        subscribing = options.wakeups(nudge).then(
          (off) => {
            unsubscribe = off;
          },
          (err: unknown) => logger.warn({ err }, 'outbox wake-ups unavailable; polling only'),
        );
      }
    },
    nudge,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await subscribing;
      await unsubscribe?.();
      unsubscribe = undefined;
      await running;
    },
  };
}

export type OutboxRelay = ReturnType<typeof createOutboxRelay>;
