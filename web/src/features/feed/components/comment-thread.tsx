import type { CommentView, PostView } from '@touchline/shared';
import { LIMITS, MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { ChevronDown, Lock } from 'lucide-react';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { notify, showNotice } from '@/lib/toast';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useMoreComments } from '../api/get-comments';
import { CommentForm } from './comment-form';
import type { ThreadActions } from './comment-item';
import { CommentItem, ThreadContext } from './comment-item';
import { ReportDialog } from '@/components/report-dialog';
import { DeleteDialog } from '@/components/ui/delete-dialog';

/**
 * A post's comment area (spec §2 'Comment thread', §4, §8): the comment box, three top-level
 * comments at first and three more per 'View More Comments', replies nested to depth 10. A post
 * carries the first comments of its thread; once those are shown, 'View More Comments' fetches
 * the next page from the server (`comments_next`) and shows three more. A new
 * top-level comment is appended and stays in view; a reply lands under its parent. Empty text is
 * refused with a toast and never sent.
 */
export function CommentThread({ post }: { post: PostView }) {
  const { user_id } = useSnapshot(session);
  const [visible, setVisible] = useState<number>(LIMITS.commentsInitial);
  const [added, setAdded] = useState<readonly string[]>([]);
  const [deleting, setDeleting] = useState<CommentView | null>(null);
  const [reporting, setReporting] = useState<CommentView | null>(null);
  const add = useAddComment();
  const remove = useDeleteComment();
  const more = useMoreComments();

  const submit = async (content: string, parent: string | null): Promise<boolean> => {
    const text = content.trim();
    if (text === '') {
      notify(400, parent ? MESSAGES.replyEmpty : MESSAGES.commentEmpty);
      return false;
    }
    try {
      const comment = await add.mutateAsync({ postId: post.id, content: text, parent });
      if (comment.parent === null) setAdded((ids) => [...ids, comment.id]);
      return true;
    } catch (error) {
      console.error('Could not add the comment', error);
      const status = error instanceof ApiError ? error.status : 500;
      notify(status, commentProblem(error));
      return false;
    }
  };

  const actions: ThreadActions = {
    viewerId: user_id,
    postOwned: post.is_own_post,
    reply: (content, parent) => submit(content, parent),
    askDelete: setDeleting,
    askReport: setReporting,
  };

  const top = post.comments;
  const shown = top.filter((comment, index) => index < visible || added.includes(comment.id));
  const hidden = top.length - shown.length;
  const next = post.comments_next;

  const showMore = () => {
    if (hidden > 0 || !next) {
      setVisible((count) => count + LIMITS.commentsStep);
      return;
    }
    more.mutate(
      { postId: post.id, after: next },
      {
        onSuccess: () => setVisible((count) => count + LIMITS.commentsStep),
        onError: (error) => {
          console.error('Could not load more comments', error);
          notify(error instanceof ApiError ? error.status : 500, commentProblem(error));
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(
      { postId: post.id, commentId: deleting.id },
      {
        onSuccess: () => showNotice(POST_MESSAGES.commentDeleted, 'success'),
        onError: (error) => {
          console.error('Could not delete the comment', error);
          const known = error instanceof ApiError && error.status < 500 && error.message;
          notify(
            error instanceof ApiError ? error.status : 500,
            known ? error.message : MESSAGES.serverErrorTryLater,
          );
        },
        onSettled: () => setDeleting(null),
      },
    );
  };

  return (
    <section aria-label="Comments" className="border-t border-slate-100 px-4 pt-3 pb-4 sm:px-5">
      {post.can_comment ? (
        <CommentForm
          placeholder="Write a comment..."
          sendLabel="Post comment"
          onSubmit={(content) => submit(content, null)}
        />
      ) : (
        <p className="flex items-center gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <Lock className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
          {POST_MESSAGES.cannotComment}
        </p>
      )}

      {top.length === 0 ? (
        <p className="mt-3 px-1 text-sm text-slate-500">
          {post.can_comment ? 'No comments yet. Start the conversation.' : 'No comments yet.'}
        </p>
      ) : (
        <ThreadContext value={actions}>
          <ul className="mt-4 space-y-4" aria-label="Comment list">
            {shown.map((comment) => (
              <CommentItem key={comment.id} comment={comment} level={0} />
            ))}
          </ul>
        </ThreadContext>
      )}

      {hidden > 0 || next ? (
        <button
          type="button"
          onClick={showMore}
          disabled={more.isPending}
          className="mt-3 inline-flex items-center gap-1 rounded-lg px-1 py-1 text-sm font-semibold text-slate-600 hover:text-slate-900"
        >
          View More Comments
          <ChevronDown className="size-4" aria-hidden="true" />
        </button>
      ) : null}

      <DeleteDialog
        open={deleting !== null}
        title="Delete this comment?"
        description="The comment and its replies will be removed. This cannot be undone."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
      {reporting ? (
        <ReportDialog target="comment" id={reporting.id} onClose={() => setReporting(null)} />
      ) : null}
    </section>
  );
}

/**
 * Spec §8: a post that is gone (404) says so; an answer with a reason of its own (an empty text,
 * a post only friends may comment on) shows it; anything else is a server error.
 */
function commentProblem(error: unknown): string {
  if (!(error instanceof ApiError) || error.status >= 500) return MESSAGES.serverErrorTryLater;
  if (error.status === 404) return MESSAGES.postGone;
  if ((error.status === 400 || error.status === 403) && error.message) return error.message;
  return MESSAGES.serverErrorTryLater;
}
