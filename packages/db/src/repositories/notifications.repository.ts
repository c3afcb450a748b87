import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { alias } from 'drizzle-orm/pg-core';
import { OUTBOX_CHANNEL } from '../outbox-wakeups';
import { blocks, notifications, pushSubscriptions, userPhones, users } from '../schema';
import { uuidv7 } from '../uuid';
import { rowsOf } from '../sql';

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

/**
 * Who a notification is from and for, in one statement: the actor's name and role, and whether
 * both exist, are active and no block stands between them (`ok`). Null when the actor is gone.
 */
export async function findNotificationParties(
  executor: Executor,
  actorId: string,
  recipientId: string,
) {
  const recipient = alias(users, 'recipient');
  const [row] = await executor
    .select({
      actorName: users.username,
      actorRole: users.role,
      ok: sql<boolean>`coalesce(${users.reachable} and ${recipient.reachable} and not exists (
        select 1 from ${blocks}
        where (${blocks.blockerId} = ${actorId} and ${blocks.blockedId} = ${recipientId})
           or (${blocks.blockerId} = ${recipientId} and ${blocks.blockedId} = ${actorId})), false)`,
    })
    .from(users)
    .leftJoin(recipient, eq(recipient.id, recipientId))
    .where(eq(users.id, actorId));
  return row ?? null;
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

/** A notification stored and numbered in its recipient's realtime stream by one statement. */
export type AnnouncedNotification = {
  userId: string;
  seq: number;
  /** The `notification` event's data as stored in `user_events` (unread count included). */
  data: {
    id: string;
    kind: string;
    text: string;
    link: string;
    actor_id: string | null;
    created_at: string;
    unread: number;
  };
};

/**
 * A fan-out batch in one statement: the notifications not stored yet (source key unique, so a
 * rerun stores nothing), each numbered in its recipient's realtime stream with a `notification`
 * event carrying the recipient's unread count after it. Recipients must be distinct. The counters
 * are bumped in user-id order and stay locked until the transaction ends (as
 * `appendUserEventsBatch`). The unread count is read from the statement's snapshot, which does
 * not see the row it inserts: hence `+ 1` (a new notification is unread).
 */
export async function insertAnnouncedNotifications(
  executor: Executor,
  rows: readonly NewNotification[],
): Promise<AnnouncedNotification[]> {
  if (rows.length === 0) return [];
  const input = JSON.stringify(
    rows.map((row) => ({
      id: row.id ?? uuidv7(),
      user_id: row.userId,
      actor_id: row.actorId ?? null,
      kind: row.kind,
      text: row.text,
      link: row.link,
      source_key: row.sourceKey ?? null,
      created_at: row.createdAt?.toISOString() ?? null,
    })),
  );
  const result = await executor.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as t(id uuid, user_id uuid, actor_id uuid, kind text, text text, link text, source_key text,
             created_at timestamptz)
    ),
    stored as (
      insert into notifications (id, user_id, actor_id, kind, text, link, source_key, created_at)
      select id, user_id, actor_id, kind, text, link, source_key, coalesce(created_at, now())
        from input
      on conflict (source_key) do nothing
      returning id, user_id, actor_id, kind, text, link, created_at
    ),
    unread as (
      select n.user_id, count(*)::int as n from notifications n
      where n.user_id in (select user_id from stored) and n.read_at is null
      group by n.user_id
    ),
    counters as (
      insert into user_event_counters (user_id, last_seq)
      select user_id, 1 from stored order by user_id
      on conflict (user_id) do update set last_seq = user_event_counters.last_seq + 1
      returning user_id, last_seq
    ),
    events as (
      select s.user_id, c.last_seq as seq, jsonb_build_object(
        'id', s.id, 'kind', s.kind, 'text', s.text, 'link', s.link, 'actor_id', s.actor_id,
        'created_at', to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'unread', coalesce(u.n, 0) + 1
      ) as data
      from stored s
      join counters c on c.user_id = s.user_id
      left join unread u on u.user_id = s.user_id
    ),
    appended as (
      insert into user_events (user_id, seq, type, data)
      select user_id, seq, 'notification', data from events
    ),
    -- Push and SMS (decision 47): a notice whose recipient has a device or a verified phone
    -- leaves through the outbox with the same commit (as announceOutsideDelivery does).
    outside as (
      insert into outbox (type, payload)
      select 'notification.stored', jsonb_build_object('notificationId', s.id)
        from stored s
       where exists (select 1 from ${pushSubscriptions} p where p.user_id = s.user_id)
          or exists (select 1 from ${userPhones} ph where ph.user_id = s.user_id)
      returning id
    )
    select e.user_id as "userId", e.seq, e.data,
      (select pg_notify(${OUTBOX_CHANNEL}, '') from outside limit 1) as "woke"
    from events e
  `);
  return rowsOf<AnnouncedNotification & { woke?: unknown }>(result).map(
    ({ woke: _woke, ...row }) => ({ ...row, seq: Number(row.seq) }),
  );
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
