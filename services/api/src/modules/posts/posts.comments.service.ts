import type { Database } from '@touchline/db';
import { appendEvent } from '@touchline/db/outbox';
import {
  adjustCommentCounts,
  countCommentSubtree,
  deleteComment,
  findCommentAuthor,
  findCommentOnVisiblePost,
  findVisiblePost,
  insertComment,
  isInCircleOf,
  readCommentPage,
} from '@touchline/db/posts';
import { LIMITS, type CommentPage, type CommentView } from '@touchline/shared';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { postViewerOf } from './posts.rules';
import type { PostViews } from './posts.views';

/**
 * Comments and replies (supplement §4). Every change first locks its post's row, so comments
 * added and deleted at once on one post keep `comments_count` (top level) and `comments_total`
 * (all) exact. Replies nest to `LIMITS.replyMaxDepth` (10): a reply to a comment at that depth
 * is refused. A post carries the first `LIMITS.commentsPerPage` comments of its thread; `page`
 * reads the rest.
 */
export function createCommentsService(deps: {
  db: Database;
  clock: () => Date;
  views: PostViews;
  /** Forgets remembered posts on every instance (decision 70); after the commit. */
  forgetPosts?: (postIds: string[]) => Promise<void>;
}) {
  const { db, clock, views } = deps;
  const forgetPosts = deps.forgetPosts ?? (async () => undefined);

  return {
    /** `content` is already trimmed and non-blank (the route answers the blank messages). */
    async add(
      viewer: Viewer,
      postId: string,
      input: { content: string; parent: string | null },
    ): Promise<CommentView> {
      const { adultCutoff } = postViewerOf(viewer, clock());
      const comment = await db.transaction(async (tx) => {
        const post = await findVisiblePost(tx, {
          postId,
          viewerId: viewer.userId,
          adultCutoff,
          lock: 'no key update',
        });
        if (!post) throw postsErrors.notFound();
        // A minor's post takes comments from their circle only.
        const mayComment =
          !post.authorIsMinor ||
          post.authorId === viewer.userId ||
          viewer.role === 'admin' ||
          (await isInCircleOf(tx, post.authorId, viewer.userId));
        if (!mayComment) throw postsErrors.cannotComment();
        let depth = 0;
        if (input.parent) {
          const parent = await findCommentOnVisiblePost(tx, {
            commentId: input.parent,
            viewerId: viewer.userId,
            postId,
          });
          if (!parent || parent.authorHidden) throw postsErrors.parentNotFound();
          // The depth cap is the server's rule, not only the browser's (issue 10 item 5).
          if (parent.depth >= LIMITS.replyMaxDepth) throw postsErrors.replyTooDeep();
          depth = parent.depth + 1;
        }
        const row = await insertComment(tx, {
          postId,
          authorId: viewer.userId,
          parentId: input.parent,
          depth,
          content: input.content,
        });
        await adjustCommentCounts(tx, postId, { topLevel: input.parent ? 0 : 1, total: 1 });
        await appendEvent(tx, {
          type: 'comment.created',
          payload: { commentId: row.id, postId, authorId: viewer.userId },
        });
        return row;
      });
      await forgetPosts([postId]);
      const author = await findCommentAuthor(db, viewer.userId);
      if (!author) throw postsErrors.notFound();
      return views.comment(
        {
          id: comment.id,
          author_id: comment.authorId,
          content: comment.content,
          depth: comment.depth,
          parent_id: comment.parentId,
          created_at: comment.createdAt,
        },
        author,
      );
    },

    /**
     * The next `limit` comments of a post's thread after the cursor `after` (a comment's key, as
     * `comments_next` and `next` answer it), with the post's visibility: 404 when it is gone.
     */
    async page(
      viewer: Viewer,
      postId: string,
      input: { after: string | null; limit: number },
    ): Promise<CommentPage> {
      // The post's own read rule first (blocks, removal, a minor's circle), as `GET /post` has it.
      const { adultCutoff } = postViewerOf(viewer, clock());
      const post = await findVisiblePost(db, { postId, viewerId: viewer.userId, adultCutoff });
      if (!post) throw postsErrors.notFound();
      const rows = await readCommentPage(db, {
        postId,
        viewerId: viewer.userId,
        after: input.after,
        limit: input.limit + 1,
      });
      if (!rows) throw postsErrors.notFound();
      return views.commentPage(rows, input.limit);
    },

    /**
     * The comment's author or the post's owner deletes a comment with its replies. The post's
     * owner may delete comments of people they blocked; others see those as gone.
     */
    async remove(viewer: Viewer, commentId: string) {
      const { adultCutoff } = postViewerOf(viewer, clock());
      const postId = await db.transaction(async (tx) => {
        const found = await findCommentOnVisiblePost(tx, { commentId, viewerId: viewer.userId });
        if (!found) throw postsErrors.commentNotFound();
        const post = await findVisiblePost(tx, {
          postId: found.postId,
          viewerId: viewer.userId,
          adultCutoff,
          lock: 'no key update',
        });
        // Read again under the post's lock: a reply may have gone with a deleted ancestor.
        const comment =
          post &&
          (await findCommentOnVisiblePost(tx, {
            commentId,
            viewerId: viewer.userId,
            postId: post.id,
          }));
        if (!post || !comment) throw postsErrors.commentNotFound();
        const isOwner = post.authorId === viewer.userId;
        if (!isOwner && comment.authorId !== viewer.userId) {
          throw comment.authorHidden
            ? postsErrors.commentNotFound()
            : postsErrors.cannotDeleteComment();
        }
        const removed = await countCommentSubtree(tx, commentId);
        await deleteComment(tx, commentId);
        await adjustCommentCounts(tx, post.id, {
          topLevel: comment.parentId ? 0 : -1,
          total: -removed,
        });
        return post.id;
      });
      await forgetPosts([postId]);
    },
  };
}

export type CommentsService = ReturnType<typeof createCommentsService>;
