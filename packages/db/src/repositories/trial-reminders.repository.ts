import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';

/** A registrant to remind of their trial. */
export type ReminderRow = {
  registrationId: string;
  playerId: string;
  referenceCode: string;
  name: string;
  /** The player's account address, not the form's (issue 25 item 10, decision 56). */
  email: string;
  trialId: string;
  trialName: string;
  trialDate: string;
  startTime: string;
  venue: string;
};

/**
 * Picks the `registered` and `selected` registrants of active trials starting within
 * `withinHours` of `now` (start = trial date and time in Lagos, UTC+1) who were not reminded, and
 * stamps `reminded_at` in the same statement: a registrant is answered once, however often or
 * concurrently this runs.
 */
export async function pickRemindersDue(
  executor: Executor,
  input: { now: Date; withinHours: number; limit?: number },
): Promise<ReminderRow[]> {
  const result = await executor.execute(sql`
    with due as (
      select r.id
      from trial_registrations r join trials t on t.id = r.trial_id
      where r.status in ('registered', 'selected') and r.reminded_at is null
        and t.status = 'active'
        and ((t.trial_date + t.start_time::time) - interval '1 hour') at time zone 'UTC'
          between ${input.now.toISOString()}::timestamptz and ${input.now.toISOString()}::timestamptz + make_interval(hours => ${input.withinHours})
      order by r.id
      limit ${input.limit ?? 1000}
      for update of r skip locked
    )
    update trial_registrations r set reminded_at = ${input.now.toISOString()}::timestamptz
    from due, trials t, users u
    where r.id = due.id and t.id = r.trial_id and u.id = r.player_id
    returning r.id as "registrationId", r.player_id as "playerId", r.reference_code as "referenceCode",
      r.name, u.email, t.id as "trialId", t.name as "trialName", t.trial_date::text as "trialDate",
      t.start_time as "startTime", t.venue`);
  return rowsOf<ReminderRow>(result);
}
