import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { readOutboxHealth } from '@touchline/db/admin';
import { ERROR_CODES, QUEUES } from '@touchline/shared';

export const METRICS_PATH = '/api/metrics';

/** Queue states exported as depths (completed jobs are history, not depth). */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** A dependency asked at scrape time gets this long; a slow one leaves its series out. */
const COLLECT_TIMEOUT_MS = 2000;

/**
 * Process metrics (CPU, memory, handles, GC, event-loop lag) are one set per process, however many
 * apps it builds (tests build dozens): collected once, into their own registry.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const STATUS_CLASS = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares `Authorization: Bearer <token>` with the configured token in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

/** The instance's own series: request latency, queue depths, sockets, outbox lag. */
function appMetrics(app: FastifyInstance) {
  const registry = new Registry();
  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const queueJobs = new Gauge({
    name: 'touchline_queue_jobs',
    help: 'Jobs per queue and state (BullMQ in the scaled mode, the embedded queue otherwise)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  });
  new Gauge({
    name: 'touchline_realtime_sockets',
    help: 'WebSockets held by this API instance',
    registers: [registry],
    collect() {
      this.set(app.realtime.connectionCount());
    },
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
  const info = new Gauge({
    name: 'touchline_info',
    help: 'The drivers this process runs on (always 1)',
    labelNames: ['database', 'queue', 'bus', 'storage', 'mail'] as const,
    registers: [registry],
  });
  info.set(
    {
      database: app.database.kind,
      queue: app.drivers.queue.kind,
      bus: app.drivers.bus.kind,
      storage: app.drivers.storage.kind,
      mail: app.drivers.mail.kind,
    },
    1,
  );

  /** Asks the queue and the outbox once per scrape (never per request), in parallel, bounded. */
  async function refresh() {
    const [counts, outbox] = await Promise.allSettled([
      within(app.drivers.queue.admin.counts(), COLLECT_TIMEOUT_MS),
      within(readOutboxHealth(app.db), COLLECT_TIMEOUT_MS),
    ]);
    queueJobs.reset();
    if (counts.status === 'fulfilled') {
      for (const queue of QUEUES) {
        for (const state of QUEUE_STATES)
          queueJobs.set({ queue, state }, counts.value[queue]?.[state] ?? 0);
      }
    } else app.log.warn({ err: counts.reason }, 'metrics: queue counts unavailable');
    sourceUp.set({ source: 'queue' }, counts.status === 'fulfilled' ? 1 : 0);

    if (outbox.status === 'fulfilled') {
      outboxLag.set(outbox.value.lagSeconds);
      outboxPending.set(outbox.value.unpublished);
      outboxDead.set(outbox.value.deadLettered);
    } else {
      outboxLag.reset();
      outboxPending.reset();
      outboxDead.reset();
      app.log.warn({ err: outbox.reason }, 'metrics: outbox unavailable');
    }
    sourceUp.set({ source: 'outbox' }, outbox.status === 'fulfilled' ? 1 : 0);
  }

  return { registry, requests, refresh };
}

/**
 * Prometheus metrics at `GET /api/metrics` (issue 16): HTTP latency by route pattern and status
 * class, queue depths, this instance's sockets, the outbox lag, and the process metrics
 * (event-loop lag, CPU, memory, GC). Per request it costs one synchronous `onResponse` hook;
 * everything that asks a dependency runs at scrape time.
 *
 * Access: with `METRICS_TOKEN` set, `Authorization: Bearer <METRICS_TOKEN>` is required (401
 * otherwise) in every mode. Without it the route is open outside production and not registered
 * at all in production (404), so a forgotten token never exposes the numbers.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { registry, requests, refresh } = appMetrics(app);

    // Children per label set, so the hot path hashes no label object.
    const children = new Map<string, ReturnType<typeof requests.labels>>();
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      const status = STATUS_CLASS[Math.trunc(reply.statusCode / 100)] ?? 'other';
      const key = `${request.method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = requests.labels(request.method, route, status);
        children.set(key, child);
      }
      child.observe(reply.elapsedTime / 1000);
      done();
    });

    const token = app.config.METRICS_TOKEN;
    if (!token && app.config.APP_ENV === 'production') return;

    app.get(METRICS_PATH, async (request, reply) => {
      if (token && !bearerMatches(request.headers.authorization, token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer realm="metrics"')
          .send({ message: 'Metrics token required', code: ERROR_CODES.unauthorized });
      }
      await refresh();
      const text = (await processMetrics().metrics()) + (await registry.metrics());
      return reply
        .header('content-type', registry.contentType)
        .header('cache-control', 'no-store')
        .send(text);
    });
  },
  { name: 'metrics', dependencies: ['platform'] },
);
