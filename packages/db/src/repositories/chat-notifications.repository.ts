import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { chatMembers, chatMessages, chatThreads, notifications, users } from '../schema';

// What the chat notification job (`notifications.chat_message`) reads.

const senders = alias(users, 'sender');
const receivers = alias(users, 'receiver');

/**
 * A chat message with its conversation, its sender (name, active) and the other member, the
 * receiver (active); null when the message does not exist.
 */
export async function findChatMessageForNotification(executor: Executor, messageId: string) {
  const [row] = await executor
    .select({
      messageId: chatMessages.id,
      deletedAt: chatMessages.deletedAt,
      threadId: chatThreads.id,
      threadName: chatThreads.name,
      senderId: chatMessages.senderId,
      senderName: senders.username,
      senderActive: senders.reachable,
      receiverId: receivers.id,
      receiverActive: receivers.reachable,
    })
    .from(chatMessages)
    .innerJoin(chatThreads, eq(chatThreads.id, chatMessages.threadId))
    .innerJoin(senders, eq(senders.id, chatMessages.senderId))
    .innerJoin(
      receivers,
      and(
        sql`${receivers.id} in (${chatThreads.userLow}, ${chatThreads.userHigh})`,
        ne(receivers.id, chatMessages.senderId),
      ),
    )
    .where(eq(chatMessages.id, messageId));
  return row ?? null;
}

/**
 * Locks the receiver's membership of a conversation until the transaction ends (so the
 * notification decisions for one receiver and conversation are taken one after the other) and
 * answers, as of now, whether the message was deleted meanwhile and whether the receiver's read
 * pointer is at or after it (message ids are time-ordered uuidv7). Null when not a member.
 */
export async function lockChatReceiver(
  executor: Executor,
  input: { threadId: string; userId: string; messageId: string },
) {
  const [member] = await executor
    .select({
      hasRead: sql<boolean>`coalesce(${chatMembers.lastReadMessageId} >= ${input.messageId}::uuid, false)`,
    })
    .from(chatMembers)
    .where(and(eq(chatMembers.threadId, input.threadId), eq(chatMembers.userId, input.userId)))
    .for('update');
  if (!member) return null;
  const [message] = await executor
    .select({ deletedAt: chatMessages.deletedAt })
    .from(chatMessages)
    .where(eq(chatMessages.id, input.messageId));
  return { messageDeleted: !message || message.deletedAt !== null, hasRead: member.hasRead };
}

/** Whether a notification was already made (or last refreshed) by this source event. */
export async function notificationSourceUsed(executor: Executor, sourceKey: string) {
  const [row] = await executor
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.sourceKey, sourceKey))
    .limit(1);
  return row !== undefined;
}

/** The group key of a chat notification: the newest message it announces. */
export const chatNotificationKey = (messageId: string) => `chat_message:${messageId}`;

/**
 * The user's unread `message` notification for a conversation (null when none) and whether it
 * still stands: the message it announces (its group key) is still unread by them, that is after
 * their read pointer and not deleted. One that no longer stands was overtaken by the user reading
 * the conversation without opening the notification.
 */
export async function findUnreadChatNotification(
  executor: Executor,
  input: { userId: string; threadId: string; link: string },
) {
  const [row] = await executor
    .select({
      id: notifications.id,
      // Columns spelled out with their table: inside the subquery a bare name would bind to it.
      standing: sql<boolean>`exists (
        select 1 from chat_messages m
        join chat_members me on me.thread_id = m.thread_id and me.user_id = ${input.userId}::uuid
        where m.id = case when notifications.group_key like 'chat_message:%'
            then substr(notifications.group_key, 14)::uuid end
          and m.thread_id = ${input.threadId}::uuid and m.deleted_at is null
          and (me.last_read_message_id is null or m.id > me.last_read_message_id))`,
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, input.userId),
        isNull(notifications.readAt),
        eq(notifications.kind, 'message'),
        eq(notifications.link, input.link),
      ),
    )
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Brings a chat notification back for a newer message: announces it (group key), names its
 * sender and event, unread again and dated `now`, so it sorts first.
 */
export async function reannounceChatNotification(
  executor: Executor,
  userId: string,
  id: string,
  change: { actorId: string; text: string; sourceKey: string; messageId: string; now: Date },
) {
  const [row] = await executor
    .update(notifications)
    .set({
      actorId: change.actorId,
      text: change.text,
      sourceKey: change.sourceKey,
      groupKey: chatNotificationKey(change.messageId),
      readAt: null,
      createdAt: change.now,
    })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}
