import { ageOn, type AcademyTrialTab } from '@touchline/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../client';
import { trialRequirements, trials } from '../schema';
import { containsPattern, mediaJson, rowsOf, type MediaRef } from '../sql';

/**
 * Trials: create, edit (with its locks), cancel, and the hydrated views the API answers (the
 * academy card, requirements, the places taken and the viewer's own registration, in one
 * statement). Functions typed with `Transaction` must run inside the caller's transaction: they
 * lock the trial row, and the caller writes its outbox event in the same transaction.
 */

export type TrialRow = typeof trials.$inferSelect;
export type TrialSport = TrialRow['sport'];

const LIVE = sql.raw(`('pending_payment', 'registered', 'selected', 'rejected')`);

/* ----------------------------------------------------------------- create */

/** What an academy sets on a trial: the new trial takes them, its view shows them. */
export type TrialDetails = {
  academyId: string;
  name: string;
  sport: TrialSport;
  sportOther: string | null;
  state: string;
  district: string;
  venue: string;
  landmark: string;
  trialDate: string;
  startTime: string;
  deadline: string;
  minAge: number | null;
  maxAge: number | null;
  participantLimit: number | null;
  feeKobo: number;
  description: string;
};

export type NewTrial = TrialDetails & {
  imageMediaId: string | null;
  /** The requirement texts, in order (at most 5; the contract checks). */
  requirements: string[];
  /** Now by default (the demo seed backdates its world). */
  createdAt?: Date;
};

/** Inserts a trial and its requirements. The caller appends `trial.created` in the same transaction. */
export async function createTrial(tx: Transaction, input: NewTrial) {
  const { requirements, ...values } = input;
  const [row] = await tx.insert(trials).values(values).returning({ id: trials.id });
  const trialId = row!.id;
  if (requirements.length > 0) {
    await tx
      .insert(trialRequirements)
      .values(requirements.map((text, position) => ({ trialId, position, text })));
  }
  return { id: trialId };
}

/* ------------------------------------------------------------------- read */

export type TrialRequirementRow = { id: string; text: string };

export async function listTrialRequirements(
  executor: Executor,
  trialId: string,
): Promise<TrialRequirementRow[]> {
  return executor
    .select({ id: trialRequirements.id, text: trialRequirements.text })
    .from(trialRequirements)
    .where(eq(trialRequirements.trialId, trialId))
    .orderBy(asc(trialRequirements.position));
}

/** The plain trial row, or null. */
export async function findTrialById(executor: Executor, trialId: string) {
  const [row] = await executor.select().from(trials).where(eq(trials.id, trialId));
  return row ?? null;
}

/** The trial's row locked `FOR UPDATE` (null when missing), with whether anyone ever registered. */
export async function lockTrialForUpdate(tx: Transaction, trialId: string) {
  const [row] = await tx.select().from(trials).where(eq(trials.id, trialId)).for('update');
  if (!row) return null;
  const result = await tx.execute(
    sql`select exists (select 1 from trial_registrations where trial_id = ${trialId}) as any`,
  );
  const anyRegistration = Boolean(rowsOf<{ any: boolean }>(result)[0]?.any);
  return { trial: row, anyRegistration };
}

/** A viewer's registration of a trial as the trial's view carries it (json: times are strings). */
export type MyRegistrationJson = {
  id: string;
  reference_code: string;
  status: string;
  hold_expires_at: string | null;
  created_at: string;
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
    feeKobo: Number(row.feeKobo),
  };
}

/**
 * The hydrated trials named by a `page(trial_id, ord)` relation the caller defines in its `with`
 * clause, in `ord` order. `viewerId` (null for none) picks `myRegistration`.
 */
