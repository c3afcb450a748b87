import { ADMIN_LIMITS } from '@touchline/shared';
import { keysetPageWindow, pageOf, type PageQuery } from '../../lib/paging';

/**
 * The paging every admin list shares: newest first by (created_at, id), `ADMIN_LIMITS.pageSize`
 * a page, by `?page=N` or by `?before=` (the previous answer's `next`, a keyset cursor).
 */
export const adminPageRequest = (query: PageQuery) =>
  keysetPageWindow(query, ADMIN_LIMITS.pageSize);

/** The answer of rows read with `adminPageRequest`: the page's items shaped by `view`. */
export function adminPage<Row extends { cursor: string }, Item>(
  rows: Row[],
  query: PageQuery,
  view: (row: Row) => Item,
) {
  const { items, ...paging } = pageOf(rows, query, ADMIN_LIMITS.pageSize, (row) => row.cursor);
  return { results: items.map(view), ...paging };
}

/** A raw timestamp (a Date on one engine, a string on another) as ISO text. */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** `YYYY-MM-DD` plus `days` (negative goes back), as calendar dates. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Lagos midnight starting a `YYYY-MM-DD` day (Africa/Lagos is UTC+1 all year). */
export const lagosMidnight = (date: string) => new Date(`${date}T00:00:00+01:00`);
