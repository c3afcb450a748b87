import type { Database } from '@touchline/db';
import {
  findCommentOnVisiblePost,
  findVisiblePost,
  insertContentReport,
  type NewContentReport,
} from '@touchline/db/posts';
import type { z } from 'zod';
import type { reportSchema } from '@touchline/shared';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { postViewerOf } from './posts.rules';

type ReportInput = z.output<typeof reportSchema>;

/**
 * Reports of posts and comments for the administrators: one per reporter and target (a repeat
 * is accepted and changes nothing), with the reported text and its author kept, so the report
 * survives the target's deletion.
 */
export function createReportsService(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;

  async function target(viewer: Viewer, input: ReportInput) {
    if (input.target === 'post') {
      const post = await findVisiblePost(db, {
        postId: input.id,
        viewerId: viewer.userId,
        adultCutoff: postViewerOf(viewer, clock()).adultCutoff,
      });
      if (!post) throw postsErrors.notFound();
      if (post.authorId === viewer.userId) throw postsErrors.reportOwn('post');
      return { postId: post.id, targetAuthorId: post.authorId, snapshot: post.content };
    }
    const comment = await findCommentOnVisiblePost(db, {
      commentId: input.id,
      viewerId: viewer.userId,
    });
    if (!comment || comment.authorHidden) throw postsErrors.commentNotFound();
    if (comment.authorId === viewer.userId) throw postsErrors.reportOwn('comment');
    return { postId: comment.postId, targetAuthorId: comment.authorId, snapshot: comment.content };
  }

  return {
    /** `created` is false when the viewer had already reported this target. */
    async report(viewer: Viewer, input: ReportInput) {
      const values: NewContentReport = {
        reporterId: viewer.userId,
        targetKind: input.target,
        targetId: input.id,
        reason: input.reason,
        details: input.details,
        ...(await target(viewer, input)),
      };
      return { created: await insertContentReport(db, values) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
