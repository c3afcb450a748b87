import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../client';
import { trialRegistrations, trials, users } from '../schema';
import { mediaJson, rowsOf, type MediaRef } from '../sql';
import { cursorOf, type AdminListPosition } from './admin-paging';
import { waitlistPositionSql } from './waitlist.repository';
import type {
  RegistrantDetails,
  RegistrationRow,
  RegistrationStatusValue,
} from './registrations.repository';

/**
 * Reading registrations: one with its trial, a trial's registrants (the academy's table) and a
 * player's history.
 */

/** A registration with its trial's owner, name and deadline (permission checks, notifications). */
export type RegistrationDetail = RegistrationRow & {
  trialName: string;
  academyId: string;
  trialDate: string;
  startTime: string;
  venue: string;
  deadline: string;
  trialStatus: 'active' | 'cancelled';
  cancelReason: string | null;
  feeKobo: number;
  currency: string;
  academyName: string;
  /**
   * The player's account address (verified at signup): trial e-mails and the payment provider's
   * receipt go here, never to the address typed into the form (issue 25 item 10, decision 56).
   */
  accountEmail: string;
};

const player = alias(users, 'player');

export async function findRegistration(
  executor: Executor,
  registrationId: string,
): Promise<RegistrationDetail | null> {
  const [row] = await executor
    .select({
      registration: trialRegistrations,
      trialName: trials.name,
      academyId: trials.academyId,
      trialDate: trials.trialDate,
      startTime: trials.startTime,
      venue: trials.venue,
      deadline: trials.deadline,
      trialStatus: trials.status,
      cancelReason: trials.cancelReason,
      feeKobo: trials.feeKobo,
      currency: trials.currency,
      academyName: users.username,
      accountEmail: player.email,
    })
    .from(trialRegistrations)
    .innerJoin(trials, eq(trials.id, trialRegistrations.trialId))
    .innerJoin(users, eq(users.id, trials.academyId))
    .innerJoin(player, eq(player.id, trialRegistrations.playerId))
    .where(eq(trialRegistrations.id, registrationId));
  if (!row) return null;
  const { registration, ...trial } = row;
  return { ...registration, ...trial };
}

/**
 * The academy that owns registration `r`'s trial may read it: shown to it (not waiting for or
 * declined by a guardian, decision 42) and no block between the player and the academy either
 * way (issue 25 item 9: a block ends the academy's reach, registrant data included).
 */
export const academyMayReadSql = sql`r.academy_visible and not exists (
  select 1 from blocks b join trials bt on bt.id = r.trial_id
  where (b.blocker_id = r.player_id and b.blocked_id = bt.academy_id)
     or (b.blocker_id = bt.academy_id and b.blocked_id = r.player_id))`;

/** One registrant of the academy's table (json fields: times are strings). */
export type RegistrantRow = RegistrantDetails & {
  id: string;
  referenceCode: string;
  playerId: string;
  photo: MediaRef | null;
  status: RegistrationStatusValue;
  paymentStatus: 'pending' | 'succeeded' | 'failed' | 'refunded' | null;
  createdAt: Date;
  /** Trial-day check-in (decision 50), null until checked in. */
  checkedInAt: Date | null;
  answers: { requirement_id: string; requirement: string; answer: string }[];
  /** Where the player's trial e-mails go (see `RegistrationDetail.accountEmail`); not shown. */
  accountEmail: string;
  /** The row's keyset position, `<created_at to the microsecond>Z~<id>` (the next page's `after`). */
  cursor: string;
};

/**
 * A trial's registrants, oldest first, with their answers (requirement order) and latest payment
 * status. `statuses` narrows the list (all by default). Ownership is the caller's check.
 */
