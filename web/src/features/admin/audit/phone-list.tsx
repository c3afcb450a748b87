import type { ReactNode } from 'react';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import type { TableQuery } from '../shared';

/**
 * A list on a phone where a wide table would scroll sideways: the same loading, error and empty
 * states as the admin table, each row a card (`<li>`), then `footer` (the pager).
 */
export function PhoneList({
  label,
  query,
  rowCount,
  empty,
  footer,
  children,
}: {
  label: string;
  query: TableQuery;
  rowCount: number;
  empty: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="card p-4" aria-label={label} aria-busy={query.isPending}>
      {query.isPending ? (
        <div role="status" className="space-y-2" aria-label={`Loading ${label.toLowerCase()}`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      ) : query.isError && rowCount === 0 ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-slate-700">Could not load the {label.toLowerCase()}.</span>
          <Button tone="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : rowCount === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <ul
          aria-label={label}
          className={`-my-3 divide-y divide-slate-100 ${query.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
        >
          {children}
        </ul>
      )}
      {footer}
    </section>
  );
}
