import { randomBytes } from 'node:crypto';
import { ADULT_AGE, chatThreadName, parseKeysetCursor, yearsBefore } from '@touchline/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { chatMembers, chatMessages, chatThreads, userEventCounters, users } from '../schema';
import { uuidv7 } from '../uuid';
import { rowsOf, type MediaRef } from '../sql';

/**
 * Chat (supplement §7): conversations of two users, their messages, read pointers and unread
 * counts. Message ids are UUIDv7 (`nextChatMessageId`) and are the order of everything: history
 * pages, read pointers and "the newest message". Functions typed with `Transaction` must run in
 * the caller's transaction (the caller stores its user events and outbox event in the same one).
 *
 * Locks, always taken in this order, so writers never wait on each other crosswise: the message
 * row (edit, delete), the conversation row (a new message), then member rows. Every recount of an
 * unread number first locks the member row in its own statement, so the count that follows reads
 * every message committed before it (a send in flight either committed before, and is counted,
 * or increments after the recount).
 */

export type ChatThreadRow = typeof chatThreads.$inferSelect;

/** A message with its picture (the media row's key, variants and visibility), or null. */
export type ChatMessageRow = {
  id: string;
  threadId: string;
  senderId: string;
  /** '' once deleted. */
  text: string;
  imageMediaId: string | null;
  image: MediaRef | null;
  clientId: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
};

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
  };
  lastMessage: ChatMessageRow | null;
  unreadCount: number;
  myLastReadMessageId: string | null;
  partnerLastReadMessageId: string | null;
  lastActivityAt: Date;
  /** `<last_activity_at to the microsecond>Z~<thread id>`: the list's keyset cursor. */
  cursor: string;
};

/* ------------------------------------------------------------- message ids */

let lastMs = 0;
let counter = 0;

/**
 * A UUIDv7 for a message sent at `at` (RFC 9562, method 1): the 12 bits after the version are a
 * counter, so ids made by this process only ever grow, even within one millisecond or when the
 * clock steps back. Ids of different processes order by their clocks.
 */
export function nextChatMessageId(at: Date = new Date()): string {
  let ms = at.getTime();
  if (ms > lastMs) {
    lastMs = ms;
    counter = randomBytes(2).readUInt16BE(0) & 0x3ff; // leaves room to count up within the ms
  } else {
    ms = lastMs;
    counter += 1;
    if (counter > 0xfff) {
      lastMs += 1;
      ms = lastMs;
      counter = 0;
    }
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(ms, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/* ----------------------------------------------------------------- shapes */

type RawMessage = {
  id: string;
  threadId: string;
  senderId: string;
  text: string;
  imageMediaId: string | null;
  image: MediaRef | null;
  clientId: string | null;
  createdAt: Date | string;
  editedAt: Date | string | null;
  deletedAt: Date | string | null;
};

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function toMessage(row: RawMessage): ChatMessageRow {
  return {
    id: row.id,
    threadId: row.threadId,
    senderId: row.senderId,
    text: row.text,
    imageMediaId: row.imageMediaId,
    image: row.image,
    clientId: row.clientId,
    createdAt: new Date(row.createdAt),
    editedAt: dateOrNull(row.editedAt),
    deletedAt: dateOrNull(row.deletedAt),
  };
}

/** The columns of a `RawMessage` from message alias `m` and its media row `mi`. */
const MESSAGE_COLUMNS = sql.raw(`m.id, m.thread_id as "threadId", m.sender_id as "senderId",
  m.text, m.image_media_id as "imageMediaId",
  case when mi.id is null then null else json_build_object('key', mi.key, 'variants', mi.variants,
    'visibility', mi.visibility) end as image,
  m.client_id as "clientId", m.created_at as "createdAt", m.edited_at as "editedAt",
  m.deleted_at as "deletedAt"`);

async function messageById(executor: Executor, messageId: string): Promise<ChatMessageRow | null> {
  const result = await executor.execute(sql`
    select ${MESSAGE_COLUMNS}
    from chat_messages m left join media_objects mi on mi.id = m.image_media_id
    where m.id = ${messageId}::uuid`);
  const [row] = rowsOf<RawMessage>(result);
  return row ? toMessage(row) : null;
}

/* ---------------------------------------------------------- conversations */

/**
 * The conversation of `openerId` and `otherId`: made with both member rows when missing (the
 * opener recorded), else the existing one. Two opens at once make one (the pair is unique).
 */
export async function openThread(
  tx: Transaction,
  openerId: string,
  otherId: string,
  options: { createdAt?: Date } = {},
): Promise<ChatThreadRow> {
  const name = chatThreadName(openerId, otherId);
  const [, low, high] = name.split('_') as [string, string, string];
  const createdAt = options.createdAt ?? new Date();
  const [made] = await tx
    .insert(chatThreads)
    .values({
      id: uuidv7(createdAt.getTime()),
      name,
      userLow: low,
      userHigh: high,
      openedBy: openerId.toLowerCase(),
      createdAt,
      lastActivityAt: createdAt,
    })
    .onConflictDoNothing({ target: [chatThreads.userLow, chatThreads.userHigh] })
    .returning();
  if (made) {
    await tx.insert(chatMembers).values([
      { threadId: made.id, userId: low, lastActivityAt: createdAt },
      { threadId: made.id, userId: high, lastActivityAt: createdAt },
    ]);
    return made;
  }
  const [existing] = await tx
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.userLow, low), eq(chatThreads.userHigh, high)));
  return existing!;
}

