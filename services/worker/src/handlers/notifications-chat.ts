import type { Database } from '@touchline/db';
import { storeChatNotice } from '@touchline/delivery';
import { findChatMessageForNotification } from '@touchline/db/notifications';
import { isBlockedEitherWay } from '@touchline/db/social';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { publisherFor } from './delivery';

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
    // The grouping rule (one unread notice per conversation) lives with the deliverer.
    await publisherFor(deps.bus).deliver(deps.db, (tx) =>
      storeChatNotice(tx, {
        threadId: target.threadId,
        threadName: target.threadName,
        messageId: target.messageId,
        senderId: target.senderId,
        senderName: target.senderName,
        receiverId: target.receiverId,
        sourceKey: `chat.message_sent:${data.eventId}`,
        now: deps.clock(),
      }),
    );
  };
}
