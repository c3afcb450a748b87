import type { PostView } from '@touchline/shared';
import { DEFAULT_AVATAR_URL, MESSAGES } from '@touchline/shared';
import { Flag, Heart, Link2, MessageCircle, Pencil, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { useAwaitingConsent } from '@/api/consent';
import { accentFor } from '@/components/layout/role-accent';
import { WaitingForGuardian } from '@/components/waiting-for-guardian';
import { PostPhoto } from '@/components/ui/post-photo';
import { UserAvatar } from '@/components/ui/user-avatar';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { useDeletePost } from '../api/delete-post';
import { useLikePost } from '../api/like-post';
import { copyText } from '../lib/copy-text';
import { authorPath, postPath, postUrl } from '@/config/paths';
import { fullTime, relativeTime } from '@/lib/relative-time';
import type { MenuAction } from './action-menu';
import { ActionMenu } from './action-menu';
import { CommentThread } from './comment-thread';
import { PostEditor } from './post-editor';
import { ReportDialog } from '@/components/report-dialog';
import { VideoPlayer } from './video-player';
import { DeleteDialog } from '@/components/ui/delete-dialog';

type PostCardProps = {
  post: PostView;
  /** The comment area starts open (the post's own page). */
  commentsOpen?: boolean;
  /** After the owner deleted it (the post's own page leaves). */
  onDeleted?: () => void;
  /** The first post on screen: its picture loads at once (it is the page's largest paint). */
  priority?: boolean;
};

/**
 * One post (spec §2 'Home feed'): author, time (the detail link), text, image or video, like and
 * comment buttons, the comment area that toggles open, and the menu — Edit post and delete post
 * for the owner, copy link for everyone, Report post for others.
 */
export function PostCard({
  post,
  commentsOpen = false,
  onDeleted,
  priority = false,
}: PostCardProps) {
  const { role } = useSnapshot(session);
  const accent = accentFor(role);
  const [showComments, setShowComments] = useState(commentsOpen);
  const [dialog, setDialog] = useState<'edit' | 'delete' | 'report' | null>(null);
  const like = useLikePost();
  const waiting = useAwaitingConsent();
  const remove = useDeletePost();
  const headingId = useId();
  const commentsId = useId();

  const copyLink = () =>
    copyText(postUrl(post.id)).then(
      () => showNotice(MESSAGES.postLinkCopied, 'success'),
      (error: unknown) => console.error('Could not copy the link', error),
    );

  const actions: MenuAction[] = [
    ...(post.is_own_post
      ? [
          {
            label: 'Edit post',
            icon: <Pencil className="size-4" />,
            onSelect: () => setDialog('edit'),
          },
          {
            label: 'delete post',
            icon: <Trash2 className="size-4" />,
            onSelect: () => setDialog('delete'),
            danger: true,
          },
        ]
      : []),
    { label: 'copy link', icon: <Link2 className="size-4" />, onSelect: () => void copyLink() },
    ...(post.is_own_post
      ? []
      : [
          {
            label: 'Report post',
            icon: <Flag className="size-4" />,
            onSelect: () => setDialog('report'),
          },
        ]),
  ];

  const confirmDelete = () =>
    remove.mutate(post.id, {
      onSuccess: () => {
        showNotice(MESSAGES.postDeleted, 'success');
        onDeleted?.();
      },
      onSettled: () => setDialog(null),
    });

  const liked = post.is_liked_by_current_user;
  const likes = post.likes_count;
  const comments = post.comments_count;

  return (
    <article className="card" aria-labelledby={headingId} data-post-id={post.id}>
      <header className="flex items-start gap-3 px-4 pt-4 sm:px-5">
        <Link
          href={authorPath(post)}
          className="shrink-0 rounded-full"
          tabIndex={-1}
          aria-hidden="true"
        >
          <UserAvatar src={post.profile_photo || DEFAULT_AVATAR_URL} className="size-11" />
        </Link>
        <div className="min-w-0 flex-1">
          <h3
            id={headingId}
            className="flex min-w-0 items-center gap-2 text-sm font-semibold text-slate-900"
          >
            <Link
              href={authorPath(post)}
              className={`truncate rounded hover:underline ${accent.hoverText}`}
            >
              {post.user}
            </Link>
            {post.is_academy ? (
              <span className="shrink-0 rounded-full bg-academy-50 px-2 py-0.5 text-[11px] font-semibold text-academy-700 ring-1 ring-academy-100">
                Academy
              </span>
            ) : null}
          </h3>
          {post.bio ? <p className="truncate text-xs text-slate-500">{post.bio}</p> : null}
          <p className="mt-0.5 text-xs text-slate-500">
            <Link
              href={postPath(post.id)}
              className="rounded hover:text-slate-700 hover:underline"
              title={fullTime(post.created_at)}
            >
              <time dateTime={post.created_at}>{relativeTime(post.created_at, 'short')}</time>
            </Link>
            {post.edited ? <span className="ml-1.5 text-slate-500">(edited)</span> : null}
          </p>
        </div>
        <ActionMenu label="Post options" actions={actions} />
      </header>

      {post.content ? (
        <p className="px-4 pt-3 text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800 sm:px-5">
          {post.content}
        </p>
      ) : null}

      {post.image ? (
        <div className="mt-3 border-y border-slate-100 bg-slate-100">
          <PostPhoto src={post.image} alt={`Photo posted by ${post.user}`} priority={priority} />
        </div>
      ) : null}
      {post.video ? (
        <div className="mt-3">
          <VideoPlayer
            src={post.video}
            poster={post.video_poster}
            label={`Video posted by ${post.user}`}
          />
        </div>
      ) : null}

      {waiting ? (
        <div className="mx-2 mt-3 border-t border-slate-100 py-2 sm:mx-3">
          <WaitingForGuardian action="like and comment" />
        </div>
      ) : (
        <div className="mx-2 mt-3 flex gap-1 border-t border-slate-100 py-1 sm:mx-3">
          <button
            type="button"
            aria-pressed={liked}
            onClick={() => {
              if (!like.isPending) like.mutate(post);
            }}
            className={`flex flex-1 items-center justify-center gap-2 rounded-lg py-2 text-sm font-semibold transition-colors hover:bg-slate-50 ${
              liked ? accent.activeText : 'text-slate-600'
            }`}
          >
            <Heart
              className={`size-5 transition-transform ${liked ? 'scale-110' : ''}`}
              fill={liked ? 'currentColor' : 'none'}
              aria-hidden="true"
            />
            Like
            <Count value={likes} testId="like-count" />
          </button>
          <button
            type="button"
            aria-expanded={showComments}
            aria-controls={commentsId}
            onClick={() => setShowComments((open) => !open)}
            className={`flex flex-1 items-center justify-center gap-2 rounded-lg py-2 text-sm font-semibold transition-colors hover:bg-slate-50 ${
              showComments ? accent.activeText : 'text-slate-600'
            }`}
          >
            <MessageCircle className="size-5" aria-hidden="true" />
            Comment
            <Count value={comments} testId="comment-count" />
          </button>
        </div>
      )}

      <div id={commentsId} hidden={!showComments}>
        {showComments && !waiting ? <CommentThread post={post} /> : null}
      </div>

      {dialog === 'edit' ? <PostEditor open post={post} onClose={() => setDialog(null)} /> : null}
      <DeleteDialog
        open={dialog === 'delete'}
        title="Delete this post?"
        description="It will be removed from Touchline for everyone, with its likes and comments. This cannot be undone."
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDialog(null)}
      />
      {dialog === 'report' ? (
        <ReportDialog target="post" id={post.id} onClose={() => setDialog(null)} />
      ) : null}
    </article>
  );
}

function Count({ value, testId }: { value: number; testId: string }) {
  return (
    <span
      data-testid={testId}
      className="min-w-6 rounded-full bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600 tabular-nums"
    >
      {value}
    </span>
  );
}
