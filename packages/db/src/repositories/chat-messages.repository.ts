import { and, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { chatMembers, chatMessages } from '../schema';
import { rowsOf } from '../sql';
import {
  MESSAGE_COLUMNS,
  messageById,
  nextChatMessageId,
  threadById,
  toMessage,
  type ChatMessageRow,
  type ChatThreadRow,
  type RawMessage,
} from './chat.repository';

/**
 * A conversation's messages (send with a client id, pages, edit, soft delete) and its members'
 * read pointers and unread counts. Locks as chat.repository.ts describes.
 */

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
 * message id), or the newest ones, after skipping `offset` (a numbered page). Ask for one more
 * than the page to learn whether more exist.
 */
export async function listMessages(
  executor: Executor,
  threadId: string,
  page: { before?: string | null; offset?: number; limit: number },
): Promise<ChatMessageRow[]> {
  const before = page.before ? sql`and m.id < ${page.before}::uuid` : sql``;
  const result = await executor.execute(sql`
    select ${MESSAGE_COLUMNS}
    from chat_messages m left join media_objects mi on mi.id = m.image_media_id
    where m.thread_id = ${threadId}::uuid ${before}
    order by m.id desc
    limit ${page.limit} offset ${page.offset ?? 0}`);
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
