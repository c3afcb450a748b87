import type { CommentView } from '@touchline/shared';
import { DEFAULT_AVATAR_URL, LIMITS } from '@touchline/shared';
import { createContext, use, useState } from 'react';
import { Link } from 'wouter';
import { UserAvatar } from '@/components/ui/user-avatar';
import { authorPath } from '@/config/paths';
import { fullTime, relativeTime } from '@/lib/relative-time';
import { CommentForm } from './comment-form';

/** What every comment of one thread can do, given once by the thread. */
export type ThreadActions = {
  viewerId: string | null;
  /** The viewer owns the post: every comment on it may be deleted. */
  postOwned: boolean;
  reply: (content: string, parent: string) => Promise<boolean>;
  askDelete: (comment: CommentView) => void;
  askReport: (comment: CommentView) => void;
};

export const ThreadContext = createContext<ThreadActions | null>(null);

/**
 * How far each level of replies steps in: less after the first levels, and on phones hardly at
 * all past depth 3, so a reply at depth 10 still has room for its text on a 390 px screen.
 */
function indentFor(level: number): string {
  if (level < 3) return 'ml-3 pl-2.5 sm:ml-4 sm:pl-4';
  if (level < 4) return 'pl-1.5 sm:ml-4 sm:pl-4';
  return 'pl-1.5 sm:ml-2.5 sm:pl-3';
}

/**
 * One comment and its replies (spec §2, §9): avatar (the default one when it has none), author
 * link, text, time, Reply opening an inline form. Replies nest under a guide line down to depth
 * 10; at that depth there is no Reply and nothing deeper is shown.
 */
export function CommentItem({ comment, level }: { comment: CommentView; level: number }) {
  const actions = use(ThreadContext);
  const [replying, setReplying] = useState(false);
  if (!actions) throw new Error('CommentItem is used outside a comment thread.');

  const own = actions.viewerId !== null && comment.user_id === actions.viewerId;
  const canDelete = own || actions.postOwned;
  const canReply = level < LIMITS.replyMaxDepth;
  const replies = level + 1 <= LIMITS.replyMaxDepth ? comment.replies : [];
  const small = level > 0;

  return (
    <li data-comment-id={comment.id} data-depth={level}>
      <div className={`flex items-start ${small ? 'gap-2' : 'gap-2.5'}`}>
        <Link
          href={authorPath(comment)}
          tabIndex={-1}
          aria-hidden="true"
          className="shrink-0 rounded-full"
        >
          <UserAvatar
            src={comment.profile_photo || DEFAULT_AVATAR_URL}
            className={small ? 'size-7' : 'size-8'}
          />
        </Link>
        <div className="min-w-0 flex-1">
          <div className="inline-block max-w-full rounded-2xl bg-slate-100 px-3.5 py-2">
            <Link
              href={authorPath(comment)}
              className="text-sm font-semibold text-slate-900 hover:underline"
            >
              {comment.user}
            </Link>
            <p className="text-sm leading-relaxed break-words whitespace-pre-line text-slate-800">
              {comment.content}
            </p>
          </div>
          <div className="mt-0.5 flex flex-wrap items-center gap-x-3 px-3 text-xs text-slate-500">
            <time dateTime={comment.created_at} title={fullTime(comment.created_at)}>
              {relativeTime(comment.created_at, 'short')}
            </time>
            {canReply ? (
              <button
                type="button"
                aria-expanded={replying}
                aria-label={`Reply to ${comment.user}`}
                onClick={() => setReplying((open) => !open)}
                className="py-1 font-semibold hover:text-slate-800"
              >
                Reply
              </button>
            ) : null}
            {canDelete ? (
              <button
                type="button"
                onClick={() => actions.askDelete(comment)}
                className="py-1 font-semibold hover:text-red-600"
              >
                Delete
              </button>
            ) : null}
            {own ? null : (
              <button
                type="button"
                onClick={() => actions.askReport(comment)}
                className="py-1 font-semibold hover:text-slate-800"
              >
                Report
              </button>
            )}
          </div>
        </div>
      </div>

      {replying ? (
        <div className={`mt-2 ${indentFor(level)}`}>
          <CommentForm
            placeholder="Write a reply..."
            sendLabel={`Send reply to ${comment.user}`}
            autoFocus
            onCancel={() => setReplying(false)}
            onSubmit={async (content) => {
              const saved = await actions.reply(content, comment.id);
              if (saved) setReplying(false);
              return saved;
            }}
          />
        </div>
      ) : null}

      {replies.length > 0 ? (
        <ul
          aria-label={`Replies to ${comment.user}`}
          className={`mt-2 space-y-3 border-l-2 border-slate-200 ${indentFor(level)}`}
        >
          {replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} level={level + 1} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
