import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { Person } from '@touchline/shared';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { Button } from '../../../components/ui/button';
import type { PeoplePage } from '../api/people-list';
import { PersonRow } from './person-row';

export type EmptyState = { icon: LucideIcon; title: string; text: ReactNode; action?: ReactNode };

/** A paged people list with its loading, error and empty states and 'Load more'. */
export function PeopleList({
  query,
  label,
  empty,
  actions,
}: {
  query: UseInfiniteQueryResult<InfiniteData<PeoplePage>>;
  label: string;
  empty: EmptyState;
  actions: (person: Person) => ReactNode;
}) {
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) {
    return (
      <div role="alert" className="card p-6 text-center text-sm text-slate-600">
        <p>We could not load this list. Please try again.</p>
        <Button tone="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const people = query.data.pages.flatMap((page) => page.results);
  if (people.length === 0) return <EmptyCard {...empty} />;
  return (
    <div className="card overflow-hidden">
      <ul aria-label={label} className="divide-y divide-slate-100">
        {people.map((person) => (
          <PersonRow key={person.id} person={person} actions={actions(person)} />
        ))}
      </ul>
      {query.hasNextPage ? (
        <div className="border-t border-slate-100 p-3 text-center">
          <Button
            tone="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </div>
  );
}

export function EmptyCard({ icon: Icon, title, text, action }: EmptyState) {
  return (
    <div className="card flex flex-col items-center px-6 py-10 text-center">
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{text}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

export function ListSkeleton() {
  return (
    <div className="card divide-y divide-slate-100" aria-busy="true" aria-label="Loading">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-3 px-5 py-3">
          <Skeleton className="size-11" rounded="rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
