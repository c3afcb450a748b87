import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@touchline/db';
import { readOutboxHealth } from '@touchline/db/admin';
import type { JobHandlers, QueueAdminView } from '@touchline/drivers';
import { JOBS, QUEUES, type JobName } from '@touchline/shared';

type Logger = {
  warn: (obj: object, msg?: string) => void;
  info: (obj: object, msg?: string) => void;
};

export type WorkerMetricsOptions = {
  port: number;
  /** 0.0.0.0 in a container; loopback by default. */
  host?: string;
  /** `Authorization: Bearer <token>` required when set. */
  token?: string;
  queue: QueueAdminView;
  db: Database;
  logger: Logger;
};

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;
const COLLECT_TIMEOUT_MS = 2000;

const within = <T>(promise: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms).unref(),
    ),
  ]);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * The worker process's Prometheus metrics on a small HTTP port (WORKER_METRICS_PORT): jobs run by
 * this process (count by outcome, duration), queue depths, the outbox lag, and the process metrics
 * (event-loop lag, CPU, memory). `instrument` wraps the job handlers; `close` stops the server.
 */
export async function startWorkerMetrics(options: WorkerMetricsOptions) {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const jobs = new Counter({
    name: 'touchline_jobs_total',
    help: 'Jobs run by this worker process, by queue, job and outcome (completed or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'touchline_job_duration_seconds',
    help: 'Time a job handler ran in this worker process, by queue and job',
    labelNames: ['queue', 'job'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [registry],
  });
  const queueJobs = new Gauge({
    name: 'touchline_queue_jobs',
    help: 'Jobs per queue and state',
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
  const sourceUp = new Gauge({
    name: 'touchline_metrics_source_up',
    help: 'Whether a source answered this scrape (1) or not (0): queue, outbox',
    labelNames: ['source'] as const,
    registers: [registry],
  });

  async function refresh() {
    const [counts, outbox] = await Promise.allSettled([
      within(options.queue.counts(), COLLECT_TIMEOUT_MS),
      within(readOutboxHealth(options.db), COLLECT_TIMEOUT_MS),
    ]);
    queueJobs.reset();
    if (counts.status === 'fulfilled') {
      for (const queue of QUEUES)
        for (const state of QUEUE_STATES)
          queueJobs.set({ queue, state }, counts.value[queue]?.[state] ?? 0);
    }
    sourceUp.set({ source: 'queue' }, counts.status === 'fulfilled' ? 1 : 0);
    outboxLag.reset();
    outboxPending.reset();
    if (outbox.status === 'fulfilled') {
      outboxLag.set(outbox.value.lagSeconds);
      outboxPending.set(outbox.value.unpublished);
    }
    sourceUp.set({ source: 'outbox' }, outbox.status === 'fulfilled' ? 1 : 0);
  }

  const expected = options.token ? digest(options.token) : undefined;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    const auth = req.headers.authorization;
    if (
      expected &&
      !(auth?.startsWith('Bearer ') && timingSafeEqual(digest(auth.slice(7).trim()), expected))
    ) {
      res.writeHead(401, { 'www-authenticate': 'Bearer realm="metrics"' }).end();
      return;
    }
    refresh()
      .then(() => registry.metrics())
      .then(
        (text) => res.writeHead(200, { 'content-type': registry.contentType }).end(text),
        (err: unknown) => {
          options.logger.warn({ err }, 'worker metrics failed');
          res.writeHead(500).end();
        },
      );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  options.logger.info({ port: address.port }, 'worker metrics listening');

  return {
    port: address.port,
    /** Wraps every handler: counts and times each run (a throw counts as failed, then rethrows). */
    instrument(handlers: JobHandlers): JobHandlers {
      const wrapped: Record<string, unknown> = {};
      for (const [name, handler] of Object.entries(handlers) as [JobName, JobHandlers[JobName]][]) {
        const queue = JOBS[name].queue;
        const run = handler as (job: Parameters<JobHandlers[JobName]>[0]) => Promise<void>;
        wrapped[name] = async (job: Parameters<JobHandlers[JobName]>[0]) => {
          const end = durations.startTimer({ queue, job: name });
          try {
            await run(job);
            jobs.inc({ queue, job: name, outcome: 'completed' });
          } catch (err) {
            jobs.inc({ queue, job: name, outcome: 'failed' });
            throw err;
          } finally {
            end();
          }
        };
      }
      return wrapped as JobHandlers;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type WorkerMetrics = Awaited<ReturnType<typeof startWorkerMetrics>>;
