import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { userEventCounters, userEvents } from '../schema';

export type UserEventRow = typeof userEvents.$inferSelect;

/**
 * Stores an event for a user under the next per-user sequence number, in one statement: the
 * counter upsert locks the user's counter row until the surrounding transaction ends, so
 * concurrent writers for one user are serialised and commit in sequence order (no gaps, no
 * reader sees n+1 before n).
 */
export async function appendUserEvent(
  executor: Executor,
  userId: string,
  type: string,
  data: unknown,
): Promise<{ seq: number; createdAt: Date }> {
  const counter = executor.$with('counter').as(
    executor
      .insert(userEventCounters)
      .values({ userId, lastSeq: 1 })
      .onConflictDoUpdate({
        target: userEventCounters.userId,
        set: { lastSeq: sql`${userEventCounters.lastSeq} + 1` },
      })
      .returning({ lastSeq: userEventCounters.lastSeq }),
  );
  const [row] = await executor
    .with(counter)
    .insert(userEvents)
    .select(
      sql`select ${userId}::uuid, ${counter.lastSeq}, ${type}, ${JSON.stringify(data ?? null)}::jsonb, now() from ${counter}`,
    )
    .returning({ seq: userEvents.seq, createdAt: userEvents.createdAt });
  return row!;
}

/** The user's events with a sequence number above `since`, oldest first. */
export function listUserEventsSince(
  executor: Executor,
  userId: string,
  since: number,
  limit: number,
): Promise<UserEventRow[]> {
  return executor
    .select()
    .from(userEvents)
    .where(and(eq(userEvents.userId, userId), gt(userEvents.seq, since)))
    .orderBy(asc(userEvents.seq))
    .limit(limit);
}

/** The last sequence number handed out to the user (0 when none). */
export async function lastUserSeq(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ lastSeq: userEventCounters.lastSeq })
    .from(userEventCounters)
    .where(eq(userEventCounters.userId, userId));
  return row?.lastSeq ?? 0;
}

/** Deletes events created before `olderThan` (counters stay, so numbering never restarts). */
export async function pruneUserEvents(
  db: Database,
  olderThan: Date,
  batchSize = 5000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const batch = db
      .select({ userId: userEvents.userId, seq: userEvents.seq })
      .from(userEvents)
      .where(lt(userEvents.createdAt, olderThan))
      .limit(batchSize);
    const deleted = await db
      .delete(userEvents)
      .where(inArray(sql`(${userEvents.userId}, ${userEvents.seq})`, batch))
      .returning({ seq: userEvents.seq });
    total += deleted.length;
    if (deleted.length < batchSize) return total;
  }
}
