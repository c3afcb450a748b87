import type { Transaction } from '@touchline/db';
import {
  chatNotificationKey,
  findUnreadChatNotification,
  insertGroupedNotification,
  lockChatReceiver,
  lockNotificationGroup,
  notificationSourceUsed,
  reannounceChatNotification,
  refreshGroupedNotification,
  tallyPostLikes,
  type NotificationRow,
} from '@touchline/db/notifications';
import { NOTIFICATION_TEXTS, chatLink, postLink } from '@touchline/shared';
import { announceNotifications } from './notices';
import type { Outbound } from './user-events';

const HOUR_MS = 60 * 60 * 1000;

/** The UTC clock hour a like falls in: its start, and the label used in the group key. */
export function likeHour(likedAt: Date) {
  const from = new Date(Math.floor(likedAt.getTime() / HOUR_MS) * HOUR_MS);
  return { from, to: new Date(from.getTime() + HOUR_MS), label: from.toISOString().slice(0, 13) };
}

/**
 * Grouping rule for likes. Likes on one post within one UTC clock hour share one row
 * (`group_key = like:<postId>:<hour>`): the first like creates it; each later one rewrites it to
 * name the newest liker and count the likes standing in that hour ('Ada and 4 others liked your
 * post'), marks it unread and dates it now, so it rises to the top.
 *
 * The row is recomputed from `post_likes`, not counted up per event, so a rerun (any event of the
 * group, in any order) finds nothing new and changes nothing. Unlikes never rewrite it: a tally
 * that shrank or names the same newest liker leaves the row alone.
 */
export async function storeLikeNotice(
  tx: Transaction,
  input: { ownerId: string; postId: string; sourceKey: string; likedAt: Date; now: Date },
): Promise<Outbound[]> {
  const hour = likeHour(input.likedAt);
  const groupKey = `like:${input.postId}:${hour.label}`;
  const tallyNow = () =>
    tallyPostLikes(tx, { postId: input.postId, ownerId: input.ownerId, ...hour });
  let existing = await lockNotificationGroup(tx, input.ownerId, groupKey);
  if (existing?.sourceKey === input.sourceKey) return []; // this very event was folded in
  let tally = await tallyNow();
  if (!tally) return [];

  let row: NotificationRow | null = null;
  if (!existing) {
    row = await insertGroupedNotification(tx, {
      userId: input.ownerId,
      kind: 'like',
      text: NOTIFICATION_TEXTS.like(tally.likerName, tally.total - 1),
      link: postLink(input.postId),
      actorId: tally.likerId,
      actorCount: tally.total,
      sourceKey: input.sourceKey,
      groupKey,
      createdAt: input.now,
    });
    if (!row) {
      // A concurrent event started the group (its insert made ours wait): fold into its row.
      existing = await lockNotificationGroup(tx, input.ownerId, groupKey);
      tally = await tallyNow();
      if (!tally) return [];
    }
  }
  if (existing) {
    const nothingNew =
      tally.total < existing.actorCount ||
      (tally.total === existing.actorCount && tally.likerId === existing.actorId);
    if (nothingNew) return [];
    row = await refreshGroupedNotification(tx, input.ownerId, existing.id, {
      actorId: tally.likerId,
      actorCount: tally.total,
      text: NOTIFICATION_TEXTS.like(tally.likerName, tally.total - 1),
      sourceKey: input.sourceKey,
      now: input.now,
    });
  }
  // The event carries the unread count (unchanged when this row was unread already): clients
  // take the count from it, so no separate `notification_count` follows.
  return row ? announceNotifications(tx, [row]) : [];
}

/**
 * Grouping rule for chat messages. A conversation has at most one unread notification, which
 * records the newest message it announces (group key `chat_message:<id>`): while that message is
 * still unread, later ones add nothing. When the receiver has read it but left the notification
 * unread, the notification is brought back instead: it announces this message, dated now, on top
 * (the same row, so the bell still counts it once). The receiver's member row is locked while
 * deciding, so messages of one conversation are decided one after the other. Nothing is stored
 * when the receiver left, the message was deleted meanwhile, or they read it already; the source
 * key (unique) makes a rerun store nothing.
 */
export async function storeChatNotice(
  tx: Transaction,
  input: {
    threadId: string;
    threadName: string;
    messageId: string;
    senderId: string;
    senderName: string;
    receiverId: string;
    sourceKey: string;
    now: Date;
  },
): Promise<Outbound[]> {
  const link = chatLink(input.threadName);
  const receiver = await lockChatReceiver(tx, {
    threadId: input.threadId,
    userId: input.receiverId,
    messageId: input.messageId,
  });
  if (!receiver || receiver.messageDeleted || receiver.hasRead) return [];
  if (await notificationSourceUsed(tx, input.sourceKey)) return []; // a rerun
  const text = NOTIFICATION_TEXTS.chatMessage(input.senderName);
  const unread = await findUnreadChatNotification(tx, {
    userId: input.receiverId,
    threadId: input.threadId,
    link,
  });
  if (unread?.standing) return []; // it announces a message they have not read yet
  const change = { actorId: input.senderId, text, sourceKey: input.sourceKey };
  const row = unread
    ? await reannounceChatNotification(tx, input.receiverId, unread.id, {
        ...change,
        messageId: input.messageId,
        now: input.now,
      })
    : await insertGroupedNotification(tx, {
        ...change,
        userId: input.receiverId,
        kind: 'message',
        link,
        groupKey: chatNotificationKey(input.messageId),
        actorCount: 1,
      });
  return row ? announceNotifications(tx, [row]) : []; // null: another row announces it already
}