function trialViewsSql(viewerId: string | null) {
  return sql`
    select pg.ord, t.id, t.academy_id as "academyId", t.name, t.sport, t.sport_other as "sportOther",
      t.state, t.district, t.venue, t.landmark, t.trial_date::text as "trialDate",
      t.start_time as "startTime", t.deadline::text as deadline, t.min_age as "minAge",
      t.max_age as "maxAge", t.participant_limit as "participantLimit", t.fee_kobo as "feeKobo",
      t.currency, ${mediaJson('tm')} as image, t.description, t.status,
      t.cancel_reason as "cancelReason", t.registered_count as "registeredCount",
      t.created_at as "createdAt", au.username as "academyName", ${mediaJson('am')} as "academyPhoto",
      (au.is_active and au.academy_status = 'verified') as "academyVerified",
      (select coalesce(json_agg(json_build_object('id', q.id, 'text', q.text) order by q.position), '[]'::json)
        from trial_requirements q where q.trial_id = t.id) as requirements,
      (select json_build_object('id', r.id, 'reference_code', r.reference_code, 'status', r.status,
          'hold_expires_at', r.hold_expires_at, 'created_at', r.created_at,
          'payment', (select json_build_object('reference', p.reference, 'status', p.status,
              'authorization_url', p.authorization_url)
            from payments p where p.registration_id = r.id order by p.created_at desc limit 1))
        from trial_registrations r
        where r.trial_id = t.id and r.player_id = ${viewerId}::uuid
        order by (r.status in ${LIVE}) desc, r.created_at desc limit 1) as "myRegistration"
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
    ${trialViewsSql(null)}`);
  const rows = rowsOf<RawTrialViewRow>(result).map(toTrialViewRow);
  return { rows: rows.slice(0, input.pageSize), hasMore: rows.length > input.pageSize };
}

/* ------------------------------------------------------------------- edit */

export type TrialChanges = Partial<
  Pick<
    TrialRow,
    | 'name'
    | 'sport'
    | 'sportOther'
    | 'state'
    | 'district'
    | 'venue'
    | 'landmark'
    | 'trialDate'
    | 'startTime'
    | 'deadline'
    | 'minAge'
    | 'maxAge'
    | 'participantLimit'
    | 'feeKobo'
    | 'imageMediaId'
    | 'description'
  >
>;

export type UpdateTrialError =
  | 'not_found'
  | 'not_owner'
  | 'cancelled'
  | 'fee_locked'
  | 'sport_locked'
  | 'limit_below_count'
  | 'requirements_locked';

/**
 * Applies an owner's edit under the trial's row lock: refused when the trial is cancelled; fee
 * and sport cannot change once anyone registered (any registration row, whatever its status);
 * the limit never goes below the places taken; requirements cannot change once anyone registered
 * (their answers refer to them). `requirements` undefined keeps them. Answers the updated row and
 * the previous image id (the caller deletes a replaced poster after the commit). The merged
 * values' own rules (`trialRuleIssues`) are the service's, checked before calling.
 */
export async function updateTrial(
  tx: Transaction,
  input: {
    trialId: string;
    academyId: string;
    changes: TrialChanges;
    requirements?: string[];
    at: Date;
  },
): Promise<
  | { ok: true; trial: TrialRow; previousImageMediaId: string | null }
  | { ok: false; error: UpdateTrialError }
> {
  const locked = await lockTrialForUpdate(tx, input.trialId);
  if (!locked) return { ok: false, error: 'not_found' };
  const { trial, anyRegistration } = locked;
  if (trial.academyId !== input.academyId) return { ok: false, error: 'not_owner' };
  if (trial.status === 'cancelled') return { ok: false, error: 'cancelled' };
  const { changes } = input;
  if (anyRegistration) {
    if (changes.feeKobo !== undefined && changes.feeKobo !== trial.feeKobo)
      return { ok: false, error: 'fee_locked' };
    if (
      (changes.sport !== undefined && changes.sport !== trial.sport) ||
      (changes.sportOther !== undefined && (changes.sportOther ?? null) !== trial.sportOther)
    )
      return { ok: false, error: 'sport_locked' };
  }
  if (
    changes.participantLimit !== undefined &&
    changes.participantLimit !== null &&
    changes.participantLimit < trial.registeredCount
  )
    return { ok: false, error: 'limit_below_count' };
  if (input.requirements !== undefined) {
    const current = (await listTrialRequirements(tx, input.trialId)).map((r) => r.text);
    const same =
      current.length === input.requirements.length &&
      current.every((text, i) => text === input.requirements![i]);
    if (!same) {
      if (anyRegistration) return { ok: false, error: 'requirements_locked' };
      await tx.delete(trialRequirements).where(eq(trialRequirements.trialId, input.trialId));
      if (input.requirements.length > 0)
        await tx.insert(trialRequirements).values(
          input.requirements.map((text, position) => ({
            trialId: input.trialId,
            position,
            text,
          })),
        );
    }
  }
  const [updated] = await tx
    .update(trials)
    .set({ ...changes, updatedAt: input.at })
    .where(eq(trials.id, input.trialId))
    .returning();
  return { ok: true, trial: updated!, previousImageMediaId: trial.imageMediaId };
}

