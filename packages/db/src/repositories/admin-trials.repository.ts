import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { allOf, cursorOf, olderThan, windowSql, type AdminListPosition } from './admin-paging';
import { containsPattern, rowsOf } from '../sql';

/** A trial as the administrators' list shows it, with its academy. */
export type AdminTrialRow = {
  id: string;
  name: string;
  sport: string;
  state: string;
  district: string;
  venue: string;
  trialDate: string;
  startTime: string;
  status: 'active' | 'cancelled';
  cancelReason: string | null;
  registeredCount: number;
  participantLimit: number | null;
  feeKobo: number;
  currency: string;
  academyId: string;
  academyName: string;
  createdAt: Date | string;
  cursor: string;
};

/**
 * Every trial (any academy, any date) newest first, after `before` when given: name, venue,
 * district, state or the academy's name containing `search`; by status when given.
 */
export async function listAdminTrials(
  executor: Executor,
  input: {
    /** One trial only (`findAdminTrial`). */
    id?: string;
    search?: string;
    status?: 'active' | 'cancelled';
    before?: AdminListPosition;
    offset?: number;
    limit: number;
  },
): Promise<AdminTrialRow[]> {
  const conditions = [];
  if (input.search) {
    const like = containsPattern(input.search);
    conditions.push(sql`(t.name ilike ${like} or t.venue ilike ${like} or t.district ilike ${like}
      or t.state ilike ${like} or a.username ilike ${like})`);
  }
  if (input.id) conditions.push(sql`t.id = ${input.id}`);
  if (input.status) conditions.push(sql`t.status = ${input.status}`);
  if (input.before) conditions.push(olderThan('t', input.before));
  const result = await executor.execute(sql`
    select t.id, t.name, t.sport, t.state, t.district, t.venue,
      to_char(t.trial_date, 'YYYY-MM-DD') as "trialDate", t.start_time as "startTime", t.status,
      t.cancel_reason as "cancelReason", t.registered_count as "registeredCount",
      t.participant_limit as "participantLimit", t.fee_kobo as "feeKobo", t.currency,
      a.id as "academyId", a.username as "academyName", t.created_at as "createdAt",
      ${cursorOf('t')} as cursor
    from trials t
    join users a on a.id = t.academy_id
    where ${allOf(conditions)}
    order by t.created_at desc, t.id desc
    ${windowSql(input)}`);
  return rowsOf<AdminTrialRow>(result);
}

/** One trial as the administrators' list shows it (null when missing). */
export async function findAdminTrial(
  executor: Executor,
  trialId: string,
): Promise<AdminTrialRow | null> {
  const [row] = await listAdminTrials(executor, { id: trialId, limit: 1 });
  return row ?? null;
}
