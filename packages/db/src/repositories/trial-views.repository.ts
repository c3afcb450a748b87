import { sql } from 'drizzle-orm';
import type { AcademyTrialTab } from '@touchline/shared';
import type { Executor } from '../client';
import { containsPattern, mediaJson, rowsOf, type MediaRef } from '../sql';
import { HIDDEN_HELD } from './dashboard.repository';
import { ONE_PER_PLAYER_STATUSES } from './registrations.repository';
import { waitlistPositionSql } from './waitlist.repository';
import type { TrialDetails, TrialRequirementRow, TrialSport } from './trials.repository';

/**
 * Trials as the API answers them: the academy card, requirements, the places taken and the
 * viewer's own registration, hydrated in the same statement as the page that names them.
 */

/** A viewer's registration of a trial as the trial's view carries it (json: times are strings). */
export type MyRegistrationJson = {
  id: string;
  reference_code: string;
  status: string;
  hold_expires_at: string | null;
  created_at: string;
  /** The place in line of a waitlisted registration, else null (decision 49). */
  waitlist_position: number | null;
  payment: { reference: string; status: string; authorization_url: string | null } | null;
};

/** One trial with everything its card and page show. */
export type TrialViewRow = TrialDetails & {
  id: string;
  currency: string;
  image: MediaRef | null;
  status: 'active' | 'cancelled';
  cancelReason: string | null;
  registeredCount: number;
  /**
   * Players in the waitlist; for the trial's academy only those it may see (not a consented
   * minor's, whose promotion would wait for a guardian: decisions 42, 49).
   */
  waitlistCount: number;
  createdAt: Date;
  academyName: string;
  academyPhoto: MediaRef | null;
  /** The academy is active and verified (registrations are only taken then). */
  academyVerified: boolean;
  requirements: TrialRequirementRow[];
  /** The viewer's live registration, else their latest one, else null. */
  myRegistration: MyRegistrationJson | null;
};

type RawTrialViewRow = Omit<TrialViewRow, 'createdAt'> & { createdAt: Date | string; ord: number };

function toTrialViewRow(row: RawTrialViewRow): TrialViewRow {
  const { ord: _ord, ...rest } = row;
  return {
    ...rest,
    createdAt: new Date(row.createdAt),
    registeredCount: Number(row.registeredCount),
    waitlistCount: Number(row.waitlistCount),
    feeKobo: Number(row.feeKobo),
  };
}

/**
 * The hydrated trials named by a `page(trial_id, ord)` relation the caller defines in its `with`
 * clause, in `ord` order. `viewerId` (null for none) picks `myRegistration`; when it is the
 * trial's academy, `registeredCount` leaves out places held for a guardian (decision 42).
 */
function trialViewsSql(viewerId: string | null) {
  return sql`
    select pg.ord, t.id, t.academy_id as "academyId", t.name, t.sport, t.sport_other as "sportOther",
      t.state, t.district, t.venue, t.landmark, t.trial_date::text as "trialDate",
      t.start_time as "startTime", t.deadline::text as deadline, t.min_age as "minAge",
      t.max_age as "maxAge", t.participant_limit as "participantLimit", t.fee_kobo as "feeKobo",
      t.currency, ${mediaJson('tm')} as image, t.description, t.status,
      t.cancel_reason as "cancelReason",
      case when t.academy_id = ${viewerId}::uuid then t.registered_count - ${HIDDEN_HELD}
        else t.registered_count end as "registeredCount",
      (select count(*) from trial_registrations w join users wu on wu.id = w.player_id
        where w.trial_id = t.id and w.status = 'waitlisted'
          and (t.academy_id is distinct from ${viewerId}::uuid or wu.consent_status <> 'given'))::int
        as "waitlistCount",
      t.created_at as "createdAt", au.username as "academyName", ${mediaJson('am')} as "academyPhoto",
      (au.is_active and au.academy_status = 'verified') as "academyVerified",
      (select coalesce(json_agg(json_build_object('id', q.id, 'text', q.text) order by q.position), '[]'::json)
        from trial_requirements q where q.trial_id = t.id) as requirements,
      (select json_build_object('id', r.id, 'reference_code', r.reference_code, 'status', r.status,
          'hold_expires_at', r.hold_expires_at, 'created_at', r.created_at,
          'waitlist_position', ${waitlistPositionSql('r')},
          'payment', (select json_build_object('reference', p.reference, 'status', p.status,
              'authorization_url', p.authorization_url)
            from payments p where p.registration_id = r.id order by p.created_at desc limit 1))
        from trial_registrations r
        where r.trial_id = t.id and r.player_id = ${viewerId}::uuid
        order by (r.status in ${ONE_PER_PLAYER_STATUSES}) desc, r.created_at desc limit 1) as "myRegistration"
    from page pg
    join trials t on t.id = pg.trial_id
    join users au on au.id = t.academy_id
    left join media_objects tm on tm.id = t.image_media_id
    left join media_objects am on am.id = au.profile_photo_media_id
    order by pg.ord`;
}

