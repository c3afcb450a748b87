import type { PostView } from '@touchline/shared';
import { TIMINGS } from '@touchline/shared';
import type { ReactNode } from 'react';
import { SkeletonCard } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useWindowInfiniteScroll } from '../hooks/use-window-infinite-scroll';
import { PostCard } from './post-card';

export type PostListProps = {
  posts: readonly PostView[];
  /** Each post's index within its page: the entrance delay is 0.09 s per index (spec §9). */
  indexInPage: ReadonlyMap<string, number>;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  hasMore: boolean;
  fetchingMore: boolean;
  /** The last next-page request failed: scrolling stops asking, 'Load more' tries again. */
  moreFailed: boolean;
  loadMore: () => void;
  empty: ReactNode;
  label: string;
};

/**
 * A list of posts: three skeleton cards while the first page loads (spec §2), then the posts, each
 * sliding in after its page's delay (not with reduced motion), more pages as the window scrolls.
 */
export function PostList({
  posts,
  indexInPage,
  loading,
  failed,
  onRetry,
  hasMore,
  fetchingMore,
  moreFailed,
  loadMore,
  empty,
  label,
}: PostListProps) {
  useWindowInfiniteScroll({
    hasMore: hasMore && !moreFailed,
    fetching: loading || fetchingMore,
    loadMore,
  });

  if (loading) {
    return (
      <div role="status" className="space-y-4" aria-busy="true" aria-label="Loading posts">
        <SkeletonCard />
        <SkeletonCard />
        <SkeletonCard />
      </div>
    );
  }
  if (failed && posts.length === 0) {
    return (
      <div className="card px-6 py-10 text-center">
        <p className="text-sm text-slate-600">Posts are not available right now.</p>
        <Button tone="secondary" className="mt-3" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  if (posts.length === 0) return <>{empty}</>;

  return (
    <div>
      <ul className="space-y-4" aria-label={label}>
        {posts.map((post, index) => (
          <li
            key={post.id}
            className="motion-safe:animate-post-enter"
            style={{
              animationDelay: `${(indexInPage.get(post.id) ?? 0) * TIMINGS.postEntranceDelaySeconds}s`,
            }}
          >
            <PostCard post={post} priority={index === 0} />
          </li>
        ))}
      </ul>
      <div className="flex justify-center py-6" aria-live="polite">
        {fetchingMore ? (
          <span className="inline-flex items-center gap-2 text-sm text-slate-500">
            <Spinner /> Loading more posts…
          </span>
        ) : hasMore ? (
          <Button tone="secondary" onClick={loadMore}>
            Load more
          </Button>
        ) : (
          <span className="text-sm text-slate-500">You’re all caught up</span>
        )}
      </div>
    </div>
  );
}