/* ----------------------------------------------------------------- cancel */

export type CancelledRegistration = {
  id: string;
  playerId: string;
  /** The status before the cancellation. */
  status: string;
};

/**
 * The owner cancels a trial: the trial is `cancelled` with the reason, every live registration
 * becomes `trial_cancelled` (places freed: the count goes to 0), pending payments fail
 * ('trial_cancelled'). Answers the affected registrations and the succeeded payments (refunded
 * by the worker's `payments.refund_trial`). The caller appends `trial.cancelled`.
 */
export async function cancelTrial(
  tx: Transaction,
  input: { trialId: string; academyId: string; reason: string; at: Date },
): Promise<
  | {
      ok: true;
      registrations: CancelledRegistration[];
      succeededPayments: { id: string; registrationId: string }[];
    }
  | { ok: false; error: 'not_found' | 'not_owner' | 'cancelled' }
> {
  const locked = await lockTrialForUpdate(tx, input.trialId);
  if (!locked) return { ok: false, error: 'not_found' };
  if (locked.trial.academyId !== input.academyId) return { ok: false, error: 'not_owner' };
  if (locked.trial.status === 'cancelled') return { ok: false, error: 'cancelled' };
  await tx
    .update(trials)
    .set({
      status: 'cancelled',
      cancelReason: input.reason,
      cancelledAt: input.at,
      registeredCount: 0,
      updatedAt: input.at,
    })
    .where(eq(trials.id, input.trialId));
  const cancelled = await tx.execute(sql`
    with live as (
      select id, status from trial_registrations
      where trial_id = ${input.trialId} and status in ${LIVE}
      for update
    )
    update trial_registrations r
    set status = 'trial_cancelled', hold_expires_at = null, updated_at = ${input.at.toISOString()}::timestamptz
    from live
    where r.id = live.id
    returning r.id, r.player_id as "playerId", live.status`);
  const registrations = rowsOf<CancelledRegistration>(cancelled);
  await tx.execute(sql`
    update payments p set status = 'failed', failure_reason = 'trial_cancelled', updated_at = ${input.at.toISOString()}::timestamptz
    from trial_registrations r
    where p.registration_id = r.id and r.trial_id = ${input.trialId} and p.status = 'pending'`);
  const paid = await tx.execute(sql`
    select p.id, p.registration_id as "registrationId"
    from payments p join trial_registrations r on r.id = p.registration_id
    where r.trial_id = ${input.trialId} and p.status = 'succeeded'
    order by p.created_at`);
  return {
    ok: true,
    registrations,
    succeededPayments: rowsOf<{ id: string; registrationId: string }>(paid),
  };
}

/* ---------------------------------------------------------------- helpers */

/** Whether a player of `dob` fits the trial's age range on its date. */
export function ageFits(
  trial: Pick<TrialRow, 'trialDate' | 'minAge' | 'maxAge'>,
  dob: string,
): boolean {
  const age = ageOn(dob, trial.trialDate);
  return (
    (trial.minAge === null || age >= trial.minAge) && (trial.maxAge === null || age <= trial.maxAge)
  );
}
