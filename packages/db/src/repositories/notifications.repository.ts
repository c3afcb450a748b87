import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { notifications, users } from '../schema';

export type NotificationRow = typeof notifications.$inferSelect;

export type NewNotification = {
  /** Fixed ahead, with the time, when the notice was previewed before it was stored (decision 60). */
  id?: string;
  createdAt?: Date;
  userId: string;
  kind: string;
  text: string;
  link: string;
  actorId: string | null;
  sourceKey: string;
};

/** Inserts once per source event; null when that event already produced its notification. */
export async function insertNotification(executor: Executor, input: NewNotification) {
  const [row] = await executor
    .insert(notifications)
    .values(input)
    .onConflictDoNothing({ target: notifications.sourceKey })
    .returning();
  return row ?? null;
}

/**
 * Newest first by (created_at, id), keyset-pageable so rows arriving meanwhile never shift a page:
 * `before` is a row's `cursor` (`<created_at to the microsecond>Z~<id>`), strictly older rows
 * follow. The index `notifications_user_created_idx` serves both the order and the range.
 * `offset` skips rows (a numbered page, `?page=N`).
 */
export function listNotifications(
  executor: Executor,
  userId: string,
  limit: number,
  before?: { createdAt: string; id: string },
  offset = 0,
) {
  return executor
    .select({
      id: notifications.id,
      kind: notifications.kind,
      text: notifications.text,
      link: notifications.link,
      actorId: notifications.actorId,
      actorName: users.username,
      actorRole: users.role,
      actorPhotoMediaId: users.profilePhotoMediaId,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      cursor: sql<string>`to_char(${notifications.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${notifications.id}`,
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        before
          ? sql`(${notifications.createdAt}, ${notifications.id}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
}

export async function countUnread(executor: Executor, userId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Unread counts of many users in one statement (users without unread ones answer 0). */
export async function countUnreadMany(
  executor: Executor,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await executor
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(and(inArray(notifications.userId, [...userIds]), isNull(notifications.readAt)))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, Number(row.n));
  return counts;
}

/** Marks one of the user's notifications read; false when it is not theirs or does not exist. */
export async function markNotificationRead(
  executor: Executor,
  userId: string,
  id: string,
  now: Date,
) {
  const rows = await executor
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllNotificationsRead(executor: Executor, userId: string, now: Date) {
  const rows = await executor
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(executor: Executor, userId: string, id: string) {
  const rows = await executor
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/**
 * Many recipients' notifications in one statement (a fan-out batch). Rows whose source key was
 * already used are skipped, so a rerun inserts only what is missing; answers the inserted rows.
 */
export function insertNotifications(executor: Executor, rows: readonly NewNotification[]) {
  if (rows.length === 0) return Promise.resolve([] as NotificationRow[]);
  return executor
    .insert(notifications)
    .values([...rows])
    .onConflictDoNothing({ target: notifications.sourceKey })
    .returning();
}

/* ------------------------------------------------------------ grouped rows */

export type GroupedNotification = NewNotification & {
  groupKey: string;
  actorCount: number;
  createdAt?: Date;
};

/**
 * The user's row of a group (likes on one post within one hour), locked until the transaction
 * ends so concurrent events for the group are folded in one after the other. Null when none.
 */
export async function lockNotificationGroup(executor: Executor, userId: string, groupKey: string) {
  const [row] = await executor
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.groupKey, groupKey)))
    .for('update');
  return row ?? null;
}

/** Starts a group's row; null when a concurrent transaction started it first. */
export async function insertGroupedNotification(executor: Executor, input: GroupedNotification) {
  const [row] = await executor
    .insert(notifications)
    .values(input)
    .onConflictDoNothing({ target: [notifications.userId, notifications.groupKey] })
    .returning();
  return row ?? null;
}

/**
 * Folds a new event into a group's row: new actor, count and text, unread again and dated `now`
 * so it sorts first.
 */
export async function refreshGroupedNotification(
  executor: Executor,
  userId: string,
  id: string,
  change: { actorId: string; actorCount: number; text: string; sourceKey: string; now: Date },
) {
  const [row] = await executor
    .update(notifications)
    .set({
      actorId: change.actorId,
      actorCount: change.actorCount,
      text: change.text,
      sourceKey: change.sourceKey,
      readAt: null,
      createdAt: change.now,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}
