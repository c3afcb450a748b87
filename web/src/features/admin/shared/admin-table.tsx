import type { ReactNode } from 'react';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';

/** The state of the query behind a table (a TanStack `useQuery` result fits). */
export type TableQuery = {
  isPending: boolean;
  isError: boolean;
  /** True while the shown rows are the previous answer's (a new page or search loads). */
  isPlaceholderData?: boolean;
  refetch: () => unknown;
};

/**
 * An admin list in a card: a skeleton while the first answer loads, an error with Try again,
 * `empty` when there are no rows, else the table (sideways scroll on a phone) and `footer`
 * (the pager). Rows dim while the next page loads.
 */
export function AdminTable({
  caption,
  columns,
  minWidth,
  query,
  rowCount,
  empty,
  footer,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** e.g. 'min-w-[48rem]'. */
  minWidth: string;
  query: TableQuery;
  rowCount: number;
  empty: ReactNode;
  footer?: ReactNode;
  /** The `<tr>` rows. */
  children: ReactNode;
}) {
  return (
    <section className="card p-4 sm:p-5" aria-label={caption} aria-busy={query.isPending}>
      {query.isPending ? (
        <div role="status" className="space-y-2" aria-label={`Loading ${caption.toLowerCase()}`}>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : query.isError && rowCount === 0 ? (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-3 text-sm">
          <span className="text-slate-700">Could not load the {caption.toLowerCase()}.</span>
          <Button tone="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : rowCount === 0 ? (
        <p className="py-6 text-center text-sm text-slate-500">{empty}</p>
      ) : (
        <div className={query.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <ScrollTable caption={caption} columns={columns} className="" minWidth={minWidth}>
            {children}
          </ScrollTable>
        </div>
      )}
      {footer}
    </section>
  );
}

/** Cell classes that line the first and last cells up with the card's padding. */
export const CELL = {
  first: 'px-4 py-3 align-top sm:pl-0',
  middle: 'px-3 py-3 align-top',
  last: 'px-4 py-3 align-top text-right sm:pr-0',
  /** A last cell aligned left, under its header (row actions). */
  lastLeft: 'px-4 py-3 align-top sm:pr-0',
} as const;
