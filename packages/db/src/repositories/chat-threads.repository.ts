import { parseKeysetCursor } from '@touchline/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { chatMembers, userEventCounters, users } from '../schema';
import { rowsOf, type MediaRef } from '../sql';
import { dateOrNull, toMessage, type ChatMessageRow } from './chat.repository';

/**
 * The conversation list as a member sees it, unread totals, chat partners, last seen, and the
 * event-counter locks a change takes before reading the counts it announces.
 */

/** A conversation as one of its members sees it (the list item, and `GET chat`'s `thread`). */
export type ChatThreadItemRow = {
  id: string;
  name: string;
  partner: {
    id: string;
    username: string;
    role: 'player' | 'academy' | 'admin';
    photo: MediaRef | null;
    lastSeenAt: Date | null;
    /** Either member blocked the other: a block ends visibility (§3, §13). */
    blocked: boolean;
  };
  lastMessage: ChatMessageRow | null;
  unreadCount: number;
  myLastReadMessageId: string | null;
  partnerLastReadMessageId: string | null;
  lastActivityAt: Date;
  /** `<last_activity_at to the microsecond>Z~<thread id>`: the list's keyset cursor. */
  cursor: string;
};

type RawThreadItem = {
  id: string;
  name: string;
  partnerId: string;
  partnerName: string;
  partnerRole: 'player' | 'academy' | 'admin';
  partnerPhoto: MediaRef | null;
  partnerLastSeenAt: Date | string | null;
  partnerBlocked: boolean;
  unreadCount: number;
  myLastReadMessageId: string | null;
  partnerLastReadMessageId: string | null;
  lastActivityAt: Date | string;
  cursor: string;
  mId: string | null;
  mThreadId: string | null;
  mSenderId: string | null;
  mText: string | null;
  mImageMediaId: string | null;
  mImage: MediaRef | null;
  mClientId: string | null;
  mCreatedAt: Date | string | null;
  mEditedAt: Date | string | null;
  mDeletedAt: Date | string | null;
};

function toThreadItem(row: RawThreadItem): ChatThreadItemRow {
  return {
    id: row.id,
    name: row.name,
    partner: {
      id: row.partnerId,
      username: row.partnerName,
      role: row.partnerRole,
      photo: row.partnerPhoto,
      lastSeenAt: dateOrNull(row.partnerLastSeenAt),
      blocked: Boolean(row.partnerBlocked),
    },
    lastMessage:
      row.mId === null
        ? null
        : toMessage({
            id: row.mId,
            threadId: row.mThreadId!,
            senderId: row.mSenderId!,
            text: row.mText!,
            imageMediaId: row.mImageMediaId,
            image: row.mImage,
            clientId: row.mClientId,
            createdAt: row.mCreatedAt!,
            editedAt: row.mEditedAt,
            deletedAt: row.mDeletedAt,
          }),
    unreadCount: Number(row.unreadCount),
    myLastReadMessageId: row.myLastReadMessageId,
    partnerLastReadMessageId: row.partnerLastReadMessageId,
    lastActivityAt: new Date(row.lastActivityAt),
    cursor: row.cursor,
  };
}

/** The items of member `userId`'s conversations chosen by `where` (on `me`, `t`), in list order. */
function threadItemsSql(userId: string, where: ReturnType<typeof sql>, limit: number) {
  return sql`
    select t.id, t.name, pu.id as "partnerId", pu.username as "partnerName",
      pu.role as "partnerRole",
      case when pp.id is null then null else json_build_object('key', pp.key, 'variants',
        pp.variants, 'visibility', pp.visibility) end as "partnerPhoto",
      pu.last_seen_at as "partnerLastSeenAt",
      exists (select 1 from blocks b
        where (b.blocker_id = me.user_id and b.blocked_id = pu.id)
           or (b.blocker_id = pu.id and b.blocked_id = me.user_id)) as "partnerBlocked",
      me.unread_count as "unreadCount",
      me.last_read_message_id as "myLastReadMessageId",
      pm.last_read_message_id as "partnerLastReadMessageId",
      me.last_activity_at as "lastActivityAt",
      to_char(me.last_activity_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || t.id
        as cursor,
      m.id as "mId", m.thread_id as "mThreadId", m.sender_id as "mSenderId", m.text as "mText",
      m.image_media_id as "mImageMediaId",
      case when mi.id is null then null else json_build_object('key', mi.key, 'variants',
        mi.variants, 'visibility', mi.visibility) end as "mImage",
      m.client_id as "mClientId", m.created_at as "mCreatedAt", m.edited_at as "mEditedAt",
      m.deleted_at as "mDeletedAt"
    from chat_members me
    join chat_threads t on t.id = me.thread_id
    join chat_members pm on pm.thread_id = me.thread_id and pm.user_id <> me.user_id
    join users pu on pu.id = pm.user_id
    left join media_objects pp on pp.id = pu.profile_photo_media_id
    left join chat_messages m on m.id = t.last_message_id
    left join media_objects mi on mi.id = m.image_media_id
    where me.user_id = ${userId}::uuid and ${where}
    order by me.last_activity_at desc, me.thread_id desc
    limit ${limit}`;
}

