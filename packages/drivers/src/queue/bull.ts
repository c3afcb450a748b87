import type { Job, JobsOptions, Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_RETRY, QUEUES } from '@touchline/shared';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';
import type { Logger } from '../logger';
import { closeRedis, createRedisConnection, pingRedis, waitForReady } from '../redis/connection';
import { UnrecoverableJobError } from '../types';
import type {
  EnqueueOptions,
  FailedJobView,
  JobHandlers,
  QueueAdminView,
  QueueDriver,
  QueueJobCounts,
} from '../types';
import {
  assertHandlers,
  assertJobId,
  isJobName,
  isUnavailableError,
  parsePayload,
  queueOf,
  runHandler,
} from './jobs';
import type { RetryPolicy } from './jobs';

export type BullQueueOptions = {
  redisUrl: string;
  /** Redis key prefix of every queue (default `bull`). */
  prefix?: string;
  logger: Logger;
  retry?: RetryPolicy;
  /** How long `add` and `schedule` wait for a Redis connection before failing. */
  connectTimeoutMs?: number;
  /** The pause before a job whose dependency was unreachable runs again (no attempt spent). */
  unavailableRetryMs?: number;
  /**
   * How long after its creation a job may keep waiting for an unreachable dependency; after that
   * its failures count again, so a misconfiguration ends in the failed list, not in a loop.
   */
  unavailableMaxWaitMs?: number;
};

export type BullQueueDriver = QueueDriver & {
  readonly kind: 'bullmq';
  /** One BullMQ Queue per shared queue name, for the dashboard. */
  getBullQueues(): readonly Queue[];
  /** The administrators' view: counts, failed jobs, retry and remove, from Redis. */
  readonly admin: QueueAdminView;
};

/**
 * BullMQ custom ids may not contain ':' (only its own `repeat:<id>:<ms>` ids do), while ours
 * look like `email.send:42`. The mapping is reversible so handlers see the id that was added.
 */
export function toBullJobId(id: string): string {
  return id.replace(/%/g, '%25').replace(/:/g, '%3A');
}

export function fromBullJobId(id: string): string {
  return id.replace(/%3A/g, ':').replace(/%25/g, '%');
}

/** Keep completed jobs a day, so a relay replay within a day is still de-duplicated. */
const KEEP_COMPLETED = { age: 24 * 3600, count: 10_000 };
const KEEP_FAILED = { age: 7 * 24 * 3600 };

/**
 * BullMQ (and ioredis) are imported here, when REDIS_URL chooses this queue, not by every start:
 * the embedded mode never loads them (decision 68).
 */
