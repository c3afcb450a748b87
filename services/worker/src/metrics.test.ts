import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@touchline/db/testing';
import type { JobContext, JobHandlers, QueueAdminView, QueueJobCounts } from '@touchline/drivers';
import { QUEUES, type QueueName } from '@touchline/shared';
import { startWorkerMetrics, type WorkerMetrics } from './metrics';

const TOKEN = 'worker-metrics-token-0123456789-abcdef';
const silent = { info: () => undefined, warn: () => undefined };

/** A free port in the operations range (46000-46999). */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 46000 + Math.floor(Math.random() * 1000);
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 46000-46999');
}

const zero: QueueJobCounts = { waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 };
const queue: QueueAdminView = {
  counts: async () =>
    Object.fromEntries(
      QUEUES.map((q) => [q, q === 'media' ? { ...zero, waiting: 7, failed: 1 } : zero]),
    ) as Record<QueueName, QueueJobCounts>,
  failedJobs: async () => [],
  retryJob: async () => 'not_found',
  removeJob: async () => 'not_found',
};

const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('worker metrics (WORKER_METRICS_PORT)', () => {
  let database: TestDatabase;
  let metrics: WorkerMetrics;
  let base: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    metrics = await startWorkerMetrics({
      port: await freePort(),
      token: TOKEN,
      queue,
      db: database.db,
      logger: silent,
    });
    base = `http://127.0.0.1:${metrics.port}`;
  });
  afterAll(async () => {
    await metrics?.close();
    await database?.close();
  });

  it('counts and times the jobs it runs, with queue depths, outbox lag and process metrics', async () => {
    const handlers = metrics.instrument({
      'email.send': async () => undefined,
      'media.process': async () => {
        throw new Error('bad file');
      },
    } as unknown as JobHandlers);
    const job = (name: string) => ({ id: 'x', name, data: {}, attempt: 1 }) as JobContext;
    await handlers['email.send'](job('email.send') as JobContext<'email.send'>);
    await handlers['email.send'](job('email.send') as JobContext<'email.send'>);
    await expect(
      handlers['media.process'](job('media.process') as JobContext<'media.process'>),
    ).rejects.toThrow('bad file');
    await database.db.execute(
      sql`insert into outbox (type, payload, created_at) values ('metrics.test', '{}'::jsonb, now() - interval '30 seconds')`,
    );

    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(
      sample(text, 'touchline_jobs_total{queue="email",job="email.send",outcome="completed"}'),
    ).toBe(2);
    expect(
      sample(text, 'touchline_jobs_total{queue="media",job="media.process",outcome="failed"}'),
    ).toBe(1);
    expect(
      sample(text, 'touchline_job_duration_seconds_count{queue="email",job="email.send"}'),
    ).toBe(2);
    expect(sample(text, 'touchline_queue_jobs{queue="media",state="waiting"}')).toBe(7);
    expect(sample(text, 'touchline_queue_jobs{queue="media",state="failed"}')).toBe(1);
    expect(sample(text, 'touchline_outbox_lag_seconds')).toBeGreaterThanOrEqual(29);
    expect(sample(text, 'touchline_outbox_pending_events')).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total [\d.e-]+$/m);
  });

  it('wants the token, and answers nothing but GET /metrics', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${base}/metrics`, {
      headers: { authorization: `Bearer x${TOKEN}` },
    });
    expect(wrong.status).toBe(401);
    expect((await fetch(`${base}/`)).status).toBe(404);
  });
});
