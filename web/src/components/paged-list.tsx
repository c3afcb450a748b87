import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { SkeletonRow } from './skeleton';
import { Button } from './ui/button';

/** What a paged list reads of its infinite query. */
export type PagedQuery = {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  refetch: () => Promise<unknown>;
  fetchNextPage: () => Promise<unknown>;
};

export type EmptyState = { icon: LucideIcon; title: string; text: ReactNode; action?: ReactNode };

/**
 * A paged list of rows (notifications, search results, people): its loading, error and empty
 * states, and 'Load more' under the rows while the server has more pages.
 */
export function PagedList<T>({
  query,
  items,
  label,
  renderItem,
  errorText,
  empty,
  skeleton,
}: {
  query: PagedQuery;
  /** The rows of every page loaded so far. */
  items: readonly T[] | undefined;
  label: string;
  renderItem: (item: T) => ReactNode;
  /** Says what could not be loaded; 'Try again' follows. */
  errorText: string;
  empty: ReactNode;
  skeleton?: ListSkeletonProps;
}) {
  if (query.isPending) return <ListSkeleton {...skeleton} />;
  if (query.isError) {
    return (
      <div role="alert" className="card p-6 text-center text-sm text-slate-600">
        <p>{errorText}</p>
        <Button tone="secondary" className="mt-3" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!items?.length) return empty;
  return (
    <div className="card overflow-hidden">
      <ul aria-label={label} className="divide-y divide-slate-100">
        {items.map(renderItem)}
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

/** A list's empty state: an icon in a grey circle, a title and a line of text. */
export function EmptyCard({
  icon: Icon,
  title,
  text,
  action,
  padding = 'py-10',
}: EmptyState & { padding?: 'py-10' | 'py-12' }) {
  return (
    <div className={`card flex flex-col items-center px-6 ${padding} text-center`}>
      <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-500">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <h2 className="font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{text}</p>
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

type ListSkeletonProps = { rows?: number; lines?: readonly [string, string] };

/** Rows of avatar-and-two-lines skeletons in a card, read as 'Loading'. */
export function ListSkeleton({ rows = 3, lines = ['h-4 w-40', 'h-3 w-24'] }: ListSkeletonProps) {
  return (
    <div
      role="status"
      className="card divide-y divide-slate-100"
      aria-busy="true"
      aria-label="Loading"
    >
      {Array.from({ length: rows }, (_, row) => (
        <SkeletonRow
          key={row}
          className="px-5 py-3"
          media="size-11"
          rounded="rounded-full"
          lines={lines}
        />
      ))}
    </div>
  );
}