export async function createBullQueue({
  redisUrl,
  prefix = 'bull',
  logger,
  retry = JOB_RETRY,
  connectTimeoutMs = 3000,
  unavailableRetryMs = 5000,
  unavailableMaxWaitMs = 60 * 60 * 1000,
}: BullQueueOptions): Promise<BullQueueDriver> {
  const { DelayedError, Queue, UnrecoverableError, Worker } = await import('bullmq');
  const jobOptions: JobsOptions = {
    attempts: retry.attempts,
    backoff: { type: 'exponential', delay: retry.backoffMs },
    removeOnComplete: KEEP_COMPLETED,
    removeOnFail: KEEP_FAILED,
  };
  // Connection errors surface on the client and on every Queue/Worker sharing it: log each
  // distinct message once a minute, not once per emitter.
  const lastReported = new Map<string, number>();
  function reportError(fields: object, err: Error) {
    const now = Date.now();
    if ((lastReported.get(err.message) ?? 0) > now - 60_000) return;
    lastReported.set(err.message, now);
    logger.error({ ...fields, err: { name: err.name, message: err.message } }, 'bullmq error');
  }

  // Producer: fails fast when Redis is down instead of queueing `add` forever.
  const producer = await createRedisConnection(
    redisUrl,
    { name: 'touchline-queue-producer', mode: 'fail-fast' },
    logger,
  );
  const queues = new Map<QueueName, Queue>(
    QUEUES.map((name) => {
      const queue = new Queue(name, {
        connection: producer,
        prefix,
        defaultJobOptions: jobOptions,
      });
      queue.on('error', (err) => reportError({ queue: name }, err));
      return [name, queue];
    }),
  );
  const workers: Worker[] = [];
  let workerConnection: Redis | null = null;
  let closed = false;

  function queueFor(name: JobName): Queue {
    return queues.get(queueOf(name))!;
  }

  async function add<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options: EnqueueOptions,
  ): Promise<void> {
    if (closed) throw new Error('the queue is closed');
    const payload = parsePayload(name, data);
    assertJobId(options.jobId);
    await waitForReady(producer, connectTimeoutMs);
    // An existing job with this id (waiting, delayed, active, kept completed/failed) wins.
    await queueFor(name).add(name, payload, {
      jobId: toBullJobId(options.jobId),
      ...(options.delayMs && options.delayMs > 0 ? { delay: options.delayMs } : {}),
    });
  }

  function createProcessor(handlers: JobHandlers) {
    return async (job: Job, token?: string) => {
      if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job "${job.name}"`);
      let data: unknown;
      try {
        data = parsePayload(job.name, job.data);
      } catch (err) {
        throw new UnrecoverableError((err as Error).message);
      }
      const context = {
        id: fromBullJobId(job.id ?? ''),
        name: job.name,
        data,
        attempt: job.attemptsMade + 1,
      };
      try {
        await runHandler(handlers, context as Parameters<typeof runHandler>[1]);
      } catch (err) {
        if (err instanceof UnrecoverableJobError) throw new UnrecoverableError(err.message);
        const waited = Date.now() - job.timestamp;
        if (token && waited < unavailableMaxWaitMs && isUnavailableError(err)) {
          // The database (or another service) is unreachable: the job is not at fault. Wait for
          // it without spending an attempt, however long the outage, instead of failing for good
          // after the retries (about 15 s) and losing the job's effect until someone retries it
          // (up to `unavailableMaxWaitMs` after its creation).
          reportError({ jobId: context.id, job: job.name }, err as Error);
          await job.moveToDelayed(Date.now() + unavailableRetryMs, token);
          throw new DelayedError();
        }
        throw err;
      }
    };
  }

  function onFailed(job: Job | undefined, err: Error) {
    if (!job) return reportError({}, err);
    const fields = {
      jobId: fromBullJobId(job.id ?? ''),
      job: job.name,
      attempt: job.attemptsMade,
      err,
    };
    const permanent = err instanceof UnrecoverableError || job.attemptsMade >= retry.attempts;
    if (permanent) logger.error(fields, 'job failed permanently');
    else logger.warn(fields, 'job failed, will retry');
  }

  return {
    kind: 'bullmq',
    add,

    async process(handlers, options = {}) {
      if (closed) throw new Error('the queue is closed');
      if (workers.length > 0) throw new Error('the queue is already processing');
      const consumed = options.queues ?? QUEUES;
      assertHandlers(handlers, consumed);
      // Workers block on Redis: their connection must wait for reconnects, never give up.
      workerConnection = await createRedisConnection(
        redisUrl,
        { name: 'touchline-queue-worker', mode: 'wait' },
        logger,
      );
      const processor = createProcessor(handlers);
      for (const name of consumed) {
        const worker = new Worker(name, processor, {
          connection: workerConnection,
          prefix,
          concurrency: Math.max(1, options.concurrency ?? 1),
        });
        worker.on('error', (err) => reportError({ worker: name }, err));
        worker.on('failed', onFailed);
        worker.on('completed', (job) =>
          logger.debug({ jobId: fromBullJobId(job.id ?? ''), job: job.name }, 'job completed'),
        );
        workers.push(worker);
      }
    },

    async schedule(job, everyMs) {
      if (closed) throw new Error('the queue is closed');
      const data = parsePayload(job, {});
      await waitForReady(producer, connectTimeoutMs);
      // The scheduler id is the job name: every process upserts the same scheduler.
      await queueFor(job).upsertJobScheduler(
        job,
        { every: everyMs },
        { name: job, data, opts: jobOptions },
      );
    },

    ping: () => pingRedis(producer),

    async close() {
      if (closed) return;
      closed = true;
      // Workers first (they finish their running jobs), then queues, then our clients.
      await Promise.allSettled(workers.map((worker) => worker.close()));
      await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
      await Promise.all([
        workerConnection ? closeRedis(workerConnection) : null,
        closeRedis(producer),
      ]);
    },

    getBullQueues: () => [...queues.values()],

    admin: {
      async counts() {
        await waitForReady(producer, connectTimeoutMs);
        const entries = await Promise.all(
          QUEUES.map(async (name): Promise<[QueueName, QueueJobCounts]> => {
            const c = await queues
              .get(name)!
              .getJobCounts('waiting', 'prioritized', 'active', 'delayed', 'failed', 'completed');
            return [
              name,
              {
                waiting: (c.waiting ?? 0) + (c.prioritized ?? 0),
                active: c.active ?? 0,
                delayed: c.delayed ?? 0,
                failed: c.failed ?? 0,
                completed: c.completed ?? 0,
              },
            ];
          }),
        );
        return Object.fromEntries(entries) as Record<QueueName, QueueJobCounts>;
      },

      async failedJobs(name, limit) {
        await waitForReady(producer, connectTimeoutMs);
        const jobs = await queues.get(name)!.getFailed(0, Math.max(0, limit - 1));
        return jobs
          .filter((job): job is Job => Boolean(job))
          .map((job): FailedJobView => ({
            id: fromBullJobId(job.id ?? ''),
            queue: name,
            name: job.name,
            payload: job.data,
            reason: job.failedReason ?? null,
            attempts: job.attemptsMade,
            createdAt: job.timestamp ? new Date(job.timestamp) : null,
            finishedAt: job.finishedOn ? new Date(job.finishedOn) : null,
          }));
      },

      async retryJob(name, id) {
        await waitForReady(producer, connectTimeoutMs);
        const job = await queues.get(name)!.getJob(toBullJobId(id));
        if (!job) return 'not_found';
        if ((await job.getState()) !== 'failed') return 'wrong_state';
        await job.retry('failed', { resetAttemptsMade: true });
        logger.info({ jobId: id, job: job.name }, 'failed job queued again');
        return 'done';
      },

      async removeJob(name, id) {
        await waitForReady(producer, connectTimeoutMs);
        const job = await queues.get(name)!.getJob(toBullJobId(id));
        if (!job) return 'not_found';
        if ((await job.getState()) === 'active') return 'wrong_state';
        await job.remove();
        return 'done';
      },
    },
  };
}
