import type { Database } from '@touchline/db';
import {
  countUnread,
  findCommentForNotification,
  insertNotification,
} from '@touchline/db/notifications';
import { appendUserEvent } from '@touchline/db/platform';
import { isBlockedEitherWay } from '@touchline/db/social';
import { findUserById, type UserRow } from '@touchline/db/users';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import {
  NOTIFICATION_TEXTS,
  postLink,
  type NotificationKind,
  type StoredServerEvent,
} from '@touchline/shared';
import { notificationEventData, publishStored } from './notification-events';

type Draft = { recipientId: string; kind: NotificationKind; text: string; sourceKey: string };

/**
 * A comment or reply. A reply tells the replied comment's author ('<name> replied to your
 * comment'); the post's owner hears '<name> commented on your post' unless they wrote the
 * comment or were just told of it as the replied author. Nobody hears of their own comment, nor
 * of an inactive commenter's, nor across a block; nothing is told once the comment or its post is
 * gone. One notification per recipient and source event, so reruns add nothing.
 */
export function createCommentNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
}): JobHandler<'notifications.comment'> {
  async function reachable(commenter: UserRow, recipientId: string | null) {
    if (!recipientId || recipientId === commenter.id) return false;
    const recipient = await findUserById(deps.db, recipientId);
    if (!recipient?.isActive) return false;
    return !(await isBlockedEitherWay(deps.db, commenter.id, recipientId));
  }

  return async ({ data }) => {
    const comment = await findCommentForNotification(deps.db, data.commentId);
    if (!comment) return;
    const commenter = await findUserById(deps.db, comment.authorId);
    if (!commenter?.isActive) return;

    const drafts: Draft[] = [];
    if (await reachable(commenter, comment.parentAuthorId)) {
      drafts.push({
        recipientId: comment.parentAuthorId!,
        kind: 'reply',
        text: NOTIFICATION_TEXTS.reply(commenter.username),
        sourceKey: `comment.replied:${data.eventId}`,
      });
    }
    const ownerToldOfReply = drafts.some((d) => d.recipientId === comment.postAuthorId);
    if (!ownerToldOfReply && (await reachable(commenter, comment.postAuthorId))) {
      drafts.push({
        recipientId: comment.postAuthorId,
        kind: 'comment',
        text: NOTIFICATION_TEXTS.comment(commenter.username),
        sourceKey: `comment.created:${data.eventId}`,
      });
    }
    if (drafts.length === 0) return;

    const stored = await deps.db.transaction(async (tx) => {
      const out: { userId: string; event: StoredServerEvent }[] = [];
      for (const draft of drafts) {
        const row = await insertNotification(tx, {
          userId: draft.recipientId,
          actorId: commenter.id,
          kind: draft.kind,
          text: draft.text,
          link: postLink(comment.postId),
          sourceKey: draft.sourceKey,
        });
        if (!row) continue; // told already by an earlier run
        const eventData = notificationEventData(row, await countUnread(tx, row.userId));
        const { seq } = await appendUserEvent(tx, row.userId, 'notification', eventData);
        out.push({ userId: row.userId, event: { type: 'notification', seq, data: eventData } });
      }
      return out;
    });
    for (const { userId, event } of stored) await publishStored(deps.bus, userId, [event]);
  };
}
