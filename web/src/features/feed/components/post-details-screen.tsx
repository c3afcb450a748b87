import { MESSAGES } from '@touchline/shared';
import { FileX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { useSnapshot } from 'valtio';
import { SkeletonCard } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { usePost } from '../api/get-post';
import { PostCard } from './post-card';

/** `/view_post_details/{postId}`: one post with its comment area open. */
export function PostDetailsScreen({ postId }: { postId: string }) {
  const { role } = useSnapshot(session);
  const home = role === 'academy' ? '/academy/home' : '/home';
  const [, navigate] = useLocation();
  const post = usePost(postId);
  const gone = post.error instanceof ApiError && [400, 404].includes(post.error.status);

  useEffect(() => {
    if (post.error && !gone) console.error('Could not load the post', post.error);
  }, [post.error, gone]);

  if (post.isPending) return <SkeletonCard />;
  if (post.isError) {
    return (
      <div
        className="card mx-auto max-w-lg px-6 py-12 text-center"
        role={gone ? undefined : 'alert'}
      >
        <div className="mx-auto flex size-14 items-center justify-center rounded-2xl bg-slate-100 text-slate-500">
          <FileX className="size-7" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-xl font-bold tracking-tight text-slate-900">
          {gone ? MESSAGES.postGone : 'This post could not be loaded'}
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          {gone
            ? 'The author may have deleted it, or it is no longer visible to you.'
            : 'Please check your connection and try again.'}
        </p>
        <div className="mt-6 flex justify-center gap-2">
          {gone ? null : (
            <Button tone="secondary" onClick={() => void post.refetch()}>
              Try again
            </Button>
          )}
          <Link href={home} className="btn btn-secondary">
            Back to home
          </Link>
        </div>
      </div>
    );
  }

  return (
    <div>
      <h1 className="sr-only">Post by {post.data.user}</h1>
      <PostCard
        post={post.data}
        commentsOpen
        priority
        onDeleted={() => navigate(home, { replace: true })}
      />
    </div>
  );
}
