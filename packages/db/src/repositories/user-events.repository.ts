import { and, asc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { userEventCounters, userEvents } from '../schema';
import { deleteInBatches } from './batched-delete';

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

/**
 * One event for each of many users (a fan-out batch) in two statements: the counters are bumped
 * in user-id order (so two batches never wait on each other crosswise) and stay locked until the
 * transaction ends, which keeps each user's numbering gapless and committed in order, as
 * `appendUserEvent` does. Each user may appear once per call.
 */
export async function appendUserEventsBatch(
  executor: Executor,
  events: readonly { userId: string; type: string; data: unknown }[],
): Promise<{ userId: string; seq: number }[]> {
  if (events.length === 0) return [];
  const sorted = [...events].sort((a, b) =>
    a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0,
  );
  if (sorted.some((event, i) => i > 0 && event.userId === sorted[i - 1]!.userId)) {
    throw new Error('appendUserEventsBatch: one event per user per call');
  }
  const counters = await executor
    .insert(userEventCounters)
    .values(sorted.map((event) => ({ userId: event.userId, lastSeq: 1 })))
    .onConflictDoUpdate({
      target: userEventCounters.userId,
      set: { lastSeq: sql`${userEventCounters.lastSeq} + 1` },
    })
    .returning({ userId: userEventCounters.userId, seq: userEventCounters.lastSeq });
  const seqOf = new Map(counters.map((c) => [c.userId, c.seq]));
  await executor.insert(userEvents).values(
    sorted.map((event) => ({
      userId: event.userId,
      seq: seqOf.get(event.userId)!,
      type: event.type,
      data: event.data,
    })),
  );
  return events.map((event) => ({ userId: event.userId, seq: seqOf.get(event.userId)! }));
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
  return deleteInBatches(batchSize, async (limit) => {
    const batch = db
      .select({ userId: userEvents.userId, seq: userEvents.seq })
      .from(userEvents)
      .where(lt(userEvents.createdAt, olderThan))
      .limit(limit);
    const deleted = await db
      .delete(userEvents)
      .where(inArray(sql`(${userEvents.userId}, ${userEvents.seq})`, batch))
      .returning({ seq: userEvents.seq });
    return deleted.length;
  });
}

/**
 * An edited or deleted chat message replaces every stored copy of it in the members' events
 * (`chat_message`, `chat_message_updated`), so a catch-up (`since`, even 0) never returns text its
 * author removed (issue 25). Scoped by the members' ids (the primary key's prefix). Answers how
 * many stored events were rewritten.
 */
export async function replaceStoredChatMessage(
  executor: Executor,
  input: { userIds: readonly string[]; messageId: string; message: unknown },
): Promise<number> {
  const rows = await executor
    .update(userEvents)
    .set({
      data: sql`jsonb_set(${userEvents.data}, '{message}', ${JSON.stringify(input.message)}::jsonb)`,
    })
    .where(
      and(
        inArray(userEvents.userId, [...input.userIds]),
        inArray(userEvents.type, ['chat_message', 'chat_message_updated']),
        sql`${userEvents.data} -> 'message' ->> 'id' = ${input.messageId}`,
      ),
    )
    .returning({ seq: userEvents.seq });
  return rows.length;
}
