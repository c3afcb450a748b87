import { ArrowLeft, FileText } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import { accentFor } from '@/components/layout/role-accent';
import { ProfileUnavailable } from '@/components/profile-unavailable';
import { Skeleton } from '@/components/skeleton';
import { UserAvatar } from '@/components/ui/user-avatar';
import { homeFor } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { useFullProfile } from '@/api/profiles/get-profile';
import { useUserPosts } from '../api/get-user-posts';
import { indexInPage, uniquePosts } from '../lib/unique-posts';
import { ComposerCard } from './composer-card';
import { PostList } from './post-list';

/**
 * `/view_posts/{userId?}`: one person's posts, newest first (the caller's own without an id, with
 * the composer), paged with the `next` cursor as the window scrolls.
 */
export function UserPostsScreen({ userId }: { userId: string | null }) {
  const { user_id: viewerId, role } = useSnapshot(session);
  // The own page is one cache entry whether it was opened with the own id or without one.
  const queryId = userId === null || userId === viewerId ? null : userId;
  const own = queryId === null;
  const author = useFullProfile(queryId);
  const posts = useUserPosts(queryId);
  const pages = posts.data?.pages;
  const list = useMemo(() => uniquePosts(pages ?? []), [pages]);
  const indexes = useMemo(() => indexInPage(pages ?? []), [pages]);
  const accent = accentFor(role);

  const gone =
    (author.error instanceof ApiError && author.error.status === 404) ||
    (posts.error instanceof ApiError && posts.error.status === 404);
  if (gone) {
    return (
      <ProfileUnavailable
        homeHref={homeFor(role)}
        body="This person may have left Touchline, or their posts are not visible to you."
      />
    );
  }

  const profile = author.data;
  const name = own ? 'Your posts' : profile ? `Posts by ${profile.username}` : 'Posts';
  const profileHref = profile
    ? `${profile.role === 'academy' ? '/academy/profile' : '/profile'}${own ? '' : `/${profile.user_id}`}`
    : null;

  return (
    <div className="space-y-4">
      <header className="card flex items-center gap-4 p-4 sm:p-5">
        {profile ? (
          <UserAvatar src={profile.profile_photo} className="size-14" />
        ) : (
          <Skeleton className="size-14" rounded="rounded-full" />
        )}
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-xl font-bold tracking-tight text-slate-900">{name}</h1>
          {profile ? (
            <p className="text-sm text-slate-500">
              {profile.post_count} {profile.post_count === 1 ? 'post' : 'posts'}
            </p>
          ) : (
            <Skeleton className="mt-1.5 h-3 w-16" />
          )}
        </div>
        {profileHref ? (
          <Link
            href={profileHref}
            className={`inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-slate-600 hover:bg-slate-50 ${accent.hoverText}`}
          >
            <ArrowLeft className="size-4" aria-hidden="true" />
            Profile
          </Link>
        ) : null}
      </header>

      {own ? <ComposerCard /> : null}

      <PostList
        label={name}
        posts={list}
        indexInPage={indexes}
        loading={posts.isPending}
        failed={posts.isError}
        onRetry={() => void posts.refetch()}
        hasMore={posts.hasNextPage}
        fetchingMore={posts.isFetchingNextPage}
        moreFailed={posts.isFetchNextPageError}
        loadMore={() => void posts.fetchNextPage()}
        empty={
          <div className="card flex flex-col items-center px-6 py-12 text-center">
            <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
              <FileText className="size-6" aria-hidden="true" />
            </span>
            <h2 className="font-semibold text-slate-900">No posts yet</h2>
            <p className="mt-1 max-w-sm text-sm text-slate-600">
              {own
                ? 'Share a moment from training or a match: it shows up here and in your friends’ feeds.'
                : 'When they post, it shows up here.'}
            </p>
          </div>
        }
      />
    </div>
  );
}
