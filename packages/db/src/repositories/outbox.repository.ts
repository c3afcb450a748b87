import { DOMAIN_EVENTS, isDomainEventType } from '@touchline/shared';
import type { DomainEvent } from '@touchline/shared';
import { and, asc, desc, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor, Transaction } from '../client';
import { OUTBOX_CHANNEL } from '../outbox-wakeups';
import { outbox } from '../schema';
import { deleteInBatches } from './batched-delete';

export type OutboxRow = typeof outbox.$inferSelect;

const LAST_ERROR_MAX = 2000;

/** Thrown when an event does not match its contract; nothing has been written. */
export function invalidEventError(type: string, detail: string, cause?: unknown) {
  return Object.assign(new Error(`Invalid domain event "${type}": ${detail}`, { cause }), {
    code: 'outbox.invalid_event' as const,
  });
}

/** Validates the payload against its contract schema, then writes the event to the outbox. */
export async function appendEvent(executor: Executor, event: DomainEvent): Promise<{ id: number }> {
  if (!isDomainEventType(event.type)) throw invalidEventError(event.type, 'unknown type');
  const parsed = DOMAIN_EVENTS[event.type].safeParse(event.payload);
  if (!parsed.success) {
    const detail = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw invalidEventError(event.type, detail, parsed.error);
  }
  // The row and the relay's wake-up in one statement: Postgres delivers the notification when
  // the transaction commits (outbox-wakeups.ts), never for a rollback.
  const inserted = executor
    .$with('inserted')
    .as(
      executor
        .insert(outbox)
        .values({ type: event.type, payload: parsed.data })
        .returning({ id: outbox.id }),
    );
  const [row] = await executor
    .with(inserted)
    .select({ id: inserted.id, woke: sql<string>`pg_notify(${OUTBOX_CHANNEL}, '')` })
    .from(inserted);
  return { id: row!.id };
}

/** What `claimBatch` hands to its handler besides the rows. */
export type ClaimedBatch = {
  /** The claim's open transaction: a queue living in this database adds its jobs in it. */
  tx: Transaction;
  /**
   * Dead-letters one row instead of publishing it when the batch commits: the event breaks its
   * contract or cannot be routed, so retrying cannot help and it must not block the rows behind.
   */
  deadLetter(id: number, reason: unknown): void;
};

/**
 * Claims up to `limit` pending events (neither published nor dead), oldest first, skipping rows
 * another relay holds, and calls `handle` while they stay locked. Rows are stamped published (or
 * dead, see `ClaimedBatch.deadLetter`) in the same transaction only after `handle` resolves, so a
 * crash anywhere before the commit leaves them pending and they are handed out again later
 * (consumers dedupe by deterministic job id). When `handle` throws (the queue is unavailable),
 * the rows stay pending with `attempts` incremented and `last_error` set, and the error is
 * rethrown: an outage never dead-letters. Returns how many rows were handled (0 without calling
 * `handle` when none wait).
 */
export async function claimBatch(
  db: Database,
  limit: number,
  handle: (rows: OutboxRow[], batch: ClaimedBatch) => Promise<void>,
): Promise<number> {
  let failure: { error: unknown } | undefined;
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(and(isNull(outbox.publishedAt), isNull(outbox.deadAt)))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const dead = new Map<number, string>();
    try {
      await handle(rows, { tx, deadLetter: (id, reason) => void dead.set(id, describe(reason)) });
    } catch (error) {
      const ids = rows.map((r) => r.id);
      failure = { error };
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: describe(error) })
        .where(inArray(outbox.id, ids));
      return rows.length;
    }
    for (const [id, reason] of dead) {
      await tx
        .update(outbox)
        .set({ deadAt: sql`now()`, attempts: sql`${outbox.attempts} + 1`, lastError: reason })
        .where(eq(outbox.id, id));
    }
    const published = rows.map((r) => r.id).filter((id) => !dead.has(id));
    if (published.length > 0) {
      await tx
        .update(outbox)
        .set({ publishedAt: sql`now()` })
        .where(inArray(outbox.id, published));
    }
    return rows.length;
  });
  if (failure) throw failure.error;
  return claimed;
}

/** Events still to be published (dead-lettered ones wait for no one). */
export async function countUnpublished(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(and(isNull(outbox.publishedAt), isNull(outbox.deadAt)));
  return row?.n ?? 0;
}

/**
 * Dead-lettered events, newest first, with the reason (`last_error`): what the admin area shows
 * next to the embedded queue's failed jobs (`listFailedJobs`).
 */
export function listDeadLetteredEvents(
  executor: Executor,
  options: { limit: number },
): Promise<OutboxRow[]> {
  return executor
    .select()
    .from(outbox)
    .where(isNotNull(outbox.deadAt))
    .orderBy(desc(outbox.deadAt), desc(outbox.id))
    .limit(options.limit);
}

/** Hands a dead-lettered event to the relay again (after a fix); false when it is not dead. */
export async function requeueDeadLetteredEvent(executor: Executor, id: number): Promise<boolean> {
  const requeued = await executor
    .update(outbox)
    .set({ deadAt: null })
    .where(and(eq(outbox.id, id), isNotNull(outbox.deadAt)))
    .returning({ id: outbox.id });
  return requeued.length > 0;
}

/** Deletes events published before `olderThan`, in batches so no lock is held for long. */
export async function pruneOutbox(
  db: Database,
  olderThan: Date,
  batchSize = 5000,
): Promise<number> {
  return deleteInBatches(batchSize, async (limit) => {
    const batch = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, olderThan)))
      .limit(limit);
    const deleted = await db
      .delete(outbox)
      .where(inArray(outbox.id, batch))
      .returning({ id: outbox.id });
    return deleted.length;
  });
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX);
}