/** The conversation of this name when `memberId` is one of its two members, else null. */
export async function threadByName(
  executor: Executor,
  name: string,
  memberId: string,
): Promise<ChatThreadRow | null> {
  const [row] = await executor
    .select()
    .from(chatThreads)
    .where(
      and(
        eq(chatThreads.name, name),
        or(eq(chatThreads.userLow, memberId), eq(chatThreads.userHigh, memberId)),
      ),
    );
  return row ?? null;
}

/** The conversation by id, or null. */
export async function threadById(
  executor: Executor,
  threadId: string,
): Promise<ChatThreadRow | null> {
  const [row] = await executor.select().from(chatThreads).where(eq(chatThreads.id, threadId));
  return row ?? null;
}

/* --------------------------------------------------------------- messages */

export type NewChatMessage = {
  threadId: string;
  senderId: string;
  text: string;
  imageMediaId?: string | null;
  /** The client's idempotency key: the same key of the same sender answers the stored message. */
  clientId?: string | null;
  /** Now by default (the API passes its clock; the demo backdates). */
  createdAt?: Date;
  /** `nextChatMessageId(createdAt)` by default. */
  id?: string;
  /** The demo seed's edited lines. */
  editedAt?: Date | null;
};

/**
 * Stores a message in the caller's transaction. A `clientId` this sender used before answers the
 * stored message with `replayed: true` and changes nothing. Otherwise the conversation's newest
 * message moves to it (when its id is the largest) and its activity to the message's time (never
 * back, except from the opening time to an older first message: the demo backdates), both
 * members' activity follows, and the receiver's unread count grows by one.
 */
