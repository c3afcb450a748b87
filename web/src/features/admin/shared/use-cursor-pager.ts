import { useCallback, useState } from 'react';

/**
 * Keyset paging (`?page=` takes the previous answer's `next`): the cursors of the pages behind
 * the current one are kept, so Previous goes back exactly. `reset()` returns to the first page
 * (call it when the search or the filter changes).
 */
export function useCursorPager() {
  const [stack, setStack] = useState<string[]>([]);
  const page = stack.length === 0 ? undefined : stack[stack.length - 1];
  const goNext = useCallback((next: string) => setStack((s) => [...s, next]), []);
  const goPrevious = useCallback(() => setStack((s) => s.slice(0, -1)), []);
  const reset = useCallback(() => setStack([]), []);
  return {
    /** The cursor for `?page=`; undefined on the first page. */
    page,
    /** 1 on the first page. */
    number: stack.length + 1,
    hasPrevious: stack.length > 0,
    goNext,
    goPrevious,
    reset,
  };
}

export type CursorPager = ReturnType<typeof useCursorPager>;
