import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rowsOf } from './sql';

/**
 * A seeded template's dates moved to the day it is used (decision 66): the demo world is made at
 * build time, relative to the build's clock, and copied at start; one transaction then moves every
 * date and time in the public schema forward, so the world reads as if seeded now.
 *
 * - `timestamp` columns move by `ms` (a post made 5 hours before the seed is 5 hours old);
 * - `date` columns move by `days`, the count of Lagos days between the two clocks (a trial in 3
 *   days is still in 3 days, a 16-year-old is still 16);
 * - `byDays` (`table.column`) are times anchored to a Lagos day's clock (a check-in at 08:30 on the
 *   trial's day): they move by whole days, as their date does (Lagos has no daylight saving);
 * - `keep` (`table.column`) are fixed facts (an academy's founding date): they stay.
 *
 * Triggers are not fired (`session_replication_role = replica`): moving the seed's own rows in
 * time is not an edit of them (the consent ledger refuses every UPDATE). Answers the columns
 * moved.
 */
export async function moveTemplateDates(
  tx: Executor,
  move: { ms: number; days: number; keep?: readonly string[]; byDays?: readonly string[] },
): Promise<number> {
  if (!Number.isInteger(move.ms) || !Number.isInteger(move.days)) {
    throw new Error('moveTemplateDates: ms and days are whole numbers');
  }
  const keep = new Set(move.keep ?? []);
  const byDays = new Set(move.byDays ?? []);
  const columns = rowsOf<{ table_name: string; column_name: string; data_type: string }>(
    await tx.execute(sql`
      select c.table_name, c.column_name, c.data_type
      from information_schema.columns c
      join information_schema.tables t
        on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('date', 'timestamp with time zone', 'timestamp without time zone')
      order by c.table_name, c.ordinal_position`),
  );
  const byTable = new Map<string, string[]>();
  let moved = 0;
  for (const { table_name: table, column_name: column, data_type: type } of columns) {
    const name = `${table}.${column}`;
    if (keep.has(name)) continue;
    const q = `"${column.replaceAll('"', '""')}"`;
    const by =
      type === 'date'
        ? `${move.days}`
        : byDays.has(name)
          ? `interval '${move.days} days'`
          : `interval '${move.ms} milliseconds'`;
    byTable.set(table, [...(byTable.get(table) ?? []), `${q} = ${q} + ${by}`]);
    moved += 1;
  }
  if (byTable.size === 0) return 0;
  const updates = [...byTable].map(
    ([table, sets]) => `update "${table.replaceAll('"', '""')}" set ${sets.join(', ')};`,
  );
  // One statement: the UPDATEs run in a DO block, with triggers off for this transaction only.
  await tx.execute(
    sql.raw(
      `do $move$ begin perform set_config('session_replication_role', 'replica', true); ${updates.join(' ')} perform set_config('session_replication_role', 'origin', true); end $move$`,
    ),
  );
  return moved;
}
