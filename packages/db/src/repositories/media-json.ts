import { sql } from 'drizzle-orm';

/** A joined media row (`alias`) as a json `MediaRef`, or null when the join found none. */
export const mediaJson = (alias: string) =>
  sql.raw(
    `case when ${alias}.id is null then null else json_build_object('key', ${alias}.key, 'variants', ${alias}.variants, 'visibility', ${alias}.visibility) end`,
  );
