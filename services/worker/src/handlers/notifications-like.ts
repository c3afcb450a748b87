import type { Database, Transaction } from '@touchline/db';
import {
  countUnread,
  findLikeNotificationTarget,
  insertGroupedNotification,
  lockNotificationGroup,
  refreshGroupedNotification,
  tallyPostLikes,
  type NotificationRow,
} from '@touchline/db/notifications';
import { appendUserEvent } from '@touchline/db/platform';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import { NOTIFICATION_TEXTS, postLink, type StoredServerEvent } from '@touchline/shared';
import { notificationEventData, publishStored } from './notification-events';

const HOUR_MS = 60 * 60 * 1000;

/** The UTC clock hour a like falls in: its start, and the label used in the group key. */
export function likeHour(likedAt: Date) {
  const from = new Date(Math.floor(likedAt.getTime() / HOUR_MS) * HOUR_MS);
  return { from, to: new Date(from.getTime() + HOUR_MS), label: from.toISOString().slice(0, 13) };
}

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
  type Outcome = { ownerId: string; events: StoredServerEvent[] };

  async function fold(
    tx: Transaction,
    input: { ownerId: string; postId: string; sourceKey: string; likedAt: Date },
  ): Promise<Outcome | null> {
    const hour = likeHour(input.likedAt);
    const groupKey = `like:${input.postId}:${hour.label}`;
    const tallyNow = () =>
      tallyPostLikes(tx, { postId: input.postId, ownerId: input.ownerId, ...hour });
    let existing = await lockNotificationGroup(tx, input.ownerId, groupKey);
    if (existing?.sourceKey === input.sourceKey) return null; // this very event was folded in
    let tally = await tallyNow();
    if (!tally) return null;

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
        createdAt: deps.clock(),
      });
      if (!row) {
        // A concurrent event started the group (its insert made ours wait): fold into its row.
        existing = await lockNotificationGroup(tx, input.ownerId, groupKey);
        tally = await tallyNow();
        if (!tally) return null;
      }
    }
    if (existing) {
      const nothingNew =
        tally.total < existing.actorCount ||
        (tally.total === existing.actorCount && tally.likerId === existing.actorId);
      if (nothingNew) return null;
      row = await refreshGroupedNotification(tx, input.ownerId, existing.id, {
        actorId: tally.likerId,
        actorCount: tally.total,
        text: NOTIFICATION_TEXTS.like(tally.likerName, tally.total - 1),
        sourceKey: input.sourceKey,
        now: deps.clock(),
      });
    }
    if (!row) return null;

    // The event carries the unread count (unchanged when this row was unread already): clients
    // take the count from it, so no separate `notification_count` follows.
    const data = notificationEventData(row, await countUnread(tx, input.ownerId));
    const pushed = await appendUserEvent(tx, input.ownerId, 'notification', data);
    const events: StoredServerEvent[] = [{ type: 'notification', seq: pushed.seq, data }];
    return { ownerId: input.ownerId, events };
  }

  return async ({ data }) => {
    // The post, the like, both people's state and any block between them: one statement.
    const target = await findLikeNotificationTarget(deps.db, data.postId, data.likerId);
    if (!target?.likedAt || target.authorId === data.likerId || !target.partiesOk) return;

    const likedAt = target.likedAt;
    const outcome = await deps.db.transaction((tx) =>
      fold(tx, {
        ownerId: target.authorId,
        postId: data.postId,
        sourceKey: `post.liked:${data.eventId}`,
        likedAt,
      }),
    );
    if (outcome) await publishStored(deps.bus, outcome.ownerId, outcome.events);
  };
}
