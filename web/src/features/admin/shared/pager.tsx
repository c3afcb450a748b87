import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { CursorPager } from './use-cursor-pager';

/**
 * Previous / Next under a keyset list: Next follows the answer's `next` (absent on the last
 * page), Previous goes back one page. Hidden when there is only one page.
 */
export function Pager({
  pager,
  next,
  busy = false,
  label = 'Pages',
}: {
  pager: CursorPager;
  /** The current answer's `next`. */
  next: string | null | undefined;
  /** While a page loads, both buttons wait. */
  busy?: boolean;
  label?: string;
}) {
  if (!pager.hasPrevious && !next) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3 pt-3">
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!pager.hasPrevious || busy}
        onClick={pager.goPrevious}
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Previous
      </button>
      <span className="text-sm text-slate-600">Page {pager.number}</span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!next || busy}
        onClick={() => {
          if (next) pager.goNext(next);
        }}
      >
        Next
        <ChevronRight aria-hidden="true" className="size-4" />
      </button>
    </nav>
  );
}
