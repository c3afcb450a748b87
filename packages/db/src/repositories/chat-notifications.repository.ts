import { and, eq, isNull, ne, sql } from 'drizzle-orm';
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
      senderActive: senders.isActive,
      receiverId: receivers.id,
      receiverActive: receivers.isActive,
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

/** Whether the user has an unread notification of this kind linking there. */
export async function hasUnreadNotificationWithLink(
  executor: Executor,
  userId: string,
  kind: string,
  link: string,
) {
  const [row] = await executor
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        eq(notifications.kind, kind),
        eq(notifications.link, link),
      ),
    )
    .limit(1);
  return row !== undefined;
}
