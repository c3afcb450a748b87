import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/** What an administrator's removal of reported content reads and writes (posts' SQL). */

export type ModeratedPost = { id: string; authorId: string; removed: boolean };

/**
 * The post locked for a comment change or its removal (`for no key update`, as comment writes
 * lock it), whatever its visibility; null when it was deleted.
 */
export async function lockPostForModeration(
  executor: Executor,
  postId: string,
): Promise<ModeratedPost | null> {
  const result = await executor.execute(sql`
    select id, author_id as "authorId", (removed_at is not null) as removed
    from posts where id = ${postId}::uuid for no key update`);
  return rowsOf<ModeratedPost>(result)[0] ?? null;
}

/** Marks the post removed by an administrator (it then reads as gone); false when already. */
export async function markPostRemoved(executor: Executor, postId: string, at: Date) {
  const result = await executor.execute(sql`
    update posts set removed_at = ${at.toISOString()}::timestamptz
    where id = ${postId}::uuid and removed_at is null returning id`);
  return rowsOf<{ id: string }>(result).length > 0;
}

export type ModeratedComment = {
  id: string;
  postId: string;
  parentId: string | null;
  authorId: string;
};

/** A comment by id, whatever the visibility of its post; null when it was deleted. */
export async function findCommentForModeration(
  executor: Executor,
  commentId: string,
): Promise<ModeratedComment | null> {
  const result = await executor.execute(sql`
    select id, post_id as "postId", parent_id as "parentId", author_id as "authorId"
    from comments where id = ${commentId}::uuid`);
  return rowsOf<ModeratedComment>(result)[0] ?? null;
}
