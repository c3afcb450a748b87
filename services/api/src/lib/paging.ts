import { parseKeysetCursor, type KeysetPosition } from '@touchline/shared';

/**
 * Serving the lists that page both ways (paging.ts in the contract): by keyset cursor (`before`,
 * exact while rows arrive) or by 1-based page number (`page`, OFFSET, bounded by the contract's
 * largest page). Read `limit` rows (one more than the page) to learn whether more exist.
 */
export type PageQuery = { page: number; before?: string };

/** Where to read: after `before` when given, else the page-th page by offset. */
export function pageWindow(query: PageQuery, size: number) {
  return query.before
    ? { before: query.before, offset: 0, limit: size + 1 }
    : { before: undefined, offset: (query.page - 1) * size, limit: size + 1 };
}

/** `pageWindow` with `before` parsed as a (created_at, id) position (validated by the contract). */
export function keysetPageWindow(query: PageQuery, size: number) {
  const window = pageWindow(query, size);
  const before: KeysetPosition | undefined = window.before
    ? (parseKeysetCursor(window.before) ?? undefined)
    : undefined;
  return { ...window, before };
}

/** The page of rows read with `pageWindow`: its rows and the answer's paging fields. */
export function pageOf<Row>(
  rows: Row[],
  query: PageQuery,
  size: number,
  cursorOf: (row: Row) => string,
) {
  const items = rows.slice(0, size);
  const hasMore = rows.length > size;
  return {
    items,
    has_more: hasMore,
    page: query.before ? null : query.page,
    next: hasMore ? cursorOf(items[items.length - 1]!) : null,
  };
}
