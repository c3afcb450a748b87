import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '@touchline/db';
import type { JobHandlers, QueueAdminView } from '@touchline/drivers';
import { JOBS, type JobName } from '@touchline/shared';
import { bearerMatches, pipelineMetrics } from './pipeline-metrics';

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
  const refresh = pipelineMetrics(registry, {
    queue: options.queue,
    db: options.db,
    logger: options.logger,
  });

  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    if (options.token && !bearerMatches(req.headers.authorization, options.token)) {
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
