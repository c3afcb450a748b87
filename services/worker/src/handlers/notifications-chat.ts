import type { Database } from '@touchline/db';
import {
  countUnread,
  findChatMessageForNotification,
  chatNotificationKey,
  findUnreadChatNotification,
  insertGroupedNotification,
  lockChatReceiver,
  notificationSourceUsed,
  reannounceChatNotification,
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
 * the other, or the receiver's read pointer is at or after the message (they were reading).
 * A conversation has at most one unread notification, which records the newest message it
 * announces (group key `chat_message:<id>`): while that message is still unread, later ones add
 * nothing. When the receiver has read it (on the Messages page) but left the notification unread,
 * the notification is brought back instead: it announces this message, dated now, on top (the
 * same row, so the bell still counts it once). The receiver's member row is locked while
 * deciding, so messages of one conversation processed at once (or out of order) are decided one
 * after the other. Idempotent per event: the source key
 * `chat.message_sent:<eventId>` is unique and a rerun finds it used.
 */
export function createChatNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  clock: () => Date;
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
      const sourceKey = `chat.message_sent:${data.eventId}`;
      if (await notificationSourceUsed(tx, sourceKey)) return null; // a rerun
      const text = NOTIFICATION_TEXTS.chatMessage(target.senderName);
      const unread = await findUnreadChatNotification(tx, {
        userId: target.receiverId,
        threadId: target.threadId,
        link,
      });
      if (unread?.standing) return null; // it announces a message they have not read yet
      const change = { actorId: target.senderId, text, sourceKey };
      const row = unread
        ? await reannounceChatNotification(tx, target.receiverId, unread.id, {
            ...change,
            messageId: target.messageId,
            now: deps.clock(),
          })
        : await insertGroupedNotification(tx, {
            ...change,
            userId: target.receiverId,
            kind: 'message',
            link,
            groupKey: chatNotificationKey(target.messageId),
            actorCount: 1,
          });
      if (!row) return null; // another row announces this message already
      const eventData = notificationEventData(row, await countUnread(tx, target.receiverId));
      const { seq } = await appendUserEvent(tx, target.receiverId, 'notification', eventData);
      return { type: 'notification' as const, seq, data: eventData };
    });
    if (!stored) return;
    await publishStored(deps.bus, target.receiverId, [stored]);
  };
}
