import type { Database } from '@touchline/db';
import { findPostAuthorForNotification } from '@touchline/db/notifications';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, postLink } from '@touchline/shared';
import { tellAudience } from './audience-notices';
import { publisherFor } from './delivery';

/**
 * A new post, told to a player author's friends or an academy author's followers (active, no
 * block either way): '<name> added a new post', previewed to their open tabs first and stored a
 * batch at a time (`tellAudience`). One row per recipient and source event
 * (`post.created:<eventId>:<id>`), so a rerun after a crash tells only who was not told.
 */
export function createNewPostNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  batchSize?: number;
}): JobHandler<'notifications.new_post'> {
  return async ({ data }) => {
    const post = await findPostAuthorForNotification(deps.db, data.postId);
    // Guardians do not post (supplement §14); administrators' posts tell nobody.
    if (!post?.authorActive || post.authorRole === 'admin' || post.authorRole === 'guardian')
      return;
    await tellAudience(
      { db: deps.db, bus: deps.bus, publisher: publisherFor(deps.bus) },
      {
        author: { id: post.authorId, role: post.authorRole },
        notice: {
          kind: 'new_post',
          text: NOTIFICATION_TEXTS.newPost(post.authorName),
          link: postLink(data.postId),
        },
        happenedAt: post.createdAt,
        sourceKeyPrefix: `post.created:${data.eventId}:`,
        batchSize: deps.batchSize,
      },
    );
  };
}
