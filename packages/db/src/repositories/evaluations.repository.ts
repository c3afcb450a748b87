import { sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { trialEvaluations, type EvaluationScore } from '../schema';
import { rowsOf } from '../sql';
import { academyMayReadSql } from './registration-reads.repository';

/**
 * Trial-day evaluations (supplement §17, decision 51): the academy's scores, notes and
 * measurements of one registrant; the player's shared feedback; the measured values a profile
 * shows; evaluation progress per trial. Every read is scoped by its owner in the WHERE clause.
 */

export type EvaluationMeasurements = {
  heightCm: number | null;
  weightKg: number | null;
  sprint30mSeconds: number | null;
  standingReachCm: number | null;
};

export type EvaluationRow = EvaluationMeasurements & {
  scores: EvaluationScore[];
  notes: string;
  sharedAt: Date | null;
  updatedAt: Date;
};

/** What deciding and answering an evaluation needs, read in one statement. */
export type EvaluationFacts = {
  registrationId: string;
  playerId: string;
  name: string;
  referenceCode: string;
  status: string;
  /** The academy may read it: shown to it and no block between them (`academyMayReadSql`). */
  academyVisible: boolean;
  checkedInAt: Date | string | null;
  trialId: string;
  trialName: string;
  trialDate: string;
  evaluation: EvaluationRow | null;
};

const measurementColumns = sql`e.height_cm as "heightCm", e.weight_kg::float8 as "weightKg",
  e.sprint_30m_seconds::float8 as "sprint30mSeconds", e.standing_reach_cm as "standingReachCm"`;

type RawEvaluation = Omit<EvaluationRow, 'sharedAt' | 'updatedAt'> & {
  sharedAt: Date | string | null;
  updatedAt: Date | string;
};
const toEvaluation = (e: RawEvaluation): EvaluationRow => ({
  ...e,
  sharedAt: e.sharedAt === null ? null : new Date(e.sharedAt),
  updatedAt: new Date(e.updatedAt),
});

/**
 * One registration of `academyId`'s trial with its evaluation (null when it is another academy's
 * or unknown: the caller answers 404). `forUpdate` locks the registration row.
 */
export async function findEvaluationFacts(
  executor: Executor,
  input: { registrationId: string; academyId: string; forUpdate?: boolean },
): Promise<EvaluationFacts | null> {
  const result = await executor.execute(sql`
    select r.id as "registrationId", r.player_id as "playerId", r.name,
      r.reference_code as "referenceCode", r.status, ${academyMayReadSql} as "academyVisible",
      r.checked_in_at as "checkedInAt", t.id as "trialId", t.name as "trialName", t.trial_date::text as "trialDate",
      (select json_build_object('scores', e.scores, 'notes', e.notes, 'sharedAt', e.shared_at,
          'updatedAt', e.updated_at, 'heightCm', e.height_cm, 'weightKg', e.weight_kg::float8,
          'sprint30mSeconds', e.sprint_30m_seconds::float8, 'standingReachCm', e.standing_reach_cm)
        from trial_evaluations e where e.registration_id = r.id) as evaluation
    from trial_registrations r
    join trials t on t.id = r.trial_id
    where r.id = ${input.registrationId} and t.academy_id = ${input.academyId}
    ${input.forUpdate ? sql`for update of r` : sql``}`);
  const [row] = rowsOf<Omit<EvaluationFacts, 'evaluation'> & { evaluation: RawEvaluation | null }>(
    result,
  );
  if (!row) return null;
  return { ...row, evaluation: row.evaluation ? toEvaluation(row.evaluation) : null };
}

/** The criteria last used on this trial (so every registrant is scored on the same set), or []. */
export async function latestTrialCriteria(executor: Executor, trialId: string): Promise<string[]> {
  const result = await executor.execute(sql`
    select e.scores from trial_evaluations e
    where e.trial_id = ${trialId} and jsonb_array_length(e.scores) > 0
    order by e.updated_at desc limit 1`);
  const [row] = rowsOf<{ scores: EvaluationScore[] }>(result);
  return row ? row.scores.map((s) => s.criterion) : [];
}

/**
 * Writes the evaluation (insert or replace). `share` sets `shared_at` on the first share and
 * keeps it after; an unshare clears it. Answers whether this write newly shared it.
 */
export async function saveEvaluation(
  executor: Executor,
  input: EvaluationMeasurements & {
    registrationId: string;
    trialId: string;
    scores: EvaluationScore[];
    notes: string;
    share: boolean;
    at: Date;
  },
): Promise<{ evaluation: EvaluationRow; newlyShared: boolean }> {
  const previous = await executor.execute(sql`
    select shared_at as "sharedAt" from trial_evaluations
    where registration_id = ${input.registrationId}`);
  const wasShared = rowsOf<{ sharedAt: unknown }>(previous)[0]?.sharedAt != null;
  const sharedAt = input.share ? (wasShared ? undefined : input.at) : null;
  const values = {
    registrationId: input.registrationId,
    trialId: input.trialId,
    scores: input.scores,
    notes: input.notes,
    heightCm: input.heightCm,
    weightKg: input.weightKg,
    sprint30mSeconds: input.sprint30mSeconds,
    standingReachCm: input.standingReachCm,
    updatedAt: input.at,
    ...(sharedAt === undefined ? {} : { sharedAt }),
  };
  await executor
    .insert(trialEvaluations)
    .values({ ...values, createdAt: input.at })
    .onConflictDoUpdate({ target: trialEvaluations.registrationId, set: values });
  const result = await executor.execute(sql`
    select e.scores, e.notes, e.shared_at as "sharedAt", e.updated_at as "updatedAt",
      ${measurementColumns}
    from trial_evaluations e where e.registration_id = ${input.registrationId}`);
  const evaluation = toEvaluation(rowsOf<RawEvaluation>(result)[0]!);
  return { evaluation, newlyShared: input.share && !wasShared };
}

/** The shared evaluations of the player's own registrations (their feedback reports). */
export async function sharedFeedbackFor(
  executor: Executor,
  input: { playerId: string; registrationIds: string[] },
): Promise<Map<string, EvaluationRow>> {
  if (input.registrationIds.length === 0) return new Map();
  const result = await executor.execute(sql`
    select e.registration_id as "registrationId", e.scores, e.notes, e.shared_at as "sharedAt",
      e.updated_at as "updatedAt", ${measurementColumns}
    from trial_evaluations e
    join trial_registrations r on r.id = e.registration_id
    where r.player_id = ${input.playerId} and e.shared_at is not null
      and e.registration_id in (${sql.join(
        input.registrationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`);
  return new Map(
    rowsOf<RawEvaluation & { registrationId: string }>(result).map((r) => [
      r.registrationId,
      toEvaluation(r),
    ]),
  );
}

export type MeasuredValue = { value: number; trial: string; date: string };
export type MeasuredValues = Record<
  'heightCm' | 'weightKg' | 'sprint30mSeconds' | 'standingReachCm',
  MeasuredValue | null
>;

/**
 * The latest shared measurement of each kind for the player, with the trial's name and date
 * ('Measured at <trial>, <date>'). Only shared evaluations count: what the academy keeps to
 * itself never reaches the profile.
 */
export async function measuredValuesOf(
  executor: Executor,
  playerId: string,
): Promise<MeasuredValues> {
  const latest = (column: string) => sql`(
    select json_build_object('value', e.${sql.raw(column)}::float8, 'trial', t.name,
        'date', t.trial_date::text)
    from trial_evaluations e
    join trial_registrations r on r.id = e.registration_id
    join trials t on t.id = e.trial_id
    where r.player_id = ${playerId} and e.shared_at is not null
      and e.${sql.raw(column)} is not null
    order by t.trial_date desc, e.updated_at desc limit 1)`;
  const result = await executor.execute(sql`
    select ${latest('height_cm')} as "heightCm", ${latest('weight_kg')} as "weightKg",
      ${latest('sprint_30m_seconds')} as "sprint30mSeconds",
      ${latest('standing_reach_cm')} as "standingReachCm"`);
  return rowsOf<MeasuredValues>(result)[0]!;
}

/** Per trial: attendees that may be evaluated (checked in, decision 50) and how many have scores. */
export async function evaluationProgress(
  executor: Executor,
  trialIds: string[],
): Promise<Map<string, { evaluated: number; evaluable: number }>> {
  if (trialIds.length === 0) return new Map();
  const result = await executor.execute(sql`
    select r.trial_id as "trialId",
      count(*)::int as evaluable,
      count(e.registration_id) filter (where jsonb_array_length(e.scores) > 0)::int as evaluated
    from trial_registrations r
    left join trial_evaluations e on e.registration_id = r.id
    where r.trial_id in (${sql.join(
      trialIds.map((id) => sql`${id}`),
      sql`, `,
    )})
      and r.academy_visible and r.status in ('registered', 'selected', 'rejected')
      and r.checked_in_at is not null
    group by r.trial_id`);
  return new Map(
    rowsOf<{ trialId: string; evaluated: number; evaluable: number }>(result).map((r) => [
      r.trialId,
      { evaluated: r.evaluated, evaluable: r.evaluable },
    ]),
  );
}

/**
 * The trial's evaluations by registration (the academy's CSV): all of them, or those of
 * `registrationIds` (one batch of the streamed file).
 */
export async function evaluationsOfTrial(
  executor: Executor,
  trialId: string,
  registrationIds?: readonly string[],
): Promise<Map<string, EvaluationRow>> {
  if (registrationIds?.length === 0) return new Map();
  const only = registrationIds
    ? sql`and e.registration_id in (${sql.join(
        registrationIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  const result = await executor.execute(sql`
    select e.registration_id as "registrationId", e.scores, e.notes, e.shared_at as "sharedAt",
      e.updated_at as "updatedAt", ${measurementColumns}
    from trial_evaluations e where e.trial_id = ${trialId} ${only}`);
  return new Map(
    rowsOf<RawEvaluation & { registrationId: string }>(result).map((r) => [
      r.registrationId,
      toEvaluation(r),
    ]),
  );
}

/**
 * What the CSV's evaluation columns are, before its rows are read: whether anyone of the trial
 * is evaluated, and the criteria used, in first-use order (the earliest evaluation first, each
 * in its score order).
 */
export async function evaluationCriteriaOfTrial(
  executor: Executor,
  trialId: string,
): Promise<{ evaluated: boolean; criteria: string[] }> {
  const result = await executor.execute(sql`
    select exists (select 1 from trial_evaluations where trial_id = ${trialId}) as evaluated,
      coalesce((select json_agg(c.criterion order by c.created_at, c.registration_id, c.n)
        from (select distinct on (x.s->>'criterion') x.s->>'criterion' as criterion,
                e.created_at, e.registration_id, x.n
              from trial_evaluations e
              cross join lateral jsonb_array_elements(e.scores) with ordinality as x(s, n)
              where e.trial_id = ${trialId}
              order by x.s->>'criterion', e.created_at, e.registration_id, x.n) c), '[]'::json)
        as criteria`);
  return rowsOf<{ evaluated: boolean; criteria: string[] }>(result)[0]!;
}

/** The registration's evaluation if it is shared (the worker's feedback notice), else null. */
export async function findSharedEvaluation(
  executor: Executor,
  registrationId: string,
): Promise<EvaluationRow | null> {
  const result = await executor.execute(sql`
    select e.scores, e.notes, e.shared_at as "sharedAt", e.updated_at as "updatedAt",
      ${measurementColumns}
    from trial_evaluations e
    where e.registration_id = ${registrationId} and e.shared_at is not null`);
  const [row] = rowsOf<RawEvaluation>(result);
  return row ? toEvaluation(row) : null;
}

export type TrialEvaluationProgress = {
  trialId: string;
  name: string;
  trialDate: string;
  evaluated: number;
  evaluable: number;
  /** Registrants holding a place or marked no-show (what attendance is counted against). */
  expected: number;
  noShows: number;
};

/**
 * The academy's latest trials whose day has come, each with its attendance (of the registrants
 * it may read: checked in — the attendees, `evaluable` —, expected, no-shows) and how many
 * attendees have scores: the dashboard's 'N of M checked in · K no-shows · N of M evaluated'.
 */
export async function listAcademyEvaluationProgress(
  executor: Executor,
  input: { academyId: string; today: string; limit: number },
): Promise<TrialEvaluationProgress[]> {
  // One pass over each trial's registrations the academy may read (the latest trials first).
  const result = await executor.execute(sql`
    with latest as (
      select t.id, t.name, t.trial_date from trials t
      where t.academy_id = ${input.academyId} and t.status = 'active'
        and t.trial_date <= ${input.today}
      order by t.trial_date desc, t.id desc
      limit ${input.limit}
    )
    select t.id as "trialId", t.name, t.trial_date::text as "trialDate",
      count(*) filter (where r.status in ('registered', 'selected', 'rejected')
        and jsonb_array_length(e.scores) > 0)::int as evaluated,
      count(*) filter (where r.status in ('registered', 'selected', 'rejected')
        and r.checked_in_at is not null)::int as evaluable,
      count(*) filter (where r.status in ('registered', 'selected', 'rejected', 'no_show'))::int
        as expected,
      count(*) filter (where r.status = 'no_show')::int as "noShows"
    from latest t
    left join trial_registrations r on r.trial_id = t.id and ${academyMayReadSql}
    left join trial_evaluations e on e.registration_id = r.id
    group by t.id, t.name, t.trial_date
    order by t.trial_date desc, t.id desc`);
  return rowsOf<TrialEvaluationProgress>(result);
}