/**
 * `userId`'s conversations, latest activity first: `limit` of them after the cursor `before` (an
 * item's `cursor`). A conversation without messages shows only to the member who opened it.
 * Ask for one more than the page to learn whether more exist.
 */
export async function listThreads(
  executor: Executor,
  userId: string,
  page: { before?: string | null; limit: number },
): Promise<ChatThreadItemRow[]> {
  let after = sql`true`;
  if (page.before) {
    const position = parseKeysetCursor(page.before);
    if (!position) throw new Error('listThreads: malformed cursor');
    after = sql`(me.last_activity_at, me.thread_id) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
  }
  const visible = sql`(t.last_message_id is not null or t.opened_by = ${userId}::uuid)`;
  const result = await executor.execute(
    threadItemsSql(userId, sql`${visible} and ${after}`, page.limit),
  );
  return rowsOf<RawThreadItem>(result).map(toThreadItem);
}

/** One conversation as member `userId` sees it (messages or not), or null when not a member. */
export async function threadItem(
  executor: Executor,
  threadId: string,
  userId: string,
): Promise<ChatThreadItemRow | null> {
  const result = await executor.execute(
    threadItemsSql(userId, sql`me.thread_id = ${threadId}::uuid`, 1),
  );
  const [row] = rowsOf<RawThreadItem>(result);
  return row ? toThreadItem(row) : null;
}

/** `userId`'s unread messages in one conversation (0 when not a member). */
export async function threadUnread(
  executor: Executor,
  threadId: string,
  userId: string,
): Promise<number> {
  const [row] = await executor
    .select({ unread: chatMembers.unreadCount })
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, threadId), eq(chatMembers.userId, userId)));
  return row?.unread ?? 0;
}

/** `userId`'s unread messages over all conversations (the Messages badge). */
export async function unreadTotal(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor
    .select({ total: sql<number>`coalesce(sum(${chatMembers.unreadCount}), 0)::int` })
    .from(chatMembers)
    .where(eq(chatMembers.userId, userId));
  return Number(row?.total ?? 0);
}

/**
 * Everyone `userId` has a conversation with (presence is told to them), except where either
 * blocked the other: a block ends visibility, live presence included (§3, §13).
 */
export async function chatPartnerIds(executor: Executor, userId: string): Promise<string[]> {
  const result = await executor.execute(sql`
    select p.id from (
      select user_high as id from chat_threads where user_low = ${userId}::uuid
      union
      select user_low as id from chat_threads where user_high = ${userId}::uuid
    ) p
    where not exists (select 1 from blocks b
      where (b.blocker_id = ${userId}::uuid and b.blocked_id = p.id)
         or (b.blocker_id = p.id and b.blocked_id = ${userId}::uuid))`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** When the user was last online ('Last seen'). */
export async function setLastSeen(executor: Executor, userId: string, at: Date): Promise<void> {
  await executor.update(users).set({ lastSeenAt: at }).where(eq(users.id, userId));
}

/**
 * Takes the user-event counter locks of these users (in user-id order, as
 * `appendUserEventsBatch` does) without changing them, until the transaction ends. Taken before
 * reading a user's unread total for an event, it makes concurrent changes for one user read and
 * number their totals one after the other (no stale total in a later event).
 */
export async function lockEventCounters(
  tx: Transaction,
  userIds: readonly string[],
): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await tx
    .insert(userEventCounters)
    .values(ids.map((userId) => ({ userId, lastSeq: 0 })))
    .onConflictDoUpdate({
      target: userEventCounters.userId,
      set: { lastSeq: sql`${userEventCounters.lastSeq}` },
    });
}