export async function listRegistrants(
  executor: Executor,
  input: {
    trialId: string;
    statuses?: RegistrationStatusValue[];
    /** Only what the academy may read (`academyMayReadSql`: visible, no block between them). */
    academyVisible?: boolean;
    /** Strictly after this (created_at, id) position: the next page of the oldest-first list. */
    after?: AdminListPosition;
    /** At most this many rows (none: all). */
    limit?: number;
    /** Keep rows whose name, code, e-mail, phone, state or LGA hold every word (any case). */
    words?: string[];
  },
): Promise<RegistrantRow[]> {
  const only =
    input.statuses && input.statuses.length > 0
      ? sql`and r.status = any(string_to_array(${input.statuses.join(',')}, ','))`
      : sql``;
  const visible = input.academyVisible ? sql`and ${academyMayReadSql}` : sql``;
  const after = input.after
    ? sql`and (r.created_at, r.id) > (${input.after.createdAt}::timestamptz, ${input.after.id}::uuid)`
    : sql``;
  // Words are compared with strpos, not LIKE: a typed % or _ is a character, never a pattern.
  const haystack = sql`lower(concat_ws(' ', r.name, r.reference_code, r.email, r.phone, r.state, r.district))`;
  const search = sql.join(
    (input.words ?? []).map((word) => sql`and strpos(${haystack}, ${word.toLowerCase()}) > 0`),
    sql` `,
  );
  const limit = input.limit === undefined ? sql`` : sql`limit ${input.limit}`;
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.player_id as "playerId",
      ${mediaJson('pm')} as photo, r.name, r.dob::text as dob, r.phone, r.email, r.state,
      r.district, r.level, r.status, r.created_at as "createdAt",
      r.checked_in_at as "checkedInAt", u.email as "accountEmail", ${cursorOf('r')} as cursor,
      (select p.status from payments p where p.registration_id = r.id
        order by p.created_at desc limit 1) as "paymentStatus",
      (select coalesce(json_agg(json_build_object('requirement_id', q.id, 'requirement', q.text,
          'answer', a.answer) order by q.position), '[]'::json)
        from trial_registration_answers a join trial_requirements q on q.id = a.requirement_id
        where a.registration_id = r.id) as answers
    from trial_registrations r
    join users u on u.id = r.player_id
    left join media_objects pm on pm.id = u.profile_photo_media_id
    where r.trial_id = ${input.trialId} ${only} ${visible} ${after} ${search}
    order by r.created_at, r.id ${limit}`);
  return rowsOf<
    Omit<RegistrantRow, 'createdAt' | 'checkedInAt'> & {
      createdAt: Date | string;
      checkedInAt: Date | string | null;
    }
  >(result).map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    checkedInAt: r.checkedInAt ? new Date(r.checkedInAt) : null,
  }));
}

/**
 * The academy's counts over a trial's whole registrants list (what it may read): everyone, and
 * the attendance — those holding a place (`CHECK_IN_STATUSES`) and how many of them checked in.
 */
export async function registrantCounts(
  executor: Executor,
  trialId: string,
): Promise<{ total: number; expected: number; checkedIn: number }> {
  const result = await executor.execute(sql`
    select count(*)::int as total,
      count(*) filter (where r.status in ('registered', 'selected', 'rejected'))::int as expected,
      count(*) filter (where r.status in ('registered', 'selected', 'rejected')
        and r.checked_in_at is not null)::int as "checkedIn"
    from trial_registrations r
    where r.trial_id = ${trialId} and ${academyMayReadSql}`);
  return rowsOf<{ total: number; expected: number; checkedIn: number }>(result)[0]!;
}

/** One entry of a player's history (json fields: times are strings). */
export type TrialHistoryRow = {
  id: string;
  referenceCode: string;
  status: RegistrationStatusValue;
  holdExpiresAt: Date | null;
  createdAt: Date;
  /** The place in line of a waitlisted registration, else null (decision 49). */
  waitlistPosition: number | null;
  trial: {
    id: string;
    name: string;
    sport: 'football' | 'basketball' | 'other';
    sportOther: string | null;
    state: string;
    district: string;
    venue: string;
    trialDate: string;
    startTime: string;
    deadline: string;
    feeKobo: number;
    currency: string;
    image: MediaRef | null;
    status: 'active' | 'cancelled';
    cancelReason: string | null;
    academyId: string;
    academyName: string;
    academyPhoto: MediaRef | null;
  };
  payment: { reference: string; status: string; authorization_url: string | null } | null;
};

/** The player's registrations, newest first (one page, offset paging). */
export async function trialHistory(
  executor: Executor,
  input: { playerId: string; page: number; pageSize: number },
): Promise<{ rows: TrialHistoryRow[]; hasMore: boolean }> {
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.status, r.hold_expires_at as "holdExpiresAt",
      r.created_at as "createdAt", ${waitlistPositionSql('r')} as "waitlistPosition",
      json_build_object('id', t.id, 'name', t.name, 'sport', t.sport, 'sportOther', t.sport_other,
        'state', t.state, 'district', t.district, 'venue', t.venue,
        'trialDate', t.trial_date::text, 'startTime', t.start_time, 'deadline', t.deadline::text,
        'feeKobo', t.fee_kobo, 'currency', t.currency, 'image', ${mediaJson('tm')},
        'status', t.status, 'cancelReason', t.cancel_reason, 'academyId', t.academy_id,
        'academyName', au.username, 'academyPhoto', ${mediaJson('am')}) as trial,
      (select json_build_object('reference', p.reference, 'status', p.status,
          'authorization_url', p.authorization_url)
        from payments p where p.registration_id = r.id order by p.created_at desc limit 1) as payment
    from trial_registrations r
    join trials t on t.id = r.trial_id
    join users au on au.id = t.academy_id
    left join media_objects tm on tm.id = t.image_media_id
    left join media_objects am on am.id = au.profile_photo_media_id
    where r.player_id = ${input.playerId}
    order by r.created_at desc, r.id desc
    limit ${input.pageSize + 1} offset ${(input.page - 1) * input.pageSize}`);
  const rows = rowsOf<
    Omit<TrialHistoryRow, 'createdAt' | 'holdExpiresAt'> & {
      createdAt: Date | string;
      holdExpiresAt: Date | string | null;
    }
  >(result).map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt),
    holdExpiresAt: r.holdExpiresAt === null ? null : new Date(r.holdExpiresAt),
  }));
  return { rows: rows.slice(0, input.pageSize), hasMore: rows.length > input.pageSize };
}

