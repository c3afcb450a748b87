import type { Database } from '@touchline/db';
import { deliverNotices } from '@touchline/delivery';
import { findPostAuthorForNotification, listNewPostAudience } from '@touchline/db/notifications';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, postLink } from '@touchline/shared';
import { publisherFor } from './delivery';

/** Recipients per transaction: one insert of notifications and two of realtime events. */
export const NEW_POST_BATCH_SIZE = 500;

/**
 * A new post, told to a player author's friends or an academy author's followers (active, no
 * block either way): '<name> added a new post'. Recipients are taken in id order, a batch at a
 * time; each batch stores its rows and realtime events in one short transaction and is pushed
 * after it commits. One row per recipient and source event (`post.created:<eventId>:<id>`), so a
 * rerun after a crash skips who was told and carries on with the rest.
 */
export function createNewPostNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  batchSize?: number;
}): JobHandler<'notifications.new_post'> {
  const batchSize = deps.batchSize ?? NEW_POST_BATCH_SIZE;

  return async ({ data }) => {
    const post = await findPostAuthorForNotification(deps.db, data.postId);
    // Guardians do not post (supplement §14); administrators' posts tell nobody.
    if (!post?.authorActive || post.authorRole === 'admin' || post.authorRole === 'guardian')
      return;
    const role = post.authorRole;
    const text = NOTIFICATION_TEXTS.newPost(post.authorName);
    const link = postLink(data.postId);

    let after: string | null = null;
    for (;;) {
      const recipients: string[] = await listNewPostAudience(deps.db, {
        authorId: post.authorId,
        role,
        after,
        limit: batchSize,
      });
      if (recipients.length === 0) return;
      after = recipients.at(-1)!;

      // One short transaction per batch (rows, unread counts, numbered events), published after.
      await deliverNotices(
        { db: deps.db, publisher: publisherFor(deps.bus) },
        recipients.map((recipientId) => ({
          userId: recipientId,
          actorId: post.authorId,
          kind: 'new_post' as const,
          text,
          link,
          sourceKey: `post.created:${data.eventId}:${recipientId}`,
        })),
      );
      if (recipients.length < batchSize) return;
    }
  };
}
