import { useCallback, useState } from 'react';

/**
 * Keyset paging (`?before=` takes the previous answer's `next`: exact while rows arrive, where a
 * page number would shift) for the list of one `query` (its
 * search text and filters): the cursors of the pages behind the current one are kept, so Previous
 * goes back exactly, and a different query starts again from the first page by itself.
 */
export function useCursorPager(query: unknown = null) {
  const key = JSON.stringify(query);
  const [state, setState] = useState<{ key: string; stack: string[] }>({ key, stack: [] });
  // A new query forgets the old one's pages (React's state adjustment during render), so going
  // back to an earlier query starts from its first page too.
  if (state.key !== key) setState({ key, stack: [] });
  const stack = state.key === key ? state.stack : [];
  const goNext = useCallback(
    (next: string) => setState((s) => ({ ...s, stack: [...s.stack, next] })),
    [],
  );
  const goPrevious = useCallback(
    () => setState((s) => ({ ...s, stack: s.stack.slice(0, -1) })),
    [],
  );
  const before = stack.length === 0 ? undefined : stack[stack.length - 1];
  return {
    /** The cursor for `?before=`; undefined on the first page. */
    before,
    /** 1 on the first page. */
    number: stack.length + 1,
    hasPrevious: stack.length > 0,
    goNext,
    goPrevious,
  };
}

export type CursorPager = ReturnType<typeof useCursorPager>;
