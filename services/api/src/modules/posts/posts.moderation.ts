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
export function createContentModeration(deps: { clock: () => Date }) {
  return {
    async remove(tx: Executor, target: ModeratedTarget): Promise<{ removed: boolean }> {
      if (target.kind === 'post') {
        const post = await lockPostForModeration(tx, target.id);
        if (!post || post.removed) return { removed: false };
        const removed = await markPostRemoved(tx, post.id, deps.clock());
        // Out of every home timeline and the popular ranking too (decision 45).
        if (removed) await dropPostFromTimelines(tx, post.id);
        return { removed };
      }
      const found = await findCommentForModeration(tx, target.id);
      if (!found) return { removed: false };
      const post = await lockPostForModeration(tx, found.postId);
      // Read again under the post's lock: the comment may have gone with a deleted ancestor.
      const comment = post && (await findCommentForModeration(tx, target.id));
      if (!post || !comment) return { removed: false };
      const total = await countCommentSubtree(tx, comment.id);
      if (!(await deleteComment(tx, comment.id))) return { removed: false };
      await adjustCommentCounts(tx, post.id, {
        topLevel: comment.parentId ? 0 : -1,
        total: -total,
      });
      return { removed: true };
    },
  };
}

export type ContentModeration = ReturnType<typeof createContentModeration>;