/** One trial as `viewerId` (null: nobody in particular) sees it, or null when missing. */
export async function getTrialView(
  executor: Executor,
  input: { trialId: string; viewerId: string | null },
): Promise<TrialViewRow | null> {
  const result = await executor.execute(sql`
    with page as (select ${input.trialId}::uuid as trial_id, 1 as ord)
    ${trialViewsSql(input.viewerId)}`);
  const [row] = rowsOf<RawTrialViewRow>(result);
  return row ? toTrialViewRow(row) : null;
}

/** Trials (as `getTrialView`) by ids, in the order given; missing ids are left out. */
export async function getTrialViews(
  executor: Executor,
  input: { trialIds: string[]; viewerId: string | null },
): Promise<TrialViewRow[]> {
  if (input.trialIds.length === 0) return [];
  const result = await executor.execute(sql`
    with page as (
      select x.id::uuid as trial_id, x.ord
      from unnest(string_to_array(${input.trialIds.join(',')}, ',')) with ordinality as x(id, ord)
    )
    ${trialViewsSql(input.viewerId)}`);
  return rowsOf<RawTrialViewRow>(result).map(toTrialViewRow);
}

export type TrialListFilters = {
  /** Name, venue, district or state (substring, and typo-tolerant on the name). */
  search?: string;
  sport?: TrialSport;
  state?: string;
  payment?: 'free' | 'paid';
  /** Today in Lagos (`YYYY-MM-DD`). */
  today: string;
  /** The viewer (their registration; trials of academies blocked either way are left out). */
  viewerId: string | null;
  page: number;
  pageSize: number;
};

/**
 * The public list: active trials of active verified academies from today on, open ones first
 * (deadline not passed), then by trial date. One page (offset paging) and whether more exist.
 */
export async function listTrials(
  executor: Executor,
  input: TrialListFilters,
): Promise<{ rows: TrialViewRow[]; hasMore: boolean }> {
  const q = input.search?.trim().toLowerCase() ?? '';
  const like = containsPattern(q);
  const conditions = [
    sql`t.status = 'active'`,
    sql`t.trial_date >= ${input.today}::date`,
    sql`au.is_active and au.academy_status = 'verified'`,
  ];
  if (q)
    conditions.push(sql`(t.name ilike ${like} or t.venue ilike ${like} or t.district ilike ${like}
      or t.state ilike ${like} or ${q} <% t.name)`);
  if (input.sport) conditions.push(sql`t.sport = ${input.sport}`);
  if (input.state) conditions.push(sql`t.state = ${input.state}`);
  if (input.payment === 'free') conditions.push(sql`t.fee_kobo = 0`);
  if (input.payment === 'paid') conditions.push(sql`t.fee_kobo > 0`);
  if (input.viewerId)
    conditions.push(sql`not exists (select 1 from blocks b
      where (b.blocker_id = ${input.viewerId} and b.blocked_id = t.academy_id)
         or (b.blocker_id = t.academy_id and b.blocked_id = ${input.viewerId}))`);
  const offset = (input.page - 1) * input.pageSize;
  const result = await executor.execute(sql`
    with page as (
      select t.id as trial_id,
        row_number() over (order by (t.deadline < ${input.today}::date), t.trial_date, t.start_time, t.id) as ord
      from trials t join users au on au.id = t.academy_id
      where ${sql.join(conditions, sql` and `)}
      order by (t.deadline < ${input.today}::date), t.trial_date, t.start_time, t.id
      limit ${input.pageSize + 1} offset ${offset}
    )
    ${trialViewsSql(input.viewerId)}`);
  const rows = rowsOf<RawTrialViewRow>(result).map(toTrialViewRow);
  return { rows: rows.slice(0, input.pageSize), hasMore: rows.length > input.pageSize };
}

/**
 * The academy's own trials by tab (today in Lagos): upcoming (active, after today, soonest first),
 * today (active, today), completed (active, before today, latest first), cancelled (latest
 * cancellation first).
 */
export async function listAcademyTrials(
  executor: Executor,
  input: {
    academyId: string;
    tab: AcademyTrialTab;
    today: string;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: TrialViewRow[]; hasMore: boolean }> {
  const today = sql`${input.today}::date`;
  const tab = {
    upcoming: {
      where: sql`t.status = 'active' and t.trial_date > ${today}`,
      order: sql`t.trial_date, t.start_time, t.id`,
    },
    today: {
      where: sql`t.status = 'active' and t.trial_date = ${today}`,
      order: sql`t.start_time, t.id`,
    },
    completed: {
      where: sql`t.status = 'active' and t.trial_date < ${today}`,
      order: sql`t.trial_date desc, t.start_time desc, t.id desc`,
    },
    cancelled: {
      where: sql`t.status = 'cancelled'`,
      order: sql`t.cancelled_at desc nulls last, t.id desc`,
    },
  }[input.tab];
  const offset = (input.page - 1) * input.pageSize;
  const result = await executor.execute(sql`
    with page as (
      select t.id as trial_id, row_number() over (order by ${tab.order}) as ord
      from trials t
      where t.academy_id = ${input.academyId} and ${tab.where}
      order by ${tab.order}
      limit ${input.pageSize + 1} offset ${offset}
    )
    ${trialViewsSql(input.academyId)}`);
  const rows = rowsOf<RawTrialViewRow>(result).map(toTrialViewRow);
  return { rows: rows.slice(0, input.pageSize), hasMore: rows.length > input.pageSize };
}
