import { JOB_RETRY, QUEUES } from '@touchline/shared';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';
import type { Logger } from '../logger';
import { UnrecoverableJobError } from '../types';
import type {
  ClaimedJob,
  EnqueueOptions,
  JobContext,
  JobHandlers,
  JobStore,
  QueueAdminView,
  QueueDriver,
  QueueJobCounts,
} from '../types';
import {
  InvalidJobError,
  assertHandlers,
  assertJobId,
  isJobName,
  parsePayload,
  queueOf,
  retryDelayMs,
  runHandler,
} from './jobs';
import type { RetryPolicy } from './jobs';
import { createMemoryJobStore } from './memory-store';

export type InlineQueueOptions = {
  logger: Logger;
  /** Defaults to the shared JOB_RETRY policy. */
  retry?: RetryPolicy;
  /**
   * Where the jobs live. The embedded mode passes the database's store, so a restart loses
   * nothing; without one they live in memory (the drivers' tests).
   */
  store?: JobStore;
  /** How long a running job is held before another process may take it over; renewed while it runs. */
  leaseMs?: number;
  /** How often lanes look for jobs they were not told about (other processes, expired leases). */
  pollMs?: number;
};

export type InlineQueueDriver = QueueDriver & {
  readonly kind: 'inline';
  /** Runs a job that failed for good once more, attempts reset; false when no such failed job. */
  retry(jobId: string): Promise<boolean>;
  /** The administrators' view of the store: counts, failed jobs, retry and remove. */
  readonly admin: QueueAdminView;
};

type Lane = {
  queue: QueueName;
  concurrency: number;
  running: number;
  claiming: boolean;
  again: boolean;
};

/**
 * A job added inside a caller's transaction becomes visible when that transaction commits, which
 * the queue is not told about: look again shortly after, before the next poll.
 */
const AFTER_COMMIT_MS = 50;
const LAST_ERROR_MAX = 2000;

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX);
}

/**
 * The queue of the embedded mode: the same contract as BullMQ (dedup by job id, retries with
 * exponential backoff, unrecoverable failures, delays, lanes per queue), run in this process over
 * a job store. A job is done only once its handler completed; one failing for good is kept as
 * `failed` with its reason. Jobs added before `process()` wait in the store until it starts.
 */
