import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { rowsOf } from '../sql';
import { academyMayReadSql } from './registration-reads.repository';

/** A registration as the trial-day attendance list shows it (supplement §17, decision 50). */
export type AttendanceRow = {
  id: string;
  referenceCode: string;
  playerId: string;
  name: string;
  status: string;
  checkedInAt: Date | null;
};

export type CheckInResult =
  | { ok: true; alreadyCheckedIn: boolean; row: AttendanceRow }
  | { ok: false; reason: 'not_found' | 'not_allowed' };

const checkInStatuses = sql`('registered', 'selected', 'rejected')`;

const toRow = (r: Record<string, unknown>): AttendanceRow => ({
  id: r.id as string,
  referenceCode: r.referenceCode as string,
  playerId: r.playerId as string,
  name: r.name as string,
  status: r.status as string,
  checkedInAt: r.checkedInAt ? new Date(r.checkedInAt as string) : null,
});

/**
 * Checks in the registration with this reference code on this trial (the caller checked the
 * trial's owner). Only a place-holding, academy-visible registration (registered / selected /
 * rejected) can be; a second check-in keeps the first time and answers `alreadyCheckedIn`. One
 * conditional update, so concurrent scans of the same code check in once.
 */
export async function checkInRegistration(
  executor: Executor,
  input: { trialId: string; referenceCode: string; by: string; at: Date },
): Promise<CheckInResult> {
  const updated = rowsOf<Record<string, unknown>>(
    await executor.execute(sql`
      update trial_registrations r set checked_in_at = ${input.at.toISOString()}::timestamptz,
        checked_in_by = ${input.by}, updated_at = now()
      where r.trial_id = ${input.trialId} and r.reference_code = ${input.referenceCode}
        and ${academyMayReadSql} and r.status in ${checkInStatuses} and r.checked_in_at is null
      returning id, reference_code as "referenceCode", player_id as "playerId", name, status,
        checked_in_at as "checkedInAt"`),
  );
  if (updated[0]) return { ok: true, alreadyCheckedIn: false, row: toRow(updated[0]) };
  const [existing] = rowsOf<Record<string, unknown>>(
    await executor.execute(sql`
      select id, reference_code as "referenceCode", player_id as "playerId", name, status,
        checked_in_at as "checkedInAt", ${academyMayReadSql} as "academyMayRead"
      from trial_registrations r
      where trial_id = ${input.trialId} and reference_code = ${input.referenceCode}`),
  );
  // A registration the academy may not see (or whose player it is blocked from) reads as missing.
  if (!existing || !existing.academyMayRead) return { ok: false, reason: 'not_found' };
  if (existing.checkedInAt) return { ok: true, alreadyCheckedIn: true, row: toRow(existing) };
  return { ok: false, reason: 'not_allowed' };
}

/** The trial's registrations the academy can check in or that were marked no-show, by name. */
export async function listAttendance(
  executor: Executor,
  trialId: string,
): Promise<AttendanceRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await executor.execute(sql`
      select r.id, r.reference_code as "referenceCode", r.player_id as "playerId", r.name, r.status,
        r.checked_in_at as "checkedInAt"
      from trial_registrations r
      where r.trial_id = ${trialId} and ${academyMayReadSql}
        and (r.status in ${checkInStatuses} or r.status = 'no_show')
      order by lower(name), id`),
  );
  return rows.map(toRow);
}

/** A registration the no-show sweep marked. */
export type NoShowRow = {
  registrationId: string;
  playerId: string;
  trialId: string;
  trialName: string;
};

/**
 * Marks `no_show` the registered (not yet selected/rejected) registrants not checked in of active
 * trials whose day has ended in Lagos (UTC+1, no daylight saving) before `now`. Idempotent: a
 * marked one is not `registered` any more. Selected / rejected ones keep their outcome.
 */
export async function markNoShows(
  executor: Executor,
  input: { now: Date; limit?: number },
): Promise<NoShowRow[]> {
  const result = await executor.execute(sql`
    with due as (
      select r.id
      from trial_registrations r join trials t on t.id = r.trial_id
      where r.status = 'registered' and r.checked_in_at is null and r.academy_visible
        and t.status = 'active'
        and ((t.trial_date + 1)::timestamp - interval '1 hour') at time zone 'UTC'
          <= ${input.now.toISOString()}::timestamptz
      order by r.id
      limit ${input.limit ?? 1000}
      for update of r skip locked
    )
    update trial_registrations r set status = 'no_show', updated_at = now()
    from due, trials t
    where r.id = due.id and t.id = r.trial_id
    returning r.id as "registrationId", r.player_id as "playerId", t.id as "trialId",
      t.name as "trialName"`);
  return rowsOf<NoShowRow>(result);
}
