import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, tz } from './columns';

/**
 * The jobs of the embedded (in-process) queue: the database is the queue when there is no Redis,
 * so a restart loses nothing. The id is the deterministic job id (de-duplication); a job is
 * `running` under a lease (`locked_until`), `done` only once its handler completed, `failed` for
 * good with its reason (until an admin retries it).
 */
export const embeddedJobs = pgTable(
  'embedded_jobs',
  {
    id: text('id').primaryKey(),
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['waiting', 'running', 'done', 'failed'] })
      .notNull()
      .default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    runAt: tz('run_at').notNull().defaultNow(),
    lockedUntil: tz('locked_until'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
  },
  (t) => [
    index('embedded_jobs_waiting_idx')
      .on(t.queue, t.runAt, t.seq)
      .where(sql`${t.status} = 'waiting'`),
    index('embedded_jobs_running_idx')
      .on(t.lockedUntil)
      .where(sql`${t.status} = 'running'`),
    index('embedded_jobs_finished_idx').on(t.status, t.finishedAt),
  ],
);
