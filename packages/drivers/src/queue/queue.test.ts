import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobName } from '@touchline/shared';
import type { Logger } from '../logger';
import { createCapturingLogger } from '../testing/logger';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../testing/redis';
import { noopHandlers } from '../testing/handlers';
import { sleep, waitFor, waitForQueueSettled } from '../testing/wait';
import { UnrecoverableJobError } from '../types';
import type { JobContext, JobHandler, JobHandlers, QueueAdminView, QueueDriver } from '../types';
import { createBullQueue } from './bull';
import { createInlineQueue } from './inline';
import { InvalidJobError, isUnavailableError } from './jobs';

/** A queue driver with its administrators' view, where a test reads what the queue still holds. */
type AdminQueue = QueueDriver & { readonly admin: QueueAdminView };
type Implementation = {
  name: string;
  create: (logger: Logger) => AdminQueue | Promise<AdminQueue>;
};

const redisUrl = testRedisUrl();
const redisPrefix = uniqueRedisPrefix('queue');
let instance = 0;

const implementations: Implementation[] = [
  { name: 'inline', create: (logger) => createInlineQueue({ logger }) },
];
if (redisUrl) {
  implementations.push({
    name: 'bullmq',
    // A prefix per test: ids, schedulers and leftovers of one test never meet another's.
    create: (logger) =>
      createBullQueue({ redisUrl, prefix: `${redisPrefix}-${(instance += 1)}`, logger }),
  });
}
console.info(`queue drivers under test: ${implementations.map((i) => i.name).join(', ')}`);

afterAll(async () => {
  if (redisUrl) await deleteRedisKeys(redisUrl, redisPrefix);
});

function handlers(overrides: { [N in JobName]?: JobHandler<N> }): JobHandlers {
  return {
    ...noopHandlers(),
    ...overrides,
  };
}

describe.each(implementations)('$name queue', ({ create }) => {
  let queue: AdminQueue;
  let log: ReturnType<typeof createCapturingLogger>;

  beforeEach(async () => {
    log = createCapturingLogger();
    queue = await create(log.logger);
  });

  afterEach(async () => {
    await queue.close();
  });

  const failedPermanently = (jobId: string) =>
    log.entries.some((e) => e.msg === 'job failed permanently' && e.fields.jobId === jobId);

  it('answers ping', async () => {
    await waitFor(() => queue.ping(), 'ping');
  });

  it('runs a job added twice with the same id once', async () => {
    const runs: string[] = [];
    await queue.process(handlers({ 'email.send': async (job) => void runs.push(job.id) }));
    const emailId = randomUUID();
    const jobId = `email.send:${emailId}`;
    await queue.add('email.send', { emailId }, { jobId });
    await queue.add('email.send', { emailId }, { jobId });
    await waitFor(() => runs.length === 1, 'the first run');
    await queue.add('email.send', { emailId }, { jobId }); // after completion: still known
    // A copy accepted by either add would keep the queue busy until it ran.
    const counts = await waitForQueueSettled(queue.admin, 'email');
    expect(runs).toEqual([jobId]);
    expect(counts).toMatchObject({ completed: 1, failed: 0 });
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    const attempts: { attempt: number; at: number }[] = [];
    await queue.process(
      handlers({
        'media.process': async (job) => {
          attempts.push({ attempt: job.attempt, at: Date.now() });
          if (job.attempt < 3) throw new Error(`transient failure ${job.attempt}`);
        },
      }),
    );
    const mediaId = randomUUID();
    await queue.add('media.process', { mediaId }, { jobId: `media.process:${mediaId}` });
    await waitFor(() => attempts.length === 3, 'the third attempt', 15_000);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // JOB_RETRY.backoffMs = 1000: about 1 s before the second attempt, 2 s before the third.
    expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(900);
    expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(1900);
    // Done for good: no attempt left waiting or delayed.
    const counts = await waitForQueueSettled(queue.admin, 'media');
    expect(counts).toMatchObject({ completed: 1, failed: 0 });
    expect(attempts).toHaveLength(3);
    expect(log.entries.filter((e) => e.msg === 'job failed, will retry')).toHaveLength(2);
  });

  it('does not retry a job that throws UnrecoverableJobError', async () => {
    let runs = 0;
    await queue.process(
      handlers({
        'realtime.sessions_revoked': async () => {
          runs += 1;
          throw new UnrecoverableJobError('the user no longer exists');
        },
      }),
    );
    const userId = randomUUID();
    const jobId = `realtime.sessions_revoked:${userId}`;
    await queue.add('realtime.sessions_revoked', { userId }, { jobId });
    await waitFor(() => failedPermanently(jobId), 'the permanent failure');
    // Failed for good: no retry waiting behind its backoff.
    const counts = await waitForQueueSettled(queue.admin, 'realtime');
    expect(counts).toMatchObject({ failed: 1, completed: 0 });
    expect(runs).toBe(1);
  });

  it('refuses an invalid payload or an unknown job on add', async () => {
    let runs = 0;
    await queue.process(handlers({ 'email.send': async () => void (runs += 1) }));
    await expect(
      queue.add('email.send', { emailId: 'not-a-uuid' }, { jobId: 'email.send:bad' }),
    ).rejects.toThrow(InvalidJobError);
    await expect(
      queue.add('email.send', {} as { emailId: string }, { jobId: 'email.send:none' }),
    ).rejects.toThrow(InvalidJobError);
    await expect(
      queue.add('nope' as 'email.send', { emailId: randomUUID() }, { jobId: 'nope:1' }),
    ).rejects.toThrow(InvalidJobError);
    // Nothing was stored: an accepted job would keep the queue busy until it ran or failed.
    const counts = await waitForQueueSettled(queue.admin, 'email');
    expect(counts).toMatchObject({ completed: 0, failed: 0 });
    expect(runs).toBe(0);
  });

  it('refuses to process when a job of a consumed queue has no handler', async () => {
    const incomplete = { ...handlers({}), 'email.send': undefined } as unknown as JobHandlers;
    await expect(queue.process(incomplete, { queues: ['email'] })).rejects.toThrow(/email\.send/);
  });

  it('runs jobs added before processing started once it starts', async () => {
    const runs: string[] = [];
    const emailId = randomUUID();
    await queue.add('email.send', { emailId }, { jobId: `email.send:${emailId}` });
    expect((await queue.admin.counts()).email).toMatchObject({ waiting: 1, active: 0 });
    await queue.process(
      handlers({ 'email.send': async (job) => void runs.push(job.data.emailId) }),
    );
    await waitFor(() => runs.length === 1, 'the buffered job');
    expect(runs).toEqual([emailId]);
  });

  it('runs a delayed job after its delay', async () => {
    const addedAt = Date.now();
    let ranAt = 0;
    await queue.process(handlers({ 'email.send': async () => void (ranAt = Date.now()) }));
    const emailId = randomUUID();
    await queue.add('email.send', { emailId }, { jobId: `email.send:${emailId}`, delayMs: 600 });
    await waitFor(() => ranAt > 0, 'the delayed job');
    expect(ranAt - addedAt).toBeGreaterThanOrEqual(550);
  });

  it('waits for a running job when closing', async () => {
    let started = false;
    let finished = false;
    await queue.process(
      handlers({
        'email.send': async () => {
          started = true;
          await sleep(700);
          finished = true;
        },
      }),
    );
    const emailId = randomUUID();
    await queue.add('email.send', { emailId }, { jobId: `email.send:${emailId}` });
    await waitFor(() => started, 'the job to start');
    await queue.close();
    expect(finished).toBe(true);
  });

  it('runs a scheduled job repeatedly', async () => {
    const runs: JobContext<'maintenance.prune'>[] = [];
    await queue.process(handlers({ 'maintenance.prune': async (job) => void runs.push(job) }));
    await queue.schedule('maintenance.prune', 300);
    await queue.schedule('maintenance.prune', 300); // idempotent: still one schedule
    await waitFor(() => runs.length >= 3, 'three scheduled runs');
    expect(new Set(runs.map((r) => r.id)).size).toBe(runs.length);
    expect(runs.every((r) => r.name === 'maintenance.prune')).toBe(true);
  });
});

