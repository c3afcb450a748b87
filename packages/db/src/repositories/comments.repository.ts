import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { comments, posts } from '../schema';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import {
  commentThreadSql,
  notBlockedSql,
  visiblePostSql,
  type CommentJson,
} from './posts.repository';

export type CommentRow = typeof comments.$inferSelect;

export type VisibleComment = Pick<
  CommentRow,
  'id' | 'postId' | 'authorId' | 'parentId' | 'depth' | 'content'
> & {
  /** The author is inactive or blocked either way: the viewer does not see this comment. */
  authorHidden: boolean;
};

/**
 * A comment on a post the viewer can still see (in `postId` when given), or null. Whether its
 * author is hidden from the viewer is answered, not filtered: the post's owner may still delete
 * a comment of someone they blocked.
 */
export async function findCommentOnVisiblePost(
  executor: Executor,
  input: { commentId: string; viewerId: string; postId?: string },
): Promise<VisibleComment | null> {
  const inPost = input.postId ? sql`and c.post_id = ${input.postId}` : sql``;
  const result = await executor.execute(sql`
    select c.id, c.post_id as "postId", c.author_id as "authorId", c.parent_id as "parentId",
      c.depth, c.content,
      not (cu.reachable and ${notBlockedSql(sql`c.author_id`, input.viewerId)}) as "authorHidden"
    from comments c
    join users cu on cu.id = c.author_id
    join posts p on p.id = c.post_id
    join users au on au.id = p.author_id
    where c.id = ${input.commentId} ${inPost} and ${visiblePostSql(input.viewerId)}`);
  return rowsOf<VisibleComment>(result)[0] ?? null;
}

/**
 * A page of a post's comments in thread order after the key `after` (`commentThreadSql`), in one
 * statement with the post's own visibility check: null when the post is gone for the viewer.
 */
export async function readCommentPage(
  executor: Executor,
  input: { postId: string; viewerId: string; after: string | null; limit: number },
): Promise<CommentJson[] | null> {
  const result = await executor.execute(sql`
    select ${commentThreadSql(sql`p.id`, input.viewerId, input)} as comments
    from posts p
    join users au on au.id = p.author_id
    where p.id = ${input.postId} and ${visiblePostSql(input.viewerId)}`);
  return rowsOf<{ comments: CommentJson[] }>(result)[0]?.comments ?? null;
}

export async function insertComment(
  executor: Executor,
  values: {
    postId: string;
    authorId: string;
    parentId: string | null;
    depth: number;
    content: string;
    createdAt?: Date;
  },
): Promise<CommentRow> {
  const [row] = await executor.insert(comments).values(values).returning();
  return row!;
}

/** The comment's author as a comment shows them: name, role and photo. */
export async function findCommentAuthor(executor: Executor, userId: string) {
  const result = await executor.execute(sql`
    select u.username, u.role, ${mediaJson('m')} as photo
    from users u left join media_objects m on m.id = u.profile_photo_media_id
    where u.id = ${userId}`);
  return (
    rowsOf<{ username: string; role: 'player' | 'academy' | 'admin'; photo: MediaRef | null }>(
      result,
    )[0] ?? null
  );
}

/** How many comments deleting this one removes: itself and every reply below it. */
export async function countCommentSubtree(executor: Executor, commentId: string) {
  const result = await executor.execute(sql`
    with recursive subtree as (
      select id from comments where id = ${commentId}
      union all
      select c.id from comments c join subtree s on c.parent_id = s.id
    )
    select count(*)::int as n from subtree`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/** Deletes the comment; its replies go with it (the foreign key cascades). */
export async function deleteComment(executor: Executor, commentId: string) {
  const rows = await executor
    .delete(comments)
    .where(eq(comments.id, commentId))
    .returning({ id: comments.id });
  return rows.length > 0;
}

/** Moves the post's counters: top-level comments shown, and every comment (the score's input). */
export async function adjustCommentCounts(
  executor: Executor,
  postId: string,
  delta: { topLevel: number; total: number },
) {
  await executor
    .update(posts)
    .set({
      commentsCount: sql`greatest(${posts.commentsCount} + ${delta.topLevel}, 0)`,
      commentsTotal: sql`greatest(${posts.commentsTotal} + ${delta.total}, 0)`,
    })
    .where(eq(posts.id, postId));
}