export async function insertMessage(
  tx: Transaction,
  input: NewChatMessage,
): Promise<{ message: ChatMessageRow; replayed: boolean }> {
  const createdAt = input.createdAt ?? new Date();
  const clientId = input.clientId ?? null;
  const values = {
    id: input.id ?? nextChatMessageId(createdAt),
    threadId: input.threadId,
    senderId: input.senderId,
    text: input.text,
    imageMediaId: input.imageMediaId ?? null,
    clientId,
    createdAt,
    editedAt: input.editedAt ?? null,
  };
  const [inserted] =
    clientId === null
      ? await tx.insert(chatMessages).values(values).returning({ id: chatMessages.id })
      : await tx
          .insert(chatMessages)
          .values(values)
          .onConflictDoNothing({
            target: [chatMessages.senderId, chatMessages.clientId],
            where: sql`client_id is not null`,
          })
          .returning({ id: chatMessages.id });

  if (!inserted) {
    const [existing] = await tx
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, input.senderId), eq(chatMessages.clientId, clientId!)));
    return { message: (await messageById(tx, existing!.id))!, replayed: true };
  }

  const at = createdAt.toISOString();
  // Always locks the conversation row: sends of one conversation take their locks one at a time.
  await tx.execute(sql`
    update chat_threads set
      last_message_id = case when last_message_id is null or last_message_id < ${inserted.id}::uuid
        then ${inserted.id}::uuid else last_message_id end,
      last_activity_at = case when last_message_id is null then ${at}::timestamptz
        else greatest(last_activity_at, ${at}::timestamptz) end
    where id = ${input.threadId}::uuid`);
  await tx.execute(sql`
    update chat_members me set
      last_activity_at = t.last_activity_at,
      unread_count = me.unread_count + case
        when me.user_id <> ${input.senderId}::uuid
          and (me.last_read_message_id is null or me.last_read_message_id < ${inserted.id}::uuid)
        then 1 else 0 end
    from chat_threads t
    where t.id = me.thread_id and me.thread_id = ${input.threadId}::uuid`);
  return { message: (await messageById(tx, inserted.id))!, replayed: false };
}

/**
 * A page of a conversation, newest first: `limit` messages strictly older than `before` (a
 * message id), or the newest ones. Ask for one more than the page to learn whether more exist.
 */
export async function listMessages(
  executor: Executor,
  threadId: string,
  page: { before?: string | null; limit: number },
): Promise<ChatMessageRow[]> {
  const before = page.before ? sql`and m.id < ${page.before}::uuid` : sql``;
  const result = await executor.execute(sql`
    select ${MESSAGE_COLUMNS}
    from chat_messages m left join media_objects mi on mi.id = m.image_media_id
    where m.thread_id = ${threadId}::uuid ${before}
    order by m.id desc
    limit ${page.limit}`);
  return rowsOf<RawMessage>(result).map(toMessage);
}

/**
 * A message with its conversation, when `memberId` is one of the conversation's two members
 * (else null). `lock` locks the message row until the transaction ends (edit, delete).
 */
export async function findMessage(
  executor: Executor,
  messageId: string,
  memberId: string,
  options: { lock?: boolean } = {},
): Promise<{ message: ChatMessageRow; thread: ChatThreadRow } | null> {
  const lock = options.lock ? sql`for update of m` : sql``;
  const result = await executor.execute(sql`
    select m.thread_id as "threadId"
    from chat_messages m join chat_threads t on t.id = m.thread_id
    where m.id = ${messageId}::uuid
      and (t.user_low = ${memberId}::uuid or t.user_high = ${memberId}::uuid)
    ${lock}`);
  const [found] = rowsOf<{ threadId: string }>(result);
  if (!found) return null;
  const message = await messageById(executor, messageId);
  const thread = await threadById(executor, found.threadId);
  return message && thread ? { message, thread } : null;
}

/** Sets a message's text (the caller checked owner, window and text). */
export async function editMessage(
  tx: Transaction,
  messageId: string,
  input: { text: string; at: Date },
): Promise<ChatMessageRow> {
  await tx
    .update(chatMessages)
    .set({ text: input.text, editedAt: input.at })
    .where(eq(chatMessages.id, messageId));
  return (await messageById(tx, messageId))!;
}

/**
 * Deletes a message softly: it keeps its place with `deleted_at`, no text and no image. Answers
 * the image's media id it had (the caller deletes the media row and its files), and recounts the
 * receiver's unread messages. Deleting a deleted message changes nothing.
 */
