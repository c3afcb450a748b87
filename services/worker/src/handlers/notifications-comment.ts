import type { Database } from '@touchline/db';
import { deliverNotices } from '@touchline/delivery';
import { findCommentForNotification } from '@touchline/db/notifications';
import { isBlockedEitherWay } from '@touchline/db/social';
import { findUserById, type UserRow } from '@touchline/db/users';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, postLink, type NotificationKind } from '@touchline/shared';
import { publisherFor } from './delivery';

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

    // One notice per recipient and source event: what an earlier run told is skipped.
    await deliverNotices(
      { db: deps.db, publisher: publisherFor(deps.bus) },
      drafts.map((draft) => ({
        userId: draft.recipientId,
        actorId: commenter.id,
        kind: draft.kind,
        text: draft.text,
        link: postLink(comment.postId),
        sourceKey: draft.sourceKey,
      })),
    );
  };
}
