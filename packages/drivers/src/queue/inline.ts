import { JOB_RETRY, QUEUES } from '@touchline/shared';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';
import type { Logger } from '../logger';
import { UnrecoverableJobError } from '../types';
import type { EnqueueOptions, JobContext, JobHandlers, QueueDriver } from '../types';
import {
  assertHandlers,
  assertJobId,
  parsePayload,
  queueOf,
  retryDelayMs,
  runHandler,
} from './jobs';
import type { RetryPolicy } from './jobs';

export type InlineQueueOptions = {
  logger: Logger;
  /** Defaults to the shared JOB_RETRY policy. */
  retry?: RetryPolicy;
  /** How many finished job ids are remembered for de-duplication. */
  rememberFinished?: number;
};

export type InlineQueueDriver = QueueDriver & { readonly kind: 'inline' };

type Entry = { id: string; name: JobName; data: unknown; attempt: number };
type Lane = { concurrency: number; running: number };

/** Insertion-ordered set that forgets its oldest members past `capacity`. */
function boundedSet(capacity: number) {
  const ids = new Set<string>();
  return {
    has: (id: string) => ids.has(id),
    add(id: string) {
      ids.delete(id);
      ids.add(id);
      if (ids.size > capacity) ids.delete(ids.values().next().value as string);
    },
  };
}

/**
 * The in-process queue of the embedded mode: the same contract as BullMQ (dedup by job id,
 * retries with exponential backoff, unrecoverable failures, delays, lanes per queue), held in
 * memory. Jobs added before `process()` wait in their lane until processing starts.
 */
export function createInlineQueue({
  logger,
  retry = JOB_RETRY,
  rememberFinished = 10_000,
}: InlineQueueOptions): InlineQueueDriver {
  const unfinished = new Set<string>(); // waiting, delayed or running
  const finished = boundedSet(rememberFinished);
  const waiting = new Map<QueueName, Entry[]>(QUEUES.map((queue) => [queue, []]));
  const lanes = new Map<QueueName, Lane>();
  const running = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules = new Map<JobName, NodeJS.Timeout>();
  let handlers: JobHandlers | null = null;
  let closed = false;

  /** Timers die with the queue: a retry due after close() is dropped, like the process. */
  function after(ms: number, fn: () => void) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  function enqueue(entry: Entry) {
    const queue = queueOf(entry.name);
    waiting.get(queue)!.push(entry);
    queueMicrotask(() => pump(queue));
  }

  function pump(queue: QueueName) {
    const lane = lanes.get(queue);
    const entries = waiting.get(queue)!;
    if (!lane || closed) return;
    while (lane.running < lane.concurrency && entries.length > 0) {
      const entry = entries.shift()!;
      lane.running += 1;
      const execution: Promise<void> = execute(entry).finally(() => {
        lane.running -= 1;
        running.delete(execution);
        pump(queue);
      });
      running.add(execution);
    }
  }

  function finish(id: string) {
    unfinished.delete(id);
    finished.add(id);
  }

  async function execute(entry: Entry): Promise<void> {
    const context = { ...entry } as JobContext;
    const fields = { jobId: entry.id, job: entry.name, attempt: entry.attempt };
    try {
      await runHandler(handlers!, context);
      finish(entry.id);
      logger.debug(fields, 'job completed');
    } catch (err) {
      const permanent = err instanceof UnrecoverableJobError || entry.attempt >= retry.attempts;
      if (permanent) {
        finish(entry.id);
        logger.error({ ...fields, err }, 'job failed permanently');
        return;
      }
      const delayMs = retryDelayMs(retry, entry.attempt);
      logger.warn({ ...fields, err, retryInMs: delayMs }, 'job failed, will retry');
      after(delayMs, () => enqueue({ ...entry, attempt: entry.attempt + 1 }));
    }
  }

  async function add<N extends JobName>(
    name: N,
    data: JobPayload<N>,
    options: EnqueueOptions,
  ): Promise<void> {
    if (closed) throw new Error('the queue is closed');
    const payload = parsePayload(name, data);
    assertJobId(options.jobId);
    if (unfinished.has(options.jobId) || finished.has(options.jobId)) return;
    unfinished.add(options.jobId);
    const entry: Entry = { id: options.jobId, name, data: payload, attempt: 1 };
    if (options.delayMs && options.delayMs > 0) after(options.delayMs, () => enqueue(entry));
    else enqueue(entry);
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
      for (const queue of queues) {
        lanes.set(queue, { concurrency: Math.max(1, options.concurrency ?? 1), running: 0 });
        pump(queue);
      }
    },

    async schedule(job, everyMs) {
      if (closed) throw new Error('the queue is closed');
      const data = parsePayload(job, {});
      clearInterval(schedules.get(job));
      let tick = 0;
      let previous: string | null = null;
      const run = () => {
        // A slow run is not stacked on: the next tick waits until the previous one finished.
        if (previous && unfinished.has(previous)) return;
        previous = `${job}@every-${everyMs}:${Date.now()}-${(tick += 1)}`;
        add(job, data, { jobId: previous }).catch((err: unknown) =>
          logger.error({ job, err }, 'scheduled job could not be added'),
        );
      };
      const timer = setInterval(run, everyMs);
      timer.unref();
      schedules.set(job, timer);
      run(); // like BullMQ's `every`: the first run is immediate
    },

    async ping() {
      return !closed;
    },

    async close() {
      closed = true;
      for (const timer of schedules.values()) clearInterval(timer);
      for (const timer of timers) clearTimeout(timer);
      schedules.clear();
      timers.clear();
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
