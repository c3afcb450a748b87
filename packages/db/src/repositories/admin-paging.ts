import { sql, type SQL } from 'drizzle-orm';

/** Helpers of the administrators' lists (newest first by (created_at, id), keyset paged). */

/** A position in a (created_at, id) list: the row after which the page starts. */
export type AdminListPosition = { createdAt: string; id: string };

/** Which rows of an admin list: after the keyset position `before`, or skipping `offset` rows. */
export type AdminListWindow = { before?: AdminListPosition; offset?: number; limit: number };

/** The `limit … offset …` of a window. */
export const windowSql = (window: AdminListWindow): SQL =>
  sql`limit ${window.limit} offset ${window.offset ?? 0}`;

/** Strictly older than `before` in (created_at desc, id desc) order of `alias`. */
export const olderThan = (alias: string, before: AdminListPosition): SQL =>
  sql`(${sql.raw(`${alias}.created_at`)}, ${sql.raw(`${alias}.id`)}) < (${before.createdAt}::timestamptz, ${before.id}::uuid)`;

/** `and`-joined conditions, or `true`. */
export const allOf = (conditions: SQL[]): SQL =>
  conditions.length === 0 ? sql`true` : sql.join(conditions, sql` and `);

/** A raw timestamp (a Date from one engine, a string from another) as ISO text. */
export const isoOf = (value: Date | string) => new Date(value).toISOString();

/** The row's `next` cursor, `<created_at to the microsecond>Z~<id>`, as SQL of `alias`. */
export const cursorOf = (alias: string): SQL =>
  sql.raw(
    `to_char(${alias}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '~' || ${alias}.id`,
  );
