import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { JOB_RETRY } from '@touchline/shared';
import { createCapturingLogger } from '../testing/logger';
import { noopHandlers } from '../testing/handlers';
import { waitFor } from '../testing/wait';
import { UnrecoverableJobError } from '../types';
import type { JobHandlers } from '../types';
import { createInlineQueue } from './inline';
import type { InlineQueueDriver } from './inline';
import { createMemoryJobStore } from './memory-store';
import type { MemoryJobStore } from './memory-store';

/** The embedded queue over its job store: what a restart keeps (the database store in production). */
describe('inline queue over a job store', () => {
  const opened: InlineQueueDriver[] = [];
  afterEach(async () => {
    for (const queue of opened.splice(0)) await queue.close();
  });

  function open(store: MemoryJobStore, options: { leaseMs?: number } = {}) {
    const log = createCapturingLogger();
    const queue = createInlineQueue({ logger: log.logger, store, pollMs: 50, ...options });
    opened.push(queue);
    return { queue, log };
  }

  const stateOf = (store: MemoryJobStore, id: string) =>
    store.snapshot().find((job) => job.id === id);

  function emailJob() {
    const emailId = randomUUID();
    return { data: { emailId }, jobId: `email.send:${emailId}` };
  }

  it('keeps jobs added before a restart and runs them once in the next process', async () => {
    const store = createMemoryJobStore();
    const first = open(store).queue;
    const jobs = [emailJob(), emailJob()];
    for (const job of jobs) await first.add('email.send', job.data, { jobId: job.jobId });
    await first.close(); // stopped before running them

    const runs: string[] = [];
    const second = open(store).queue;
    await second.process({
      ...noopHandlers(),
      'email.send': async (job) => void runs.push(job.id),
    } as JobHandlers);
    await waitFor(() => runs.length === 2, 'both jobs');
    await second.add('email.send', jobs[0]!.data, { jobId: jobs[0]!.jobId }); // done: still known
    await second.close();
    expect(runs.sort()).toEqual(jobs.map((j) => j.jobId).sort());
    expect(store.snapshot().map((j) => j.state)).toEqual(['done', 'done']);
  });

  it('marks a job done only once its handler completed', async () => {
    const store = createMemoryJobStore();
    const { queue } = open(store);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => {
        started = true;
        await released;
      },
    } as JobHandlers);
    const job = emailJob();
    await queue.add('email.send', job.data, { jobId: job.jobId });
    await waitFor(() => started, 'the job to start');
    expect(stateOf(store, job.jobId)?.state).toBe('running');
    release();
    await waitFor(() => stateOf(store, job.jobId)?.state === 'done', 'the job to be done');
  });

  it('runs a job its killed process left running again, counting the interrupted attempt', async () => {
    const store = createMemoryJobStore();
    const job = emailJob();
    await open(store).queue.add('email.send', job.data, { jobId: job.jobId });
    await store.claim('email', 10, 60_000); // the process that claimed it died

    const attempts: number[] = [];
    const { queue, log } = open(store);
    await queue.process({
      ...noopHandlers(),
      'email.send': async (j) => void attempts.push(j.attempt),
    } as JobHandlers);
    await waitFor(() => attempts.length === 1, 'the job to run again');
    expect(attempts).toEqual([2]);
    expect(log.entries.some((e) => e.msg.includes('interrupted'))).toBe(true);
  });

  it('an idle poll reads which queues have due work and claims in none', async () => {
    const memory = createMemoryJobStore();
    let polls = 0;
    const claimed: string[] = [];
    const counting = {
      ...memory,
      dueQueues: async () => {
        polls += 1;
        return memory.dueQueues();
      },
      claim: async (...args: Parameters<MemoryJobStore['claim']>) => {
        claimed.push(args[0]);
        return memory.claim(...args);
      },
    };
    const queue = createInlineQueue({
      logger: createCapturingLogger().logger,
      store: counting,
      pollMs: 20,
    });
    opened.push(queue);
    const runs: string[] = [];
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => void runs.push('email'),
    } as JobHandlers);
    const atStart = claimed.length; // one look in every lane when processing starts
    await waitFor(() => polls >= 5, 'five polls');
    expect(claimed).toHaveLength(atStart);

    // A job whose wake-up was missed (stored behind the queue's back) is found by the next poll.
    const job = emailJob();
    await memory.insert({
      id: job.jobId,
      queue: 'email',
      name: 'email.send',
      payload: job.data,
      delayMs: 0,
    });
    await waitFor(() => runs.length === 1, 'the missed job');
    expect(claimed.slice(atStart)).toContain('email');
    expect(claimed.slice(atStart)).not.toContain('media');
  });

  it('on a shared store, takes over a running job once its lease ran out', async () => {
    const memory = createMemoryJobStore();
    const shared = { ...memory, recover: async () => 0 }; // another live process may hold jobs
    const job = emailJob();
    await open(memory).queue.add('email.send', job.data, { jobId: job.jobId });
    await memory.claim('email', 10, 300); // a process that dies holding a 300 ms lease

    const runs: number[] = [];
    const startedAt = Date.now();
    const queue = createInlineQueue({
      logger: createCapturingLogger().logger,
      store: shared,
      pollMs: 50,
    });
    opened.push(queue);
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => void runs.push(Date.now() - startedAt),
    } as JobHandlers);
    await waitFor(() => runs.length === 1, 'the take-over');
    expect(runs[0]).toBeGreaterThanOrEqual(250);
  });

  it('fails a job for good once interrupted runs spent its attempts, without running it', async () => {
    const store = createMemoryJobStore();
    const job = emailJob();
    await open(store).queue.add('email.send', job.data, { jobId: job.jobId });
    for (let i = 0; i < JOB_RETRY.attempts; i++) {
      await store.recover();
      await store.claim('email', 10, 60_000); // a job that kills its process every time
    }
    let runs = 0;
    const { queue } = open(store);
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => void (runs += 1),
    } as JobHandlers);
    await waitFor(() => stateOf(store, job.jobId)?.state === 'failed', 'the permanent failure');
    expect(runs).toBe(0);
    expect(stateOf(store, job.jobId)?.lastError).toMatch(/attempts spent/);
  });

  it('keeps a job that failed for good with its reason, and retry() runs it again', async () => {
    const store = createMemoryJobStore();
    const { queue } = open(store);
    let runs = 0;
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => {
        runs += 1;
        if (runs === 1) throw new UnrecoverableJobError('mailbox refused the address');
      },
    } as JobHandlers);
    const job = emailJob();
    await queue.add('email.send', job.data, { jobId: job.jobId });
    await waitFor(() => stateOf(store, job.jobId)?.state === 'failed', 'the failure');
    expect(stateOf(store, job.jobId)).toMatchObject({
      attempts: 1,
      lastError: 'UnrecoverableJobError: mailbox refused the address',
    });

    expect(await queue.retry('email.send:unknown')).toBe(false);
    expect(await queue.retry(job.jobId)).toBe(true);
    await waitFor(() => stateOf(store, job.jobId)?.state === 'done', 'the retried job');
    expect(runs).toBe(2);
    expect(await queue.retry(job.jobId)).toBe(false); // done, not failed
  });

  it('shows counts and failed jobs to the admins, retries and removes them by queue', async () => {
    const store = createMemoryJobStore();
    const { queue } = open(store);
    let failing = true;
    await queue.process({
      ...noopHandlers(),
      'email.send': async () => {
        if (failing) throw new UnrecoverableJobError('mailbox gone');
      },
    } as JobHandlers);
    const [bad, other] = [emailJob(), emailJob()];
    await queue.add('email.send', bad.data, { jobId: bad.jobId });
    await queue.add('email.send', other.data, { jobId: other.jobId });
    const later = emailJob();
    await queue.add('email.send', later.data, { jobId: later.jobId, delayMs: 60_000 });
    await waitFor(() => stateOf(store, other.jobId)?.state === 'failed', 'both failed');
    await waitFor(() => stateOf(store, bad.jobId)?.state === 'failed', 'both failed');

    const counts = await queue.admin.counts();
    expect(counts.email).toEqual({ waiting: 0, active: 0, delayed: 1, failed: 2, completed: 0 });
    expect(counts.media).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0, completed: 0 });
    const failed = await queue.admin.failedJobs('email', 10);
    expect(failed.map((job) => job.id).sort()).toEqual([bad.jobId, other.jobId].sort());
    expect(failed[0]).toMatchObject({
      queue: 'email',
      name: 'email.send',
      reason: 'UnrecoverableJobError: mailbox gone',
      attempts: 1,
    });

    // The queue named must be the job's; only failed jobs are retried; running ones stay.
    expect(await queue.admin.retryJob('media', bad.jobId)).toBe('not_found');
    expect(await queue.admin.retryJob('email', later.jobId)).toBe('wrong_state');
    failing = false;
    expect(await queue.admin.retryJob('email', bad.jobId)).toBe('done');
    await waitFor(() => stateOf(store, bad.jobId)?.state === 'done', 'retried job done');
    expect(await queue.admin.removeJob('email', other.jobId)).toBe('done');
    expect(stateOf(store, other.jobId)).toBeUndefined();
    expect(await queue.admin.removeJob('email', other.jobId)).toBe('not_found');
    expect((await queue.admin.counts()).email).toMatchObject({ failed: 0, completed: 1 });
  });
});
