import type { QueueName } from '@touchline/shared';
import { and, asc, desc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle, Executor } from '../client';
import { embeddedJobs } from '../schema';
import { deleteInBatches } from './batched-delete';

export type EmbeddedJobRow = typeof embeddedJobs.$inferSelect;
export type EmbeddedJobState = EmbeddedJobRow['status'];
export type EmbeddedJobCounts = {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  completed: number;
};

/** Same shape as `NewStoredJob` in @touchline/drivers (kept local so db does not depend on drivers). */
export type NewEmbeddedJob = {
  id: string;
  queue: QueueName;
  name: string;
  payload: unknown;
  delayMs: number;
};

const inMs = (ms: number) => sql`now() + (${ms}::double precision * interval '1 millisecond')`;

/**
 * Implements `JobStore` of @touchline/drivers on `embedded_jobs`: the database is the queue of the
 * embedded mode. `transaction` (from `insert`) is an open transaction of this package, the outbox
 * relay's claim, so a job exists exactly when the event that made it is stamped published.
 * PGlite is opened by one process only, so jobs found running when processing starts were left
 * by a killed process and wait again at once; on Postgres other processes may be running them,
 * and their leases decide.
 */
export function createEmbeddedJobStore(handle: Pick<DatabaseHandle, 'db' | 'kind'>) {
  const { db } = handle;
  const running = (id: string, attempt: number) =>
    and(
      eq(embeddedJobs.id, id),
      eq(embeddedJobs.status, 'running'),
      eq(embeddedJobs.attempts, attempt),
    );

  return {
    async insert(job: NewEmbeddedJob, transaction?: unknown): Promise<boolean> {
      const executor = (transaction as Executor | undefined) ?? db;
      const inserted = await executor
        .insert(embeddedJobs)
        .values({
          id: job.id,
          queue: job.queue,
          name: job.name,
          payload: job.payload,
          runAt: job.delayMs > 0 ? inMs(job.delayMs) : sql`now()`,
        })
        .onConflictDoNothing({ target: embeddedJobs.id })
        .returning({ id: embeddedJobs.id });
      return inserted.length > 0;
    },

    /** Queues with a due job: waiting and due, or running past its lease (two partial indexes). */
    async dueQueues(): Promise<QueueName[]> {
      const rows = await db
        .selectDistinct({ queue: embeddedJobs.queue })
        .from(embeddedJobs)
        .where(
          or(
            and(eq(embeddedJobs.status, 'waiting'), lte(embeddedJobs.runAt, sql`now()`)),
            and(eq(embeddedJobs.status, 'running'), lt(embeddedJobs.lockedUntil, sql`now()`)),
          ),
        );
      return rows.map((row) => row.queue as QueueName);
    },

    async claim(queue: QueueName, limit: number, leaseMs: number) {
      const due = db
        .select({ id: embeddedJobs.id })
        .from(embeddedJobs)
        .where(
          and(
            eq(embeddedJobs.queue, queue),
            or(
              and(eq(embeddedJobs.status, 'waiting'), lte(embeddedJobs.runAt, sql`now()`)),
              and(eq(embeddedJobs.status, 'running'), lt(embeddedJobs.lockedUntil, sql`now()`)),
            ),
          ),
        )
        .orderBy(asc(embeddedJobs.runAt), asc(embeddedJobs.seq))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(embeddedJobs)
        .set({
          status: 'running',
          attempts: sql`${embeddedJobs.attempts} + 1`,
          lockedUntil: inMs(leaseMs),
        })
        .where(inArray(embeddedJobs.id, due))
        .returning();
      return claimed
        .sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.seq - b.seq)
        .map((row) => ({
          id: row.id,
          name: row.name,
          payload: row.payload,
          attempt: row.attempts,
        }));
    },

    async extend(ids: readonly string[], leaseMs: number): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(embeddedJobs)
        .set({ lockedUntil: inMs(leaseMs) })
        .where(and(inArray(embeddedJobs.id, [...ids]), eq(embeddedJobs.status, 'running')));
    },

    async complete(id: string, attempt: number): Promise<void> {
      await db
        .update(embeddedJobs)
        .set({ status: 'done', lockedUntil: null, finishedAt: sql`now()` })
        .where(running(id, attempt));
    },

    async retryLater(id: string, attempt: number, delayMs: number, error: string): Promise<void> {
      await db
        .update(embeddedJobs)
        .set({ status: 'waiting', lockedUntil: null, runAt: inMs(delayMs), lastError: error })
        .where(running(id, attempt));
    },

    async fail(id: string, attempt: number, error: string): Promise<void> {
      await db
        .update(embeddedJobs)
        .set({ status: 'failed', lockedUntil: null, lastError: error, finishedAt: sql`now()` })
        .where(running(id, attempt));
    },

    async retry(id: string): Promise<boolean> {
      const retried = await db
        .update(embeddedJobs)
        .set({ status: 'waiting', attempts: 0, runAt: sql`now()`, finishedAt: null })
        .where(and(eq(embeddedJobs.id, id), eq(embeddedJobs.status, 'failed')))
        .returning({ id: embeddedJobs.id });
      return retried.length > 0;
    },

    async state(id: string): Promise<EmbeddedJobState | null> {
      const [row] = await db
        .select({ status: embeddedJobs.status })
        .from(embeddedJobs)
        .where(eq(embeddedJobs.id, id));
      return row?.status ?? null;
    },

    async queueOf(id: string): Promise<string | null> {
      const [row] = await db
        .select({ queue: embeddedJobs.queue })
        .from(embeddedJobs)
        .where(eq(embeddedJobs.id, id));
      return row?.queue ?? null;
    },

    /** Jobs per queue and state (the admins' counts); waiting ones not yet due are `delayed`. */
    async counts(): Promise<Record<string, EmbeddedJobCounts>> {
      const rows = await db
        .select({
          queue: embeddedJobs.queue,
          waiting: sql<number>`count(*) filter (where ${embeddedJobs.status} = 'waiting' and ${embeddedJobs.runAt} <= now())::int`,
          delayed: sql<number>`count(*) filter (where ${embeddedJobs.status} = 'waiting' and ${embeddedJobs.runAt} > now())::int`,
          active: sql<number>`count(*) filter (where ${embeddedJobs.status} = 'running')::int`,
          failed: sql<number>`count(*) filter (where ${embeddedJobs.status} = 'failed')::int`,
          completed: sql<number>`count(*) filter (where ${embeddedJobs.status} = 'done')::int`,
        })
        .from(embeddedJobs)
        .groupBy(embeddedJobs.queue);
      return Object.fromEntries(
        rows.map(({ queue, ...counts }) => [
          queue,
          Object.fromEntries(
            Object.entries(counts).map(([k, v]) => [k, Number(v)]),
          ) as EmbeddedJobCounts,
        ]),
      );
    },

    /** Failed jobs of `queue`, newest first, with their reason. */
    async failed(queue: QueueName, limit: number) {
      const rows = await listFailedJobs(db, { limit, queue });
      return rows.map((row) => ({
        id: row.id,
        queue,
        name: row.name,
        payload: row.payload,
        reason: row.lastError,
        attempts: row.attempts,
        createdAt: row.createdAt,
        finishedAt: row.finishedAt,
      }));
    },

    /** Deletes a job that is not running; false when there is none or it is running. */
    async remove(id: string): Promise<boolean> {
      const deleted = await db
        .delete(embeddedJobs)
        .where(and(eq(embeddedJobs.id, id), sql`${embeddedJobs.status} <> 'running'`))
        .returning({ id: embeddedJobs.id });
      return deleted.length > 0;
    },

    async recover(): Promise<number> {
      if (handle.kind !== 'pglite') return 0;
      const recovered = await db
        .update(embeddedJobs)
        .set({ status: 'waiting', lockedUntil: null, runAt: sql`now()` })
        .where(eq(embeddedJobs.status, 'running'))
        .returning({ id: embeddedJobs.id });
      return recovered.length;
    },
  };
}

