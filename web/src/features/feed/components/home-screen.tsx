import { Search, Trophy, Users } from 'lucide-react';
import { useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { useSnapshot } from 'valtio';
import type { AccentRole } from '@/components/layout/role-accent';
import { ACCENTS } from '@/components/layout/role-accent';
import { Skeleton, SkeletonRow } from '@/components/skeleton';
import { session } from '@/lib/session';
import { useCurrentPosition } from '../api/get-position';
import { useHomeFeed } from '../api/get-home';
import { indexInPage, uniquePosts } from '../lib/unique-posts';
import { ComposerCard } from './composer-card';
import { NewPostsNotice } from './new-posts-notice';
import { PostList } from './post-list';
import { RightPanel } from './right-panel';
import { UserSummaryCard } from './user-summary-card';

/**
 * The home page of players and academies (spec §2 'Home feed'): the user summary on the left
 * (from `md`), the composer and the feed in the centre, Top Trials and Top Academies on the right
 * (from `lg`). Narrower screens show the feed alone.
 */
export function HomeScreen({ role }: { role: AccentRole }) {
  const { user } = useSnapshot(session);
  const feed = useHomeFeed();
  const position = useCurrentPosition(role === 'player');
  const pages = feed.data?.pages;
  const posts = useMemo(() => uniquePosts(pages ?? []), [pages]);
  const indexes = useMemo(() => indexInPage(pages ?? []), [pages]);
  const first = pages?.[0];

  // Spec §8: a feed failure is only logged (the list offers to try again).
  useEffect(() => {
    if (feed.error) console.error('Could not load the feed', feed.error);
  }, [feed.error]);

  return (
    <div className="grid items-start gap-5 md:grid-cols-[15rem_minmax(0,1fr)] lg:grid-cols-[15rem_minmax(0,1fr)_18rem] xl:gap-6">
      <aside aria-label="Your profile" className="sticky top-20 hidden md:block">
        {first ? (
          <UserSummaryCard user={first.user} position={position.data ?? null} />
        ) : (
          <SummarySkeleton />
        )}
      </aside>

      <div className="min-w-0 space-y-4">
        <ComposerCard
          greeting={
            <div className="mb-4">
              <h1 className="text-lg font-bold tracking-tight text-slate-900">Welcome, {user}</h1>
              <p className="text-sm text-slate-500">
                {role === 'academy'
                  ? 'Share news and trials with the players who follow you.'
                  : 'Share your game with friends and the academies you follow.'}
              </p>
            </div>
          }
        />
        <NewPostsNotice />
        <h2 className="sr-only">Feed</h2>
        <PostList
          label="Feed"
          posts={posts}
          indexInPage={indexes}
          loading={feed.isPending}
          failed={feed.isError}
          onRetry={() => void feed.refetch()}
          hasMore={feed.hasNextPage}
          fetchingMore={feed.isFetchingNextPage}
          moreFailed={feed.isFetchNextPageError}
          loadMore={() => void feed.fetchNextPage()}
          empty={<EmptyFeed role={role} />}
        />
      </div>

      <aside aria-label="Trials and academies" className="sticky top-20 hidden lg:block">
        {first ? (
          <RightPanel trials={first.trials} academies={first.academies} role={role} />
        ) : (
          <PanelSkeleton />
        )}
      </aside>
    </div>
  );
}

/** A new account's feed: where to find people and trials. */
function EmptyFeed({ role }: { role: AccentRole }) {
  const accent = ACCENTS[role];
  const links =
    role === 'academy'
      ? [
          { href: '/search', label: 'Find players', icon: Search },
          { href: '/academy/add_trial', label: 'Publish a trial', icon: Trophy },
        ]
      : [
          { href: '/search', label: 'Find friends', icon: Users },
          { href: '/list_trials', label: 'Browse trials', icon: Trophy },
        ];
  return (
    <div className="card flex flex-col items-center px-6 py-12 text-center">
      <span
        className={`mb-3 flex size-12 items-center justify-center rounded-full ring-1 ${accent.tile}`}
      >
        <Users className="size-6" aria-hidden="true" />
      </span>
      <h2 className="font-semibold text-slate-900">Your feed is quiet</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">
        Posts from your friends and the academies you follow show up here. Share your first post, or
        find people to follow.
      </p>
      <div className="mt-5 flex flex-wrap justify-center gap-2">
        {links.map(({ href, label, icon: Icon }) => (
          <Link key={href} href={href} className="btn btn-secondary">
            <Icon className="size-4" aria-hidden="true" />
            {label}
          </Link>
        ))}
      </div>
    </div>
  );
}

function SummarySkeleton() {
  return (
    <div className="card overflow-hidden" aria-hidden="true">
      <Skeleton className="h-16 w-full" rounded="rounded-none" />
      <div className="flex flex-col items-center gap-2 px-5 pb-5">
        <Skeleton className="-mt-10 size-20 border-4 border-white" rounded="rounded-full" />
        <Skeleton className="mt-2 h-3.5 w-32" />
        <Skeleton className="h-3 w-24" />
        <Skeleton className="h-3 w-40" />
      </div>
    </div>
  );
}

function PanelSkeleton() {
  return (
    <div className="space-y-4" aria-hidden="true">
      {[0, 1].map((card) => (
        <div key={card} className="card space-y-3 p-4">
          <Skeleton className="h-4 w-28" />
          {[0, 1, 2].map((row) => (
            <SkeletonRow
              key={row}
              media="size-11"
              rounded="rounded-lg"
              lines={['h-3 w-3/4', 'h-2.5 w-1/2']}
              spacing="space-y-1.5"
            />
          ))}
        </div>
      ))}
    </div>
  );
}
