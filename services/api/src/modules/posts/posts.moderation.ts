import type { Executor } from '@touchline/db';
import {
  adjustCommentCounts,
  countCommentSubtree,
  deleteComment,
  dropPostFromTimelines,
  findCommentForModeration,
  lockPostForModeration,
  markPostRemoved,
} from '@touchline/db/posts';

export type ModeratedTarget = { kind: 'post' | 'comment'; id: string };

/**
 * An administrator's removal of reported content, run inside the caller's transaction (the admin
 * module resolves the report and writes its audit record in the same one). A post is marked
 * removed (`removed_at`: it reads as gone everywhere, its row and files are kept); a comment is
 * deleted with its replies and the post's counters follow, exactly as its author's delete.
 * A removed post also leaves every home timeline and the popular ranking (a deleted one cascades).
 * `removed` is false when the target was already gone (deleted by its author, or removed).
 */
export function createContentModeration(deps: {
  clock: () => Date;
  /** Forgets remembered posts on every instance (decision 70); after the commit. */
  forgetPosts?: (postIds: string[]) => Promise<void>;
}) {
  const forgetPosts = deps.forgetPosts ?? (async () => undefined);
  const none = { removed: false, finish: async () => undefined };
  return {
    /** `finish` runs after the caller's commit: the post is forgotten on every instance. */
    async remove(
      tx: Executor,
      target: ModeratedTarget,
    ): Promise<{ removed: boolean; finish: () => Promise<void> }> {
      if (target.kind === 'post') {
        const post = await lockPostForModeration(tx, target.id);
        if (!post || post.removed) return none;
        const removed = await markPostRemoved(tx, post.id, deps.clock());
        // Out of every home timeline and the popular ranking too (decision 45).
        if (removed) await dropPostFromTimelines(tx, post.id);
        return { removed, finish: () => forgetPosts([post.id]) };
      }
      const found = await findCommentForModeration(tx, target.id);
      if (!found) return none;
      const post = await lockPostForModeration(tx, found.postId);
      // Read again under the post's lock: the comment may have gone with a deleted ancestor.
      const comment = post && (await findCommentForModeration(tx, target.id));
      if (!post || !comment) return none;
      const total = await countCommentSubtree(tx, comment.id);
      if (!(await deleteComment(tx, comment.id))) return none;
      await adjustCommentCounts(tx, post.id, {
        topLevel: comment.parentId ? 0 : -1,
        total: -total,
      });
      return { removed: true, finish: () => forgetPosts([post.id]) };
    },
  };
}

export type ContentModeration = ReturnType<typeof createContentModeration>;
