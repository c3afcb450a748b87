import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/**
 * The administrators' dashboard reads (supplement §10). Days are Lagos dates: Africa/Lagos is
 * UTC+1 all year, so a stored UTC time plus one hour is its Lagos wall-clock time.
 */

const lagosDate = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`);

/**
 * What the dashboard counts; money is kobo: `takings` the confirmed payments (refunded ones
 * included: they were taken), `refunds` the refunded ones.
 */
export type AdminCountRow = {
  players: number;
  academies: number;
  trials: number;
  posts: number;
  registrations: number;
  takings: number;
  refunds: number;
};
export type AdminCountKind = keyof AdminCountRow;

/**
 * What waits for an administrator: academies not yet verified or declined (the academies list's
 * `?status=pending`) and open content reports (the reports list's default).
 */
export async function countAwaitingReview(
  executor: Executor,
): Promise<{ academies: number; reports: number }> {
  const result = await executor.execute(sql`
    select
      (select count(*) from users where role = 'academy'
        and coalesce(academy_status, 'unverified') = 'unverified')::bigint::text as academies,
      (select count(*) from content_reports where status = 'open')::bigint::text as reports`);
  const row = rowsOf<{ academies: string; reports: string }>(result)[0]!;
  return { academies: Number(row.academies), reports: Number(row.reports) };
}

/** Everything so far: accounts by role, trials, posts not removed, registrations, money. */
export async function countAdminTotals(executor: Executor): Promise<AdminCountRow> {
  const result = await executor.execute(sql`
    select
      (select count(*) from users where role = 'player')::bigint::text as players,
      (select count(*) from users where role = 'academy')::bigint::text as academies,
      (select count(*) from trials)::bigint::text as trials,
      (select count(*) from posts where removed_at is null)::bigint::text as posts,
      (select count(*) from trial_registrations where status <> 'expired')::bigint::text
        as registrations,
      (select coalesce(sum(amount_kobo) filter (where status in ('succeeded', 'refunded')), 0)
        from payments)::bigint::text as takings,
      (select coalesce(sum(amount_kobo) filter (where status = 'refunded'), 0)
        from payments)::bigint::text as refunds`);
  const row = rowsOf<Record<AdminCountKind, string>>(result)[0]!;
  return {
    players: Number(row.players),
    academies: Number(row.academies),
    trials: Number(row.trials),
    posts: Number(row.posts),
    registrations: Number(row.registrations),
    takings: Number(row.takings),
    refunds: Number(row.refunds),
  };
}

/**
 * The same figures per Lagos day from `fromDate` (YYYY-MM-DD) on: `takings` by the day a payment
 * was confirmed, `refunds` by the day it was refunded. Days without any are absent.
 */
export async function countAdminPerDay(
  executor: Executor,
  fromDate: string,
): Promise<{ kind: AdminCountKind; date: string; value: number }[]> {
  // Lagos midnight of `fromDate` is 23:00 UTC of the day before.
  const from = sql`${new Date(`${fromDate}T00:00:00+01:00`).toISOString()}::timestamptz`;
  const result = await executor.execute(sql`
    select 'players' as kind, ${lagosDate('created_at')} as date, count(*)::bigint::text as value
      from users where role = 'player' and created_at >= ${from} group by 2
    union all
    select 'academies', ${lagosDate('created_at')}, count(*)::bigint::text
      from users where role = 'academy' and created_at >= ${from} group by 2
    union all
    select 'trials', ${lagosDate('created_at')}, count(*)::bigint::text
      from trials where created_at >= ${from} group by 2
    union all
    select 'posts', ${lagosDate('created_at')}, count(*)::bigint::text
      from posts where removed_at is null and created_at >= ${from} group by 2
    union all
    select 'registrations', ${lagosDate('created_at')}, count(*)::bigint::text
      from trial_registrations where status <> 'expired' and created_at >= ${from} group by 2
    union all
    select 'takings', ${lagosDate('paid_at')}, sum(amount_kobo)::bigint::text
      from payments where status in ('succeeded', 'refunded') and paid_at >= ${from} group by 2
    union all
    select 'refunds', ${lagosDate('refunded_at')}, sum(amount_kobo)::bigint::text
      from payments where status = 'refunded' and refunded_at >= ${from} group by 2`);
  return rowsOf<{ kind: never; date: string; value: string }>(result).map((row) => ({
    kind: row.kind,
    date: row.date,
    value: Number(row.value),
  }));
}

/** The newest trials, players and academies (`limit` each). */
export async function listAdminLatest(executor: Executor, limit: number) {
  const [trials, players, academies] = await Promise.all([
    executor.execute(sql`
      select t.id, t.name, to_char(t.trial_date, 'YYYY-MM-DD') as "trialDate", t.status,
        a.id as "academyId", a.username as "academyName", t.created_at as "createdAt"
      from trials t join users a on a.id = t.academy_id
      order by t.created_at desc, t.id desc limit ${limit}`),
    executor.execute(sql`
      select u.id, u.username, to_char(u.dob, 'YYYY-MM-DD') as dob, u.created_at as "createdAt"
      from users u where u.role = 'player'
      order by u.created_at desc, u.id desc limit ${limit}`),
    executor.execute(sql`
      select u.id, u.username, coalesce(u.academy_status, 'unverified') as "academyStatus",
        u.created_at as "createdAt"
      from users u where u.role = 'academy'
      order by u.created_at desc, u.id desc limit ${limit}`),
  ]);
  return {
    trials: rowsOf<{
      id: string;
      name: string;
      trialDate: string;
      status: 'active' | 'cancelled';
      academyId: string;
      academyName: string;
      createdAt: Date | string;
    }>(trials),
    players: rowsOf<{ id: string; username: string; dob: string | null; createdAt: Date | string }>(
      players,
    ),
    academies: rowsOf<{
      id: string;
      username: string;
      academyStatus: 'unverified' | 'verified' | 'declined';
      createdAt: Date | string;
    }>(academies),
  };
}
