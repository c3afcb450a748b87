import { createHash, timingSafeEqual } from 'node:crypto';
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '@touchline/db';
import { readOutboxHealth } from '@touchline/db/admin';
import type { QueueAdminView } from '@touchline/drivers';
import { QUEUES } from '@touchline/shared';

/** Queue states exported as depths (completed jobs are history, not depth). */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A dependency asked at scrape time gets this long; a slow one leaves its series out. */
const COLLECT_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares `Authorization: Bearer <token>` with the configured token in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/**
 * The event pipeline's series, the same in the API and the worker process: jobs per queue and
 * state, the outbox's lag, pending and dead-lettered events, and whether each source answered.
 * `refresh()` asks the queue and the outbox once per scrape (never per request), in parallel,
 * each bounded by two seconds.
 */
export function pipelineMetrics(
  registry: Registry,
  sources: {
    queue: QueueAdminView;
    db: Database;
    logger: { warn: (obj: object, msg?: string) => void };
  },
) {
  const queueJobs = new Gauge({
    name: 'touchline_queue_jobs',
    help: 'Jobs per queue and state (BullMQ in the scaled mode, the embedded queue otherwise)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  const outboxLag = new Gauge({
    name: 'touchline_outbox_lag_seconds',
    help: 'Age of the oldest domain event not yet relayed to the queue (0 when none waits)',
    registers: [registry],
  });
  const outboxPending = new Gauge({
    name: 'touchline_outbox_pending_events',
    help: 'Domain events waiting for the outbox relay',
    registers: [registry],
  });
  const outboxDead = new Gauge({
    name: 'touchline_outbox_dead_lettered_events',
    help: 'Domain events the relay dead-lettered (kept for the administrators)',
    registers: [registry],
  });
  const sourceUp = new Gauge({
    name: 'touchline_metrics_source_up',
    help: 'Whether a source answered this scrape (1) or not (0): queue, outbox',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  return async function refresh() {
    const [counts, outbox] = await Promise.allSettled([
      within(sources.queue.counts(), COLLECT_TIMEOUT_MS),
      within(readOutboxHealth(sources.db), COLLECT_TIMEOUT_MS),
    ]);
    queueJobs.reset();
    if (counts.status === 'fulfilled') {
      for (const queue of QUEUES)
        for (const state of QUEUE_STATES)
          queueJobs.set({ queue, state }, counts.value[queue]?.[state] ?? 0);
    } else sources.logger.warn({ err: counts.reason }, 'metrics: queue counts unavailable');
    sourceUp.set({ source: 'queue' }, counts.status === 'fulfilled' ? 1 : 0);

    outboxLag.reset();
    outboxPending.reset();
    outboxDead.reset();
    if (outbox.status === 'fulfilled') {
      outboxLag.set(outbox.value.lagSeconds);
      outboxPending.set(outbox.value.unpublished);
      outboxDead.set(outbox.value.deadLettered);
    } else sources.logger.warn({ err: outbox.reason }, 'metrics: outbox unavailable');
    sourceUp.set({ source: 'outbox' }, outbox.status === 'fulfilled' ? 1 : 0);
  };
}
