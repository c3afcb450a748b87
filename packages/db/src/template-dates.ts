import { sql } from 'drizzle-orm';
import type { Executor } from './client';
import { rowsOf } from './sql';

/** A date or time column of a table that holds rows. */
export type DatedColumn = { table: string; column: string; type: 'date' | 'timestamp' };

/**
 * The date and time columns of the public schema's tables that hold rows: read from the catalog
 * when the template is made, so the start touches only those tables (opening a table for the
 * first time is what costs: ~25 tables hold the demo world, ~50 exist).
 */
export async function templateDatedColumns(db: Executor): Promise<DatedColumn[]> {
  const columns = rowsOf<{ table: string; column: string; type: string }>(
    await db.execute(sql`
      select c.relname as table, a.attname as column, format_type(a.atttypid, null) as type
      from pg_attribute a
      join pg_class c on c.oid = a.attrelid
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0
        and not a.attisdropped
        and a.atttypid in ('date'::regtype, 'timestamptz'::regtype, 'timestamp'::regtype)
      order by c.relname, a.attnum`),
  );
  const filled = new Map<string, boolean>();
  const dated: DatedColumn[] = [];
  for (const { table, column, type } of columns) {
    if (!filled.has(table)) {
      const [row] = rowsOf<{ filled: boolean }>(
        await db.execute(sql`select exists (select from ${sql.identifier(table)}) as filled`),
      );
      filled.set(table, row?.filled === true);
    }
    if (filled.get(table))
      dated.push({ table, column, type: type === 'date' ? 'date' : 'timestamp' });
  }
  return dated;
}

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
 * time is not an edit of them (the consent ledger refuses every UPDATE). `columns` come from
 * templateDatedColumns, read when the template was made. Answers the columns moved.
 */
export async function moveTemplateDates(
  tx: Executor,
  columns: readonly DatedColumn[],
  move: { ms: number; days: number; keep?: readonly string[]; byDays?: readonly string[] },
): Promise<number> {
  if (!Number.isInteger(move.ms) || !Number.isInteger(move.days)) {
    throw new Error('moveTemplateDates: ms and days are whole numbers');
  }
  const keep = new Set(move.keep ?? []);
  const byDays = new Set(move.byDays ?? []);
  const byTable = new Map<string, string[]>();
  let moved = 0;
  for (const { table, column, type } of columns) {
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
