import { CalendarCheck, SearchX, Trophy } from 'lucide-react';
import { Link, useLocation, useSearch } from 'wouter';
import { EmptyCard } from '@/components/paged-list';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { TRIAL_PATHS } from '@/config/paths';
import { useTrials } from '../api/get-trials';
import type { TrialFilters as Filters } from '../api/trial-keys';
import { EMPTY_FILTERS } from '../api/trial-keys';
import { useDebounced } from '@/lib/use-debounced';
import { useLoadMoreOnView } from '../hooks/use-load-more-on-view';
import { useLiveTrialUpdates } from '../hooks/use-live-trial-updates';
import { TrialCard } from './trial-card';
import { TrialFilters } from './trial-filters';

function filtersOf(search: string): Filters {
  const params = new URLSearchParams(search);
  const sport = params.get('sport') ?? '';
  const payment = params.get('payment') ?? '';
  return {
    search: params.get('search') ?? '',
    sport: sport === 'football' || sport === 'basketball' || sport === 'other' ? sport : '',
    state: params.get('state') ?? '',
    payment: payment === 'free' || payment === 'paid' ? payment : '',
  };
}

function queryOf(filters: Filters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) params.set(key, value);
  const query = params.toString();
  return query ? `${TRIAL_PATHS.list}?${query}` : TRIAL_PATHS.list;
}

/**
 * `/list_trials`: search, Sport / State / Free-Paid filters (kept in the address, so Back and a
 * shared link keep them), the open trials as cards with infinite scroll, and an empty state.
 */
export function TrialListScreen() {
  const [, navigate] = useLocation();
  useLiveTrialUpdates();
  const filters = filtersOf(useSearch());
  const search = useDebounced(filters.search, 300);
  // The query key is compared by value: a new object with the same filters asks nothing again.
  const settled: Filters = { ...filters, search: search.trim() };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <>
      <header className="mb-5 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Trials</h1>
          <p className="mt-1 text-sm text-slate-600">
            Find academy trials near you, register and pay in minutes.
          </p>
        </div>
        <Link href={TRIAL_PATHS.history} className="btn btn-secondary">
          <CalendarCheck className="size-4" aria-hidden="true" />
          View Joined Trials
        </Link>
      </header>
      <TrialFilters
        value={filters}
        onChange={(next) => navigate(queryOf(next), { replace: true })}
      />
      <div className="mt-5">
        <Results
          filters={settled}
          filtered={filtered}
          onClear={() => navigate(queryOf(EMPTY_FILTERS), { replace: true })}
        />
      </div>
    </>
  );
}

function Results({
  filters,
  filtered,
  onClear,
}: {
  filters: Filters;
  filtered: boolean;
  onClear: () => void;
}) {
  const query = useTrials(filters);
  const trials = query.data?.pages.flatMap((page) => page.trials);
  const sentinel = useLoadMoreOnView({
    hasMore: query.hasNextPage,
    fetching: query.isFetching,
    loadMore: () => void query.fetchNextPage(),
  });

  if (query.isPending) return <CardSkeletons />;
  if (query.isError && !trials) {
    return (
      <div role="alert" className="card p-6 text-center text-sm text-slate-600">
        <p>Trials could not be loaded.</p>
        <Button tone="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!trials?.length) {
    return filtered ? (
      <EmptyCard
        icon={SearchX}
        title="No trials match"
        text="Try another name, or clear the filters to see every open trial."
        action={
          <Button tone="secondary" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyCard
        icon={Trophy}
        title="No open trials right now"
        text="Academies publish new trials all the time. Check back soon."
      />
    );
  }
  return (
    <>
      <ul
        aria-label="Trials"
        aria-busy={query.isPlaceholderData || undefined}
        className={`grid gap-4 sm:grid-cols-2 lg:grid-cols-3 ${query.isPlaceholderData ? 'opacity-60' : ''}`}
      >
        {trials.map((trial) => (
          <TrialCard key={trial.id} trial={trial} />
        ))}
      </ul>
      <div ref={sentinel} className="mt-5 text-center">
        {query.hasNextPage ? (
          <Button
            tone="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        ) : null}
      </div>
    </>
  );
}

function CardSkeletons() {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label="Loading"
      className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
    >
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="card overflow-hidden">
          <Skeleton className="aspect-[16/9] w-full" rounded="rounded-none" />
          <div className="space-y-2 p-4">
            <Skeleton className="h-4 w-3/4" />
            <Skeleton className="h-3 w-1/2" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </div>
      ))}
    </div>
  );
}