export function createInlineQueue({
  logger,
  retry = JOB_RETRY,
  store = createMemoryJobStore(),
  leaseMs = 60_000,
  pollMs = 500,
}: InlineQueueOptions): InlineQueueDriver {
  const lanes = new Map<QueueName, Lane>();
  const inflight = new Set<Promise<void>>(); // claims and running jobs
  const runningIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules = new Map<JobName, NodeJS.Timeout>();
  let poller: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let handlers: JobHandlers | null = null;
  let closed = false;

  function track(work: Promise<void>) {
    inflight.add(work);
    const forget = () => void inflight.delete(work);
    work.then(forget, forget);
  }

  /** Looks for due jobs in `ms` (a delay or backoff ending); dropped when the queue closes. */
  function wake(lane: Lane, ms: number) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      pump(lane);
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function pump(lane: Lane) {
    if (closed || !handlers) return;
    if (lane.claiming) {
      lane.again = true; // told about new work while claiming: look once more afterwards
      return;
    }
    const free = lane.concurrency - lane.running;
    if (free <= 0) return;
    lane.claiming = true;
    track(
      store
        .claim(lane.queue, free, leaseMs)
        .then((jobs) => {
          for (const job of jobs) start(lane, job);
        })
        .catch((err: unknown) => logger.error({ queue: lane.queue, err }, 'could not claim jobs'))
        .finally(() => {
          lane.claiming = false;
          if (lane.again) {
            lane.again = false;
            pump(lane);
          }
        }),
    );
  }

  function start(lane: Lane, job: ClaimedJob) {
    lane.running += 1;
    runningIds.add(job.id);
    track(
      execute(job)
        .catch((err: unknown) =>
          // The outcome was not recorded (database gone): the lease runs out and the job reruns.
          logger.error({ jobId: job.id, job: job.name, err }, 'could not record the job outcome'),
        )
        .finally(() => {
          lane.running -= 1;
          runningIds.delete(job.id);
          pump(lane);
        }),
    );
  }

  async function execute(job: ClaimedJob): Promise<void> {
    const fields = { jobId: job.id, job: job.name, attempt: job.attempt };
    const failForGood = async (err: unknown) => {
      await store.fail(job.id, job.attempt, describe(err));
      logger.error({ ...fields, err }, 'job failed permanently');
    };
    // Each start counts an attempt, a process killed mid-job included: a job that keeps killing
    // its process stops once its attempts are spent.
    if (job.attempt > retry.attempts) {
      return failForGood(new Error(`interrupted with all ${retry.attempts} attempts spent`));
    }
    let context: JobContext;
    try {
      if (!isJobName(job.name)) throw new InvalidJobError(`unknown job "${job.name}"`);
      context = {
        id: job.id,
        name: job.name,
        data: parsePayload(job.name, job.payload),
        attempt: job.attempt,
      } as JobContext;
    } catch (err) {
      return failForGood(err);
    }
    try {
      await runHandler(handlers!, context);
    } catch (err) {
      if (err instanceof UnrecoverableJobError || job.attempt >= retry.attempts) {
        return failForGood(err);
      }
      const delayMs = retryDelayMs(retry, job.attempt);
      await store.retryLater(job.id, job.attempt, delayMs, describe(err));
      logger.warn({ ...fields, err, retryInMs: delayMs }, 'job failed, will retry');
      const lane = lanes.get(queueOf(context.name));
      if (lane) wake(lane, delayMs);
      return;
    }
    await store.complete(job.id, job.attempt);
    logger.debug(fields, 'job completed');
  }

  async function add<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options: EnqueueOptions,
  ): Promise<void> {
    if (closed) throw new Error('the queue is closed');
    const payload = parsePayload(name, data);
    assertJobId(options.jobId);
    const queue = queueOf(name);
    const delayMs = Math.max(0, options.delayMs ?? 0);
    const added = await store.insert(
      { id: options.jobId, queue, name, payload, delayMs },
      options.transaction,
    );
    const lane = lanes.get(queue);
    if (!added || !lane) return;
    if (delayMs > 0) return wake(lane, delayMs);
    queueMicrotask(() => pump(lane));
    if (options.transaction !== undefined) wake(lane, AFTER_COMMIT_MS);
  }

  function pumpAll() {
    for (const lane of lanes.values()) pump(lane);
  }

  /**
   * The safety net's poll (a job whose wake-up was missed: added in a transaction that committed
   * late, or by a process that stopped): one read of the queues with due work, then a claim in
   * those lanes only. A claim per queue every `pollMs` (11 queues) cost an idle embedded server a
   * tenth of a core.
   */
  function poll() {
    if (closed || !handlers) return;
    track(
      store
        .dueQueues()
        .then((queues) => {
          for (const queue of queues) {
            const lane = lanes.get(queue);
            if (lane) pump(lane);
          }
        })
        .catch((err: unknown) => logger.error({ err }, 'could not look for due jobs')),
    );
  }

  return {
    kind: 'inline',
    add,

    async process(jobHandlers, options = {}) {
      if (closed) throw new Error('the queue is closed');
      if (handlers) throw new Error('the queue is already processing');
      const queues = options.queues ?? QUEUES;
      assertHandlers(jobHandlers, queues);
      handlers = jobHandlers;
      const recovered = await store.recover();
      if (recovered > 0)
        logger.warn({ recovered }, 'jobs interrupted by a stopped process run again');
      for (const queue of queues) {
        const concurrency = Math.max(1, options.concurrency ?? 1);
        lanes.set(queue, { queue, concurrency, running: 0, claiming: false, again: false });
      }
      poller = setInterval(poll, pollMs);
      poller.unref();
      heartbeat = setInterval(
        () => {
          if (runningIds.size === 0) return;
          store
            .extend([...runningIds], leaseMs)
            .catch((err: unknown) => logger.error({ err }, 'could not renew job leases'));
        },
        Math.max(10, Math.floor(leaseMs / 3)),
      );
      heartbeat.unref();
      pumpAll();
    },

    async schedule(job, everyMs) {
      if (closed) throw new Error('the queue is closed');
      const data = parsePayload(job, {});
      clearInterval(schedules.get(job));
      let tick = 0;
      let previous: string | null = null;
      const run = async () => {
        // A slow run is not stacked on: the next tick waits until the previous one finished.
        const state = previous ? await store.state(previous) : null;
        if (state === 'waiting' || state === 'running') return;
        previous = `${job}@every-${everyMs}:${Date.now()}-${(tick += 1)}`;
        await add(job, data, { jobId: previous });
      };
      const tickNow = () =>
        void run().catch((err: unknown) =>
          logger.error({ job, err }, 'scheduled job could not be added'),
        );
      const timer = setInterval(tickNow, everyMs);
      timer.unref();
      schedules.set(job, timer);
      tickNow(); // like BullMQ's `every`: the first run is immediate
    },

    async retry(jobId) {
      if (closed) throw new Error('the queue is closed');
      const retried = await store.retry(jobId);
      if (retried) logger.info({ jobId }, 'failed job queued again');
      pumpAll();
      return retried;
    },

    admin: {
      async counts() {
        const stored = await store.counts();
        const empty = (): QueueJobCounts => ({
          waiting: 0,
          active: 0,
          delayed: 0,
          failed: 0,
          completed: 0,
        });
        return Object.fromEntries(
          QUEUES.map((queue) => [queue, { ...empty(), ...stored[queue] }]),
        ) as Record<QueueName, QueueJobCounts>;
      },
      failedJobs: (queue, limit) => store.failed(queue, limit),
      async retryJob(queue, id) {
        if ((await store.queueOf(id)) !== queue) return 'not_found';
        if (!(await store.retry(id))) return 'wrong_state';
        logger.info({ jobId: id }, 'failed job queued again');
        pumpAll();
        return 'done';
      },
      async removeJob(queue, id) {
        if ((await store.queueOf(id)) !== queue) return 'not_found';
        return (await store.remove(id)) ? 'done' : 'wrong_state';
      },
    },

    async ping() {
      return !closed;
    },

    async close() {
      closed = true;
      for (const timer of schedules.values()) clearInterval(timer);
      for (const timer of timers) clearTimeout(timer);
      clearInterval(poller);
      schedules.clear();
      timers.clear();
      // Running jobs finish (their leases still renewed); what waits stays in the store.
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
      clearInterval(heartbeat);
    },
  };
}