export type FailedJob = Pick<
  EmbeddedJobRow,
  'id' | 'queue' | 'name' | 'payload' | 'attempts' | 'lastError' | 'createdAt' | 'finishedAt'
>;

/**
 * Jobs of the embedded queue that failed for good, newest first, with their reason: what the
 * admin area shows next to the dead-lettered events (the queue driver's `retry` runs one again).
 */
export function listFailedJobs(
  executor: Executor,
  options: { limit: number; queue?: string },
): Promise<FailedJob[]> {
  return executor
    .select({
      id: embeddedJobs.id,
      queue: embeddedJobs.queue,
      name: embeddedJobs.name,
      payload: embeddedJobs.payload,
      attempts: embeddedJobs.attempts,
      lastError: embeddedJobs.lastError,
      createdAt: embeddedJobs.createdAt,
      finishedAt: embeddedJobs.finishedAt,
    })
    .from(embeddedJobs)
    .where(
      and(
        eq(embeddedJobs.status, 'failed'),
        options.queue === undefined ? undefined : eq(embeddedJobs.queue, options.queue),
      ),
    )
    .orderBy(desc(embeddedJobs.finishedAt), asc(embeddedJobs.id))
    .limit(options.limit);
}

/**
 * Deletes finished jobs: done ones (kept meanwhile so a replayed relay batch is de-duplicated)
 * before `doneBefore`, failed ones before `failedBefore`. In batches, like the outbox.
 */
export async function pruneEmbeddedJobs(
  db: Database,
  cutoffs: { doneBefore: Date; failedBefore: Date },
  batchSize = 5000,
): Promise<number> {
  const finishedBefore = (status: 'done' | 'failed', before: Date) =>
    and(eq(embeddedJobs.status, status), lt(embeddedJobs.finishedAt, before));
  return deleteInBatches(batchSize, async (limit) => {
    const batch = db
      .select({ id: embeddedJobs.id })
      .from(embeddedJobs)
      .where(
        or(
          finishedBefore('done', cutoffs.doneBefore),
          finishedBefore('failed', cutoffs.failedBefore),
        ),
      )
      .limit(limit);
    const deleted = await db
      .delete(embeddedJobs)
      .where(inArray(embeddedJobs.id, batch))
      .returning({ id: embeddedJobs.id });
    return deleted.length;
  });
}