export async function deleteMessage(
  tx: Transaction,
  messageId: string,
  input: { at: Date },
): Promise<{ message: ChatMessageRow; imageMediaId: string | null }> {
  const result = await tx.execute(sql`
    with old as (
      select id, image_media_id from chat_messages
      where id = ${messageId}::uuid and deleted_at is null
      for update
    )
    update chat_messages m set deleted_at = ${input.at.toISOString()}::timestamptz, text = '',
      image_media_id = null
    from old where m.id = old.id
    returning m.thread_id as "threadId", m.sender_id as "senderId",
      old.image_media_id as "imageMediaId"`);
  const [changed] = rowsOf<{ threadId: string; senderId: string; imageMediaId: string | null }>(
    result,
  );
  if (changed) {
    const receiver = await tx
      .select({ userId: chatMembers.userId })
      .from(chatMembers)
      .where(
        and(
          eq(chatMembers.threadId, changed.threadId),
          sql`${chatMembers.userId} <> ${changed.senderId}::uuid`,
        ),
      );
    for (const { userId } of receiver) await recountUnread(tx, changed.threadId, userId);
  }
  return {
    message: (await messageById(tx, messageId))!,
    imageMediaId: changed?.imageMediaId ?? null,
  };
}

/**
 * Recomputes a member's unread count: the partner's messages after the member's read pointer,
 * not deleted. Locks the member row first (its own statement), so the count sees every message
 * committed before the lock was granted.
 */
async function recountUnread(tx: Transaction, threadId: string, userId: string) {
  await tx
    .select({ userId: chatMembers.userId })
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, threadId), eq(chatMembers.userId, userId)))
    .for('update');
  const result = await tx.execute(sql`
    update chat_members me set unread_count = (
      select count(*) from chat_messages m
      where m.thread_id = me.thread_id and m.sender_id <> me.user_id and m.deleted_at is null
        and (me.last_read_message_id is null or m.id > me.last_read_message_id)
    )
    where me.thread_id = ${threadId}::uuid and me.user_id = ${userId}::uuid
    returning me.unread_count as "unreadCount"`);
  return Number(rowsOf<{ unreadCount: number }>(result)[0]?.unreadCount ?? 0);
}

/**
 * `userId` has read the conversation up to `messageId` (a message of it). The pointer only moves
 * forward; when it moves, the unread count is recomputed. Null when the message is not in this
 * conversation or `userId` is not a member.
 */
export async function markRead(
  tx: Transaction,
  threadId: string,
  userId: string,
  messageId: string,
): Promise<{ moved: boolean; unreadCount: number; lastReadMessageId: string | null } | null> {
  const [message] = await tx
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.threadId, threadId)));
  if (!message) return null;
  const result = await tx.execute(sql`
    update chat_members set last_read_message_id = ${messageId}::uuid
    where thread_id = ${threadId}::uuid and user_id = ${userId}::uuid
      and (last_read_message_id is null or last_read_message_id < ${messageId}::uuid)
    returning user_id`);
  if (rowsOf(result).length > 0) {
    const unreadCount = await recountUnread(tx, threadId, userId);
    return { moved: true, unreadCount, lastReadMessageId: messageId };
  }
  const [member] = await tx
    .select({ unreadCount: chatMembers.unreadCount, pointer: chatMembers.lastReadMessageId })
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, threadId), eq(chatMembers.userId, userId)));
  if (!member) return null;
  return { moved: false, unreadCount: member.unreadCount, lastReadMessageId: member.pointer };
}

/* ------------------------------------------------------------ the lists */

