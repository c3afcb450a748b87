import type { Database } from '@touchline/db';
import {
  countUnread,
  findChatMessageForNotification,
  hasUnreadNotificationWithLink,
  insertNotification,
  lockChatReceiver,
} from '@touchline/db/notifications';
import { appendUserEvent } from '@touchline/db/platform';
import { isBlockedEitherWay } from '@touchline/db/social';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, chatLink } from '@touchline/shared';
import { notificationEventData, publishStored } from './notification-events';

/**
 * A chat message, told to its receiver ('New message from <name>', linking the conversation),
 * stored and numbered in their realtime stream in one transaction and pushed live after commit.
 * The job runs a few seconds after the send (`CHAT_NOTIFY_DELAY_MS`), so a receiver who has the
 * conversation open has marked the message read by then.
 *
 * Nothing is stored when the message is gone or deleted, either member is inactive or blocked
 * the other, the receiver's read pointer is at or after the message (they were reading), or the
 * receiver already has an unread `message` notification for this conversation (one per
 * conversation until they read it). The receiver's member row is locked while deciding, so two
 * messages of one conversation processed at once still give one notification. Idempotent per
 * event: the source key `chat.message_sent:<eventId>` is unique.
 */
export function createChatNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
}): JobHandler<'notifications.chat_message'> {
  return async ({ data }) => {
    const target = await findChatMessageForNotification(deps.db, data.messageId);
    if (!target || target.deletedAt) return;
    if (!target.senderActive || !target.receiverActive) return;
    if (await isBlockedEitherWay(deps.db, target.senderId, target.receiverId)) return;
    const link = chatLink(target.threadName);

    const stored = await deps.db.transaction(async (tx) => {
      const receiver = await lockChatReceiver(tx, {
        threadId: target.threadId,
        userId: target.receiverId,
        messageId: target.messageId,
      });
      // Not a member any more, the message was deleted meanwhile, or they read it already.
      if (!receiver || receiver.messageDeleted || receiver.hasRead) return null;
      if (await hasUnreadNotificationWithLink(tx, target.receiverId, 'message', link)) return null;
      const row = await insertNotification(tx, {
        userId: target.receiverId,
        actorId: target.senderId,
        sourceKey: `chat.message_sent:${data.eventId}`,
        kind: 'message',
        text: NOTIFICATION_TEXTS.chatMessage(target.senderName),
        link,
      });
      if (!row) return null; // this event already produced its notification
      const eventData = notificationEventData(row, await countUnread(tx, target.receiverId));
      const { seq } = await appendUserEvent(tx, target.receiverId, 'notification', eventData);
      return { type: 'notification' as const, seq, data: eventData };
    });
    if (!stored) return;
    await publishStored(deps.bus, target.receiverId, [stored]);
  };
}
