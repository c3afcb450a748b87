import { sql } from 'drizzle-orm';

/**
 * Small SQL helpers every repository shares (no domain of their own): the rows of a raw
 * statement, a joined media row as JSON, a literal `ilike` pattern.
 */

/** node-postgres and PGlite both answer `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A stored object's key, processed variants and visibility (the URL is made in the API). */
export type MediaRef = {
  key: string;
  variants: Record<string, string>;
  visibility: 'public' | 'private';
};

/** A joined media row (`alias`) as a json `MediaRef`, or null when the join found none. */
export const mediaJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('key', ${alias}.key, 'variants', ${alias}.variants, 'visibility', ${alias}.visibility) end`,
  );

/** `q` with its `%`, `_` and `\` escaped, to be taken literally inside a `like` pattern. */
export const escapeLike = (q: string) => q.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `ilike` pattern matching `q` anywhere. */
export const containsPattern = (q: string) => `%${escapeLike(q)}%`;
