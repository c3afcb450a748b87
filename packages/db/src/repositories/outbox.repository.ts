import { DOMAIN_EVENTS, isDomainEventType } from '@touchline/shared';
import type { DomainEvent } from '@touchline/shared';
import { and, asc, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { outbox } from '../schema';

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
  const [row] = await executor
    .insert(outbox)
    .values({ type: event.type, payload: parsed.data })
    .returning({ id: outbox.id });
  return { id: row!.id };
}

/**
 * Claims up to `limit` unpublished events, oldest first, skipping rows another relay holds, and
 * calls `handle` while they stay locked. Rows are stamped published in the same transaction only
 * after `handle` resolves, so a crash anywhere before the commit leaves them unpublished and they
 * are handed out again later (consumers dedupe by deterministic job id). When `handle` throws,
 * the rows stay unpublished with `attempts` incremented and `last_error` set, and the error is
 * rethrown. Returns how many rows were handled (0 without calling `handle` when none wait).
 */
export async function claimBatch(
  db: Database,
  limit: number,
  handle: (rows: OutboxRow[]) => Promise<void>,
): Promise<number> {
  let failure: { error: unknown } | undefined;
  const claimed = await db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(outbox)
      .where(isNull(outbox.publishedAt))
      .orderBy(asc(outbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    const ids = rows.map((r) => r.id);
    try {
      await handle(rows);
    } catch (error) {
      failure = { error };
      await tx
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: describe(error) })
        .where(inArray(outbox.id, ids));
      return rows.length;
    }
    await tx
      .update(outbox)
      .set({ publishedAt: sql`now()` })
      .where(inArray(outbox.id, ids));
    return rows.length;
  });
  if (failure) throw failure.error;
  return claimed;
}

export async function countUnpublished(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(isNull(outbox.publishedAt));
  return row?.n ?? 0;
}

/** Deletes events published before `olderThan`, in batches so no lock is held for long. */
export async function pruneOutbox(
  db: Database,
  olderThan: Date,
  batchSize = 5000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNotNull(outbox.publishedAt), lt(outbox.publishedAt, olderThan)))
      .limit(batchSize);
    const deleted = await db
      .delete(outbox)
      .where(inArray(outbox.id, batch))
      .returning({ id: outbox.id });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}

function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, LAST_ERROR_MAX);
}