if (redisUrl)
  describe('bullmq queue with an unreachable dependency', () => {
    it('lets a job wait for the database without spending its attempts, then run once', async () => {
      const log = createCapturingLogger();
      const queue = await createBullQueue({
        redisUrl: redisUrl!,
        prefix: `${redisPrefix}-unavailable`,
        logger: log.logger,
        retry: { attempts: 2, backoffMs: 10 },
        unavailableRetryMs: 20,
      });
      try {
        const runs: number[] = [];
        let completed = 0;
        await queue.process(
          handlers({
            'media.process': async (job) => {
              runs.push(job.attempt);
              // Five times the database is down (more than the job's two attempts) — as drizzle
              // reports it, the driver's error as the cause — then it answers.
              if (runs.length <= 5) {
                const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
                  code: 'ECONNREFUSED',
                });
                throw new Error('Failed query: select 1', { cause: refused });
              }
              completed += 1;
            },
          }),
        );
        const mediaId = randomUUID();
        await queue.add('media.process', { mediaId }, { jobId: `media.process:${mediaId}` });
        await waitFor(() => completed === 1, 'the run once the database answers', 20_000);
        expect(runs).toEqual([1, 1, 1, 1, 1, 1]); // no attempt spent while it waited
        expect(log.entries.some((e) => e.msg === 'job failed permanently')).toBe(false);
        const counts = await waitForQueueSettled(queue.admin, 'media');
        expect(counts).toMatchObject({ completed: 1, failed: 0 });
        expect(completed).toBe(1);
      } finally {
        await queue.close();
      }
    });

    it('still fails a job for its own errors after its attempts', async () => {
      const log = createCapturingLogger();
      const queue = await createBullQueue({
        redisUrl: redisUrl!,
        prefix: `${redisPrefix}-own-error`,
        logger: log.logger,
        retry: { attempts: 2, backoffMs: 10 },
        unavailableRetryMs: 20,
      });
      try {
        let runs = 0;
        await queue.process(
          handlers({
            'media.process': async () => {
              runs += 1;
              throw new Error('the image is corrupt');
            },
          }),
        );
        const mediaId = randomUUID();
        await queue.add('media.process', { mediaId }, { jobId: `media.process:${mediaId}` });
        await waitFor(
          () => log.entries.some((e) => e.msg === 'job failed permanently'),
          'the permanent failure',
          20_000,
        );
        expect(runs).toBe(2);
      } finally {
        await queue.close();
      }
    });
  });

describe('isUnavailableError', () => {
  const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('knows an unreachable service from a job error', () => {
    expect(isUnavailableError(withCode('ECONNREFUSED'))).toBe(true);
    expect(isUnavailableError(withCode('57P01', 'terminating connection'))).toBe(true);
    expect(isUnavailableError(withCode('08006'))).toBe(true);
    expect(isUnavailableError(new Error('q', { cause: withCode('57P03') }))).toBe(true);
    expect(isUnavailableError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isUnavailableError(new Error('Client was closed and is not queryable'))).toBe(true);
    expect(isUnavailableError(withCode('23505', 'duplicate key'))).toBe(false);
    expect(isUnavailableError(new Error('the image is corrupt'))).toBe(false);
    expect(isUnavailableError('ECONNREFUSED')).toBe(false);
  });
});