/** A registration waiting for a guardian, as `/guardian/home` lists it (decision 42). */
export type PendingApprovalRow = {
  id: string;
  referenceCode: string;
  holdExpiresAt: Date | string | null;
  createdAt: Date | string;
  trialId: string;
  trialName: string;
  trialDate: string;
  venue: string;
  academyName: string;
  feeKobo: number;
  currency: string;
  /** The guardian's own latest payment for it (their checkout), or null. */
  payment: { reference: string; status: string; authorization_url: string | null } | null;
};

/**
 * The child's registrations waiting for a guardian, oldest first, each with `guardianId`'s own
 * latest payment (the caller checked the guardian's live link to the child).
 */
export async function listPendingApprovals(
  executor: Executor,
  input: { childId: string; guardianId: string },
): Promise<PendingApprovalRow[]> {
  const result = await executor.execute(sql`
    select r.id, r.reference_code as "referenceCode", r.hold_expires_at as "holdExpiresAt",
      r.created_at as "createdAt", t.id as "trialId", t.name as "trialName",
      t.trial_date::text as "trialDate", t.venue, a.username as "academyName",
      t.fee_kobo as "feeKobo", t.currency,
      (select json_build_object('reference', p.reference, 'status', p.status,
          'authorization_url', p.authorization_url)
        from payments p where p.registration_id = r.id and p.payer_id = ${input.guardianId}
        order by p.created_at desc limit 1) as payment
    from trial_registrations r
    join trials t on t.id = r.trial_id
    join users a on a.id = t.academy_id
    where r.player_id = ${input.childId} and r.status = 'awaiting_guardian'
    order by r.created_at, r.id
    limit 50`);
  return rowsOf<PendingApprovalRow>(result).map((r) => ({ ...r, feeKobo: Number(r.feeKobo) }));
}
