import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/**
 * The academy dashboard's reads (issue 11): every statement is scoped to one academy's trials or
 * posts. Days are Lagos dates: Africa/Lagos is UTC+1 all year (no daylight saving), so a stored
 * UTC time plus one hour is its Lagos wall-clock time, on PGlite and Postgres alike.
 */

const lagosDate = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '1 hour', 'YYYY-MM-DD')`);

/**
 * The places of trial `t` held by registrations waiting for a guardian: they count against
 * capacity but the academy does not see them (decision 42), so its counters leave them out.
 */
export const HIDDEN_HELD = sql.raw(
  `(select count(*) from trial_registrations hr where hr.trial_id = t.id and hr.status = 'awaiting_guardian')::int`,
);

export type TrialTabCounts = {
  upcoming: number;
  today: number;
  completed: number;
  cancelled: number;
};

/** The academy's trials by the tabs of its list (as `academy_trials?tab=` splits them). */
export async function countAcademyTrialsByTab(
  executor: Executor,
  input: { academyId: string; today: string },
): Promise<TrialTabCounts> {
  const today = sql`${input.today}::date`;
  const result = await executor.execute(sql`
    select
      count(*) filter (where t.status = 'active' and t.trial_date > ${today})::int as upcoming,
      count(*) filter (where t.status = 'active' and t.trial_date = ${today})::int as today,
      count(*) filter (where t.status = 'active' and t.trial_date < ${today})::int as completed,
      count(*) filter (where t.status = 'cancelled')::int as cancelled
    from trials t
    where t.academy_id = ${input.academyId}`);
  return rowsOf<TrialTabCounts>(result)[0] ?? { upcoming: 0, today: 0, completed: 0, cancelled: 0 };
}

/** Registrations over the academy's trials, by status (statuses without any are absent). */
export async function countAcademyRegistrationsByStatus(
  executor: Executor,
  academyId: string,
): Promise<{ status: string; count: number }[]> {
  const result = await executor.execute(sql`
    select r.status, count(*)::int as count
    from trial_registrations r
    join trials t on t.id = r.trial_id
    where t.academy_id = ${academyId} and r.academy_visible
    group by r.status`);
  return rowsOf<{ status: string; count: number }>(result);
}

/**
 * Registrations made on each Lagos day from `fromDate` (YYYY-MM-DD) on, over the academy's
 * trials; days without any are absent (the service fills them in).
 */
export async function countAcademyRegistrationsPerDay(
  executor: Executor,
  input: { academyId: string; fromDate: string },
): Promise<{ date: string; count: number }[]> {
  // Lagos midnight of `fromDate` is 23:00 UTC of the day before.
  const from = new Date(`${input.fromDate}T00:00:00+01:00`);
  const result = await executor.execute(sql`
    select ${lagosDate('r.created_at')} as date, count(*)::int as count
    from trial_registrations r
    join trials t on t.id = r.trial_id
    where t.academy_id = ${input.academyId} and r.academy_visible
      and r.created_at >= ${from.toISOString()}::timestamptz
    group by 1
    order by 1`);
  return rowsOf<{ date: string; count: number }>(result);
}

export type DashboardTrialRow = {
  id: string;
  name: string;
  trialDate: string;
  startTime: string;
  venue: string;
  state: string;
  district: string;
  registeredCount: number;
  participantLimit: number | null;
  feeKobo: number;
  currency: string;
};

/** The academy's next active trials (trial date today or later), soonest first. */
export async function listUpcomingAcademyTrials(
  executor: Executor,
  input: { academyId: string; today: string; limit: number },
): Promise<DashboardTrialRow[]> {
  const result = await executor.execute(sql`
    select t.id, t.name, to_char(t.trial_date, 'YYYY-MM-DD') as "trialDate",
      t.start_time as "startTime", t.venue, t.state, t.district,
      t.registered_count - ${HIDDEN_HELD} as "registeredCount", t.participant_limit as "participantLimit",
      t.fee_kobo as "feeKobo", t.currency
    from trials t
    where t.academy_id = ${input.academyId} and t.status = 'active'
      and t.trial_date >= ${input.today}::date
    order by t.trial_date, t.start_time, t.id
    limit ${input.limit}`);
  return rowsOf<DashboardTrialRow>(result);
}

export type PopularPostRow = {
  id: string;
  content: string;
  likesCount: number;
  commentsCount: number;
  createdAt: Date | string;
};

/** The academy's posts (not removed) with the most likes plus comments, replies included. */
export async function listPopularAcademyPosts(
  executor: Executor,
  input: { academyId: string; limit: number },
): Promise<PopularPostRow[]> {
  const result = await executor.execute(sql`
    select p.id, p.content, p.likes_count as "likesCount", p.comments_total as "commentsCount",
      p.created_at as "createdAt"
    from posts p
    where p.author_id = ${input.academyId} and p.removed_at is null
      and p.likes_count + p.comments_total > 0
    order by p.likes_count + p.comments_total desc, p.created_at desc, p.id
    limit ${input.limit}`);
  return rowsOf<PopularPostRow>(result);
}

export type TakingsRow = { gross: number; refunded: number; currency: string };

/**
 * Money over the academy's trials: `gross` every payment that succeeded (a refunded one had
 * succeeded first), `refunded` the refunded ones. Sums in kobo (bigint, read as a number).
 */
export async function sumAcademyTakings(
  executor: Executor,
  academyId: string,
): Promise<TakingsRow> {
  const result = await executor.execute(sql`
    select
      coalesce(sum(p.amount_kobo) filter (where p.status in ('succeeded', 'refunded')), 0)::bigint::text
        as gross,
      coalesce(sum(p.amount_kobo) filter (where p.status = 'refunded'), 0)::bigint::text as refunded
    from payments p
    join trial_registrations r on r.id = p.registration_id
    join trials t on t.id = r.trial_id
    where t.academy_id = ${academyId}`);
  const row = rowsOf<{ gross: string; refunded: string }>(result)[0];
  return { gross: Number(row?.gross ?? 0), refunded: Number(row?.refunded ?? 0), currency: 'NGN' };
}

export type RecentPaymentRow = {
  reference: string;
  amountKobo: number;
  currency: string;
  status: 'pending' | 'succeeded' | 'failed' | 'refunded';
  playerName: string;
  referenceCode: string;
  trialId: string;
  trialName: string;
  createdAt: Date | string;
  paidAt: Date | string | null;
  refundedAt: Date | string | null;
};

/** The latest payment attempts of the academy's trials (any status), newest first. */
export async function listRecentAcademyPayments(
  executor: Executor,
  input: { academyId: string; limit: number },
): Promise<RecentPaymentRow[]> {
  const result = await executor.execute(sql`
    select p.reference, p.amount_kobo as "amountKobo", p.currency, p.status,
      r.name as "playerName", r.reference_code as "referenceCode",
      t.id as "trialId", t.name as "trialName",
      p.created_at as "createdAt", p.paid_at as "paidAt", p.refunded_at as "refundedAt"
    from payments p
    join trial_registrations r on r.id = p.registration_id
    join trials t on t.id = r.trial_id
    where t.academy_id = ${input.academyId}
    order by p.created_at desc, p.id desc
    limit ${input.limit}`);
  return rowsOf<RecentPaymentRow>(result);
}
