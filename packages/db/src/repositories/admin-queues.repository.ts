import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

export type OutboxHealth = {
  /** Seconds since the oldest event still to publish was written (0 when none waits). */
  lagSeconds: number;
  unpublished: number;
  deadLettered: number;
};

/**
 * The outbox as the administrators' queue screen shows it: how far the relay is behind (the
 * age of the oldest unpublished, not dead-lettered event, by the database's clock), how many
 * events wait, and how many were dead-lettered. One statement.
 */
export async function readOutboxHealth(executor: Executor): Promise<OutboxHealth> {
  const result = await executor.execute(sql`
    select
      coalesce(extract(epoch from now() - (select min(created_at) from outbox
        where published_at is null and dead_at is null)), 0)::float8 as "lagSeconds",
      (select count(*) from outbox where published_at is null and dead_at is null)::int
        as unpublished,
      (select count(*) from outbox where dead_at is not null)::int as "deadLettered"`);
  const row = rowsOf<OutboxHealth>(result)[0]!;
  return {
    lagSeconds: Math.max(0, Number(row.lagSeconds)),
    unpublished: Number(row.unpublished),
    deadLettered: Number(row.deadLettered),
  };
}
