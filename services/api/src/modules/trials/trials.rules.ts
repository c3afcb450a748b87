import type { TrialChanges, TrialRow } from '@touchline/db/trials';
import { trialRuleIssues, type TrialCreate, type TrialUpdate } from '@touchline/shared';

/**
 * What an academy's edit of its trial may change (supplement §5), as a pure decision over the
 * facts the repository reads in one statement (`readTrialEditFacts`, under `lockTrial` for the
 * write). No database and no clock: unit-tested on its own (trials.rules.test.ts).
 */

/** The stored trial as the decision needs it (a `TrialRow` is one). */
export type EditedTrial = Pick<
  TrialRow,
  | 'academyId'
  | 'status'
  | 'sport'
  | 'sportOther'
  | 'state'
  | 'district'
  | 'trialDate'
  | 'deadline'
  | 'minAge'
  | 'maxAge'
  | 'feeKobo'
  | 'registeredCount'
>;

export type TrialEditFacts = {
  /** The trial, its requirement texts and whether anyone ever registered; null when missing. */
  stored: { trial: EditedTrial; requirements: string[]; anyRegistration: boolean } | null;
  /** The academy editing. */
  editorId: string;
  /** The fields the edit sent (absent ones stay as stored). */
  edit: TrialUpdate;
  /** Lagos today (`YYYY-MM-DD`). */
  today: string;
};

export type TrialEditRefusal =
  | 'not_found'
  | 'not_owner'
  | 'cancelled'
  | 'fee_locked'
  | 'sport_locked'
  | 'limit_below_count'
  | 'requirements_locked';

export type TrialEditDecision =
  | { ok: false; reason: TrialEditRefusal }
  /** The merged trial breaks a cross-field rule: the message per field the edit touched. */
  | { ok: false; reason: 'invalid'; fields: Record<string, string> }
  /** The columns to set, and the requirement texts replacing the stored ones (null: unchanged). */
  | { ok: true; changes: TrialChanges; requirements: string[] | null };

/** Which changed fields make a cross-field rule's issue (by its path) worth reporting on edit. */
const RULE_TRIGGERS: Record<string, readonly (keyof TrialUpdate)[]> = {
  district: ['state', 'district'],
  sport_other: ['sport', 'sport_other'],
  trial_date: ['trial_date'],
  deadline: ['deadline', 'trial_date'],
  max_age: ['min_age', 'max_age'],
};

/** The columns a create or edit maps one to one (academyId and sportOther: the caller decides). */
export type TrialColumns = Omit<TrialChanges, 'sportOther' | 'imageMediaId'>;

/** The contract's trial fields under their column names (an edit's absent ones stay undefined). */
export function columnsOf(input: TrialCreate): Required<TrialColumns>;
export function columnsOf(input: TrialUpdate): TrialColumns;
export function columnsOf(input: TrialUpdate): TrialColumns {
  return {
    name: input.name,
    sport: input.sport,
    state: input.state,
    district: input.district,
    venue: input.venue,
    landmark: input.landmark,
    trialDate: input.trial_date,
    startTime: input.start_time,
    deadline: input.deadline,
    minAge: input.min_age,
    maxAge: input.max_age,
    participantLimit: input.total_participant_limit,
    feeKobo: input.registration_fee,
    description: input.description,
  };
}

/** The stored columns of the fields an edit sent (undefined ones left out: unchanged). */
function changesOf(input: TrialUpdate): TrialChanges {
  const changes: TrialChanges = columnsOf(input);
  if (input.sport !== undefined && input.sport !== 'other') changes.sportOther = null;
  else if (input.sport_other !== undefined) changes.sportOther = input.sport_other || null;
  return Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as TrialChanges;
}

/** The cross-field rules of the edit merged onto the stored trial, for the fields it touched. */
function ruleIssues(trial: EditedTrial, edit: TrialUpdate, today: string) {
  const sport = edit.sport ?? trial.sport;
  const merged = {
    sport,
    sport_other:
      sport !== 'other'
        ? null
        : edit.sport_other !== undefined
          ? edit.sport_other || null
          : trial.sportOther,
    state: edit.state ?? trial.state,
    district: edit.district ?? trial.district,
    trial_date: edit.trial_date ?? trial.trialDate,
    deadline: edit.deadline ?? trial.deadline,
    min_age: edit.min_age !== undefined ? edit.min_age : trial.minAge,
    max_age: edit.max_age !== undefined ? edit.max_age : trial.maxAge,
  };
  const sent = new Set(Object.keys(edit).filter((k) => edit[k as keyof TrialUpdate] !== undefined));
  const fields: Record<string, string> = {};
  for (const issue of trialRuleIssues(merged, today)) {
    const triggers = RULE_TRIGGERS[issue.path] ?? [];
    if (triggers.some((field) => sent.has(field))) fields[issue.path] ??= issue.message;
  }
  return fields;
}

const sameTexts = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((text, i) => text === b[i]);

/**
 * Checked in this order: the trial exists and is the editor's; it is not cancelled; the merged
 * trial satisfies the cross-field rules (reported for the fields the edit touched); once anyone
 * registered (any status) fee, sport and requirements stay (sending the stored values is fine:
 * forms send every field); the limit is never below the places taken.
 */
export function decideTrialEdit(facts: TrialEditFacts): TrialEditDecision {
  const { stored, edit } = facts;
  if (!stored) return { ok: false, reason: 'not_found' };
  const { trial, anyRegistration } = stored;
  if (trial.academyId !== facts.editorId) return { ok: false, reason: 'not_owner' };
  if (trial.status === 'cancelled') return { ok: false, reason: 'cancelled' };
  const fields = ruleIssues(trial, edit, facts.today);
  if (Object.keys(fields).length > 0) return { ok: false, reason: 'invalid', fields };

  const changes = changesOf(edit);
  if (anyRegistration) {
    if (changes.feeKobo !== undefined && changes.feeKobo !== trial.feeKobo)
      return { ok: false, reason: 'fee_locked' };
    if (
      (changes.sport !== undefined && changes.sport !== trial.sport) ||
      (changes.sportOther !== undefined && changes.sportOther !== trial.sportOther)
    )
      return { ok: false, reason: 'sport_locked' };
  }
  if (
    changes.participantLimit !== undefined &&
    changes.participantLimit !== null &&
    changes.participantLimit < trial.registeredCount
  )
    return { ok: false, reason: 'limit_below_count' };
  const requirements =
    edit.requirements === undefined || sameTexts(edit.requirements, stored.requirements)
      ? null
      : edit.requirements;
  if (requirements !== null && anyRegistration) return { ok: false, reason: 'requirements_locked' };
  return { ok: true, changes, requirements };
}
