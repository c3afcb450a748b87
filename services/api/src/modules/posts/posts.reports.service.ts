import type { Database } from '@touchline/db';
import { findMessage, threadByName } from '@touchline/db/chat';
import {
  chatReportContext,
  findCommentOnVisiblePost,
  findVisiblePost,
  insertContentReport,
  type NewContentReport,
} from '@touchline/db/posts';
import type { z } from 'zod';
import { chatPartnerOf, type reportSchema } from '@touchline/shared';
import { postsErrors } from './posts.errors';
import type { Viewer } from '../../lib/auth-context';
import { postViewerOf } from './posts.rules';

type ReportInput = z.output<typeof reportSchema>;
type Target = Pick<
  NewContentReport,
  'targetId' | 'postId' | 'threadName' | 'targetAuthorId' | 'snapshot' | 'context'
>;

/** Messages kept on each side of a reported message (a conversation keeps its last 2 × this). */
export const REPORT_CONTEXT_EACH_SIDE = 10;

/**
 * Reports for the administrators: posts, comments, chat messages and whole conversations
 * (supplement §13). One per reporter and target (a repeat is accepted and changes nothing), with
 * the reported text and its author kept, and for chat the surrounding messages (senders' names
 * and times), so the report survives the target's deletion. Only a member of the conversation
 * reports a message or the conversation; anyone else reads 404 and nothing is written.
 */
export function createReportsService(deps: { db: Database; clock: () => Date }) {
  const { db, clock } = deps;

  async function postTarget(viewer: Viewer, id: string): Promise<Target> {
    const post = await findVisiblePost(db, {
      postId: id,
      viewerId: viewer.userId,
      adultCutoff: postViewerOf(viewer, clock()).adultCutoff,
    });
    if (!post) throw postsErrors.notFound();
    if (post.authorId === viewer.userId) throw postsErrors.reportOwn('post');
    return {
      targetId: post.id,
      postId: post.id,
      targetAuthorId: post.authorId,
      snapshot: post.content,
    };
  }

  async function commentTarget(viewer: Viewer, id: string): Promise<Target> {
    const comment = await findCommentOnVisiblePost(db, { commentId: id, viewerId: viewer.userId });
    if (!comment || comment.authorHidden) throw postsErrors.commentNotFound();
    if (comment.authorId === viewer.userId) throw postsErrors.reportOwn('comment');
    return {
      targetId: id,
      postId: comment.postId,
      targetAuthorId: comment.authorId,
      snapshot: comment.content,
    };
  }

  /** The partner's message in one of the caller's conversations (scoped by membership). */
  async function messageTarget(viewer: Viewer, id: string): Promise<Target> {
    const found = await findMessage(db, id, viewer.userId);
    if (!found || found.message.deletedAt) throw postsErrors.messageNotFound();
    if (found.message.senderId === viewer.userId) throw postsErrors.reportOwn('message');
    return {
      targetId: found.message.id,
      postId: null,
      threadName: found.thread.name,
      targetAuthorId: found.message.senderId,
      snapshot: found.message.text,
      context: await chatReportContext(db, {
        threadId: found.thread.id,
        around: found.message.id,
        each: REPORT_CONTEXT_EACH_SIDE,
      }),
    };
  }

  /** One of the caller's conversations, by its thread name; the other member is reported. */
  async function conversationTarget(viewer: Viewer, threadName: string): Promise<Target> {
    const partnerId = chatPartnerOf(threadName, viewer.userId);
    const thread = partnerId ? await threadByName(db, threadName, viewer.userId) : null;
    if (!partnerId || !thread) throw postsErrors.conversationNotFound();
    return {
      targetId: thread.id,
      postId: null,
      threadName: thread.name,
      targetAuthorId: partnerId,
      snapshot: '',
      context: await chatReportContext(db, {
        threadId: thread.id,
        around: null,
        each: REPORT_CONTEXT_EACH_SIDE,
      }),
    };
  }

  function target(viewer: Viewer, input: ReportInput): Promise<Target> {
    switch (input.target) {
      case 'post':
        return postTarget(viewer, input.id);
      case 'comment':
        return commentTarget(viewer, input.id);
      case 'message':
        return messageTarget(viewer, input.id);
      case 'conversation':
        return conversationTarget(viewer, input.id);
    }
  }

  return {
    /** `created` is false when the viewer had already reported this target. */
    async report(viewer: Viewer, input: ReportInput) {
      const values: NewContentReport = {
        reporterId: viewer.userId,
        targetKind: input.target,
        reason: input.reason,
        details: input.details,
        ...(await target(viewer, input)),
      };
      return { created: await insertContentReport(db, values) };
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
