import { and, asc, desc, eq, gt, gte, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import {
  blocks,
  comments,
  follows,
  friendships,
  notifications,
  postLikes,
  posts,
  users,
} from '../schema';

// What the post notification jobs (likes, comments, new posts) read. A post that was deleted or
// removed by an administrator reads as gone (null) everywhere here.

/** No block between the user in `userColumn` and `otherId`, either way (for a WHERE clause). */
function notBlockedWith(userColumn: typeof users.id | typeof postLikes.userId, otherId: string) {
  return sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${userColumn} and ${blocks.blockedId} = ${otherId}) or (${blocks.blockerId} = ${otherId} and ${blocks.blockedId} = ${userColumn}))`;
}

/** A live post's author and, when it still stands, the user's like on it (null: not liked). */
export async function findPostLikeForNotification(
  executor: Executor,
  postId: string,
  likerId: string,
) {
  const [row] = await executor
    .select({ authorId: posts.authorId, likedAt: postLikes.createdAt })
    .from(posts)
    .leftJoin(postLikes, and(eq(postLikes.postId, posts.id), eq(postLikes.userId, likerId)))
    .where(and(eq(posts.id, postId), sql`${posts.removedAt} is null`));
  return row ?? null;
}

/**
 * What a like notification needs before it folds, in one statement: the live post's author, the
 * like when it still stands (null: taken back) and whether both people are active with no block
 * between them (`partiesOk`). Null when the post is gone.
 */
export async function findLikeNotificationTarget(
  executor: Executor,
  postId: string,
  likerId: string,
) {
  const owner = alias(users, 'owner');
  const liker = alias(users, 'liker');
  const [row] = await executor
    .select({
      authorId: posts.authorId,
      likedAt: postLikes.createdAt,
      partiesOk: sql<boolean>`coalesce(${liker.reachable} and ${owner.reachable} and not exists (
        select 1 from ${blocks}
        where (${blocks.blockerId} = ${liker.id} and ${blocks.blockedId} = ${owner.id})
           or (${blocks.blockerId} = ${owner.id} and ${blocks.blockedId} = ${liker.id})), false)`,
    })
    .from(posts)
    .innerJoin(owner, eq(owner.id, posts.authorId))
    .leftJoin(postLikes, and(eq(postLikes.postId, posts.id), eq(postLikes.userId, likerId)))
    .leftJoin(liker, eq(liker.id, likerId))
    .where(and(eq(posts.id, postId), sql`${posts.removedAt} is null`));
  return row ?? null;
}

/**
 * The likes standing on a post within [from, to) by active users other than the owner who have
 * no block with the owner either way: how many, and the newest liker (the name a grouped like
 * notification shows). Null when there are none.
 */
export async function tallyPostLikes(
  executor: Executor,
  input: { postId: string; ownerId: string; from: Date; to: Date },
) {
  const [row] = await executor
    .select({
      likerId: postLikes.userId,
      likerName: users.username,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(postLikes)
    .innerJoin(users, eq(users.id, postLikes.userId))
    .where(
      and(
        eq(postLikes.postId, input.postId),
        gte(postLikes.createdAt, input.from),
        lt(postLikes.createdAt, input.to),
        ne(postLikes.userId, input.ownerId),
        eq(users.reachable, true),
        notBlockedWith(postLikes.userId, input.ownerId),
      ),
    )
    .orderBy(desc(postLikes.createdAt), desc(postLikes.userId))
    .limit(1);
  return row ?? null;
}

const parents = alias(comments, 'parent_comment');

/** A comment on a live post: its author, the post's author and the replied comment's author. */
export async function findCommentForNotification(executor: Executor, commentId: string) {
  const [row] = await executor
    .select({
      id: comments.id,
      postId: comments.postId,
      authorId: comments.authorId,
      postAuthorId: posts.authorId,
      parentAuthorId: parents.authorId,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .leftJoin(parents, eq(parents.id, comments.parentId))
    .where(and(eq(comments.id, commentId), sql`${posts.removedAt} is null`))
    .limit(1);
  return row ?? null;
}

/** A live post with its author's name, role and state, and when it was made. */
export async function findPostAuthorForNotification(executor: Executor, postId: string) {
  const [row] = await executor
    .select({
      authorId: posts.authorId,
      authorName: users.username,
      authorRole: users.role,
      authorActive: users.reachable,
      createdAt: posts.createdAt,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, postId), sql`${posts.removedAt} is null`));
  return row ?? null;
}

/**
 * Who hears of an author's new post or trial, one page after `after` (ascending ids): a player's
 * friends or an academy's followers, active and without a block with the author either way. With
 * each, what a preview of the notice needs (decision 60): their unread count now, and whether the
 * notice (`sourceKeyPrefix` + their id) is stored already, as when a job runs again after a crash.
 */
export async function listNoticeAudience(
  executor: Executor,
  input: {
    authorId: string;
    role: 'player' | 'academy';
    after: string | null;
    limit: number;
    sourceKeyPrefix: string;
  },
): Promise<{ userId: string; unread: number; stored: boolean }[]> {
  const [link, recipient, ownerColumn] =
    input.role === 'player'
      ? [friendships, friendships.friendId, friendships.userId]
      : [follows, follows.followerId, follows.academyId];
  const rows = await executor
    .select({
      userId: recipient,
      unread: sql<number>`(select count(*) from ${notifications} n where n.user_id = ${recipient} and n.read_at is null)::int`,
      stored: sql<boolean>`exists (select 1 from ${notifications} n where n.source_key = ${input.sourceKeyPrefix} || ${recipient}::text)`,
    })
    .from(link)
    .innerJoin(users, eq(users.id, recipient))
    .where(
      and(
        eq(ownerColumn, input.authorId),
        eq(users.reachable, true),
        notBlockedWith(users.id, input.authorId),
        input.after ? gt(recipient, input.after) : undefined,
      ),
    )
    .orderBy(asc(recipient))
    .limit(input.limit);
  return rows.map((row) => ({ ...row, unread: Number(row.unread), stored: Boolean(row.stored) }));
}