type RawThreadItem = {
  id: string;
  name: string;
  partnerId: string;
  partnerName: string;
  partnerRole: 'player' | 'academy' | 'admin';
  partnerPhoto: MediaRef | null;
  partnerLastSeenAt: Date | string | null;
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
      pu.last_seen_at as "partnerLastSeenAt", me.unread_count as "unreadCount",
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

/** Everyone `userId` has a conversation with (presence is told to them). */
export async function chatPartnerIds(executor: Executor, userId: string): Promise<string[]> {
  const result = await executor.execute(sql`
    select user_high as id from chat_threads where user_low = ${userId}::uuid
    union
    select user_low as id from chat_threads where user_high = ${userId}::uuid`);
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

/* ------------------------------------------------------------ pair facts */

type Role = 'player' | 'academy' | 'admin';
type AcademyStatus = 'unverified' | 'verified' | 'declined' | null;

export type ChatPartyFacts = {
  id: string;
  role: Role;
  isActive: boolean;
  /** A player under 18 today in Lagos (an unknown date of birth counts as a minor). */
  isMinor: boolean;
  academyStatus: AcademyStatus;
};

export type ChatPairFacts = {
  sender: ChatPartyFacts;
  /** Null when no such user exists. */
  receiver: (ChatPartyFacts & { openToWork: boolean; emailVerified: boolean }) | null;
  /** A block in either direction. */
  blocked: boolean;
  /** The two are friends. */
  friends: boolean;
  /** One of the two follows the other (players follow academies). */
  follows: boolean;
  /** One of the two has a registration (any status) for a trial of the other. */
  registered: boolean;
};

type RawPairFacts = {
  sId: string | null;
  sRole: Role;
  sActive: boolean;
  sMinor: boolean;
  sStatus: AcademyStatus;
  rId: string | null;
  rRole: Role;
  rActive: boolean;
  rMinor: boolean;
  rStatus: AcademyStatus;
  rOpenToWork: boolean;
  rVerified: boolean;
  blocked: boolean;
  friends: boolean;
  follows: boolean;
  registered: boolean;
};

/**
 * What decides whether `senderId` may message `receiverId` (supplement §7, §13), in one query.
 * `today` is Lagos today (`YYYY-MM-DD`): a player born after `today` minus 18 years is a minor.
 */
export async function chatPairFacts(
  executor: Executor,
  senderId: string,
  receiverId: string,
  today: string,
): Promise<ChatPairFacts> {
  const cutoff = yearsBefore(today, ADULT_AGE);
  const minor = (alias: 'su' | 'ru') => {
    const u = sql.raw(alias);
    return sql`(${u}.role = 'player' and (${u}.dob is null or ${u}.dob > ${cutoff}::date))`;
  };
  const s = sql`${senderId}::uuid`;
  const r = sql`${receiverId}::uuid`;
  const result = await executor.execute(sql`
    select su.id as "sId", su.role as "sRole", su.is_active as "sActive", ${minor('su')} as "sMinor",
      su.academy_status as "sStatus",
      ru.id as "rId", ru.role as "rRole", ru.is_active as "rActive", ${minor('ru')} as "rMinor",
      ru.academy_status as "rStatus", coalesce(rp.open_to_work, false) as "rOpenToWork",
      (ru.email_verified_at is not null) as "rVerified",
      exists (select 1 from blocks b
        where (b.blocker_id = ${s} and b.blocked_id = ${r})
           or (b.blocker_id = ${r} and b.blocked_id = ${s})) as blocked,
      exists (select 1 from friendships f where f.user_id = ${s} and f.friend_id = ${r}) as friends,
      exists (select 1 from follows fo
        where (fo.follower_id = ${s} and fo.academy_id = ${r})
           or (fo.follower_id = ${r} and fo.academy_id = ${s})) as follows,
      exists (select 1 from trial_registrations tr join trials tt on tt.id = tr.trial_id
        where (tr.player_id = ${s} and tt.academy_id = ${r})
           or (tr.player_id = ${r} and tt.academy_id = ${s})) as registered
    from (select 1) as one
    left join users su on su.id = ${s}
    left join users ru on ru.id = ${r}
    left join profiles rp on rp.user_id = ru.id`);
  const row = rowsOf<RawPairFacts>(result)[0]!;
  if (row.sId === null) throw new Error('chatPairFacts: the sender does not exist');
  return {
    sender: {
      id: row.sId,
      role: row.sRole,
      isActive: row.sActive,
      isMinor: row.sMinor,
      academyStatus: row.sStatus,
    },
    receiver:
      row.rId === null
        ? null
        : {
            id: row.rId,
            role: row.rRole,
            isActive: row.rActive,
            isMinor: row.rMinor,
            academyStatus: row.rStatus,
            openToWork: row.rOpenToWork,
            emailVerified: row.rVerified,
          },
    blocked: row.blocked,
    friends: row.friends,
    follows: row.follows,
    registered: row.registered,
  };
}
