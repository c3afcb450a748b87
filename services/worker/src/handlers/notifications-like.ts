import type { Database } from '@touchline/db';
import { storeLikeNotice } from '@touchline/delivery';
import { findLikeNotificationTarget } from '@touchline/db/notifications';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { publisherFor } from './delivery';

/**
 * A like on a post, told to its owner. Likes on one post within one UTC clock hour share one row
 * (`group_key = like:<postId>:<hour>`): the first like creates it; each later one rewrites it to
 * name the newest liker and count the likes standing in that hour ('Ada and 4 others liked your
 * post'), marks it unread and dates it now, so it rises to the top.
 *
 * The row is recomputed from `post_likes`, not counted up per event, so a rerun (any event of the
 * group, in any order) finds nothing new and changes nothing. Unlikes never rewrite it: a tally
 * that shrank or names the same newest liker leaves the row alone. Skipped when the post is gone,
 * the like was taken back before this ran, the liker is the owner, either is inactive, or either
 * blocked the other.
 */
export function createLikeNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
  clock: () => Date;
}): JobHandler<'notifications.like'> {
  return async ({ data }) => {
    // The post, the like, both people's state and any block between them: one statement.
    const target = await findLikeNotificationTarget(deps.db, data.postId, data.likerId);
    if (!target?.likedAt || target.authorId === data.likerId || !target.partiesOk) return;

    const likedAt = target.likedAt;
    // The grouping rule (one row per post and hour) lives with the deliverer.
    await publisherFor(deps.bus).deliver(deps.db, (tx) =>
      storeLikeNotice(tx, {
        ownerId: target.authorId,
        postId: data.postId,
        sourceKey: `post.liked:${data.eventId}`,
        likedAt,
        now: deps.clock(),
      }),
    );
  };
}
