import { ADMIN_LIMITS, parseKeysetCursor } from '@touchline/shared';

/**
 * The paging every admin list shares: newest first by (created_at, id), `ADMIN_LIMITS.pageSize`
 * a page, `?page=` the previous answer's `next` (a keyset cursor; validated by the contract).
 */
export function pageRequest(page: string | undefined) {
  return {
    before: page ? (parseKeysetCursor(page) ?? undefined) : undefined,
    limit: ADMIN_LIMITS.pageSize + 1,
  };
}

/** One page of rows read with `pageRequest`: the page's rows and the cursor of the next page. */
export function pageOf<Row extends { cursor: string }>(rows: Row[]) {
  const results = rows.slice(0, ADMIN_LIMITS.pageSize);
  const next = rows.length > ADMIN_LIMITS.pageSize ? results[results.length - 1]!.cursor : null;
  return { rows: results, next };
}

/** A raw timestamp (a Date on one engine, a string on another) as ISO text. */
export const iso = (value: Date | string) => new Date(value).toISOString();

/** `YYYY-MM-DD` plus `days` (negative goes back), as calendar dates. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Lagos midnight starting a `YYYY-MM-DD` day (Africa/Lagos is UTC+1 all year). */
export const lagosMidnight = (date: string) => new Date(`${date}T00:00:00+01:00`);
