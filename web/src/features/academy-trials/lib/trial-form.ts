import type { Sport, TrialView } from '@touchline/shared';
import { IMAGE_TYPES, LIMITS, MESSAGES, POST_MESSAGES, TRIAL_MESSAGES } from '@touchline/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { loadLocations } from '@/lib/locations';
import type { TrialFormPayload } from '../api/save-trial';

/** What the form's inputs hold: text everywhere (numbers too), the fee in naira. */
export type TrialFormValues = {
  name: string;
  sport: '' | Sport;
  sport_other: string;
  state: string;
  district: string;
  venue: string;
  landmark: string;
  trial_date: string;
  start_time: string;
  deadline: string;
  min_age: string;
  max_age: string;
  total_participant_limit: string;
  /** Naira, as typed ('12500' or '12,500.50'); sent as kobo. */
  fee_naira: string;
  description: string;
  requirements: { text: string }[];
};

export const EMPTY_TRIAL_FORM: TrialFormValues = {
  name: '',
  sport: '',
  sport_other: '',
  state: '',
  district: '',
  venue: '',
  landmark: '',
  trial_date: '',
  start_time: '',
  deadline: '',
  min_age: '',
  max_age: '',
  total_participant_limit: '',
  fee_naira: '',
  description: '',
  requirements: [],
};

export const FEE_NAIRA_INVALID = 'Enter the fee in naira (0 for a free trial)';

const numberText = (value: number | null) => (value === null ? '' : String(value));

/** The form filled from a stored trial (editing). */
export function formValuesOf(trial: TrialView): TrialFormValues {
  return {
    name: trial.name,
    sport: trial.sport,
    sport_other: trial.sport_other ?? '',
    state: trial.state,
    district: trial.district,
    venue: trial.venue,
    landmark: trial.landmark,
    trial_date: trial.trial_date,
    start_time: trial.start_time,
    deadline: trial.deadline,
    min_age: numberText(trial.min_age),
    max_age: numberText(trial.max_age),
    total_participant_limit: numberText(trial.total_participant_limit),
    fee_naira: trial.registration_fee === 0 ? '0' : String(trial.registration_fee / 100),
    description: trial.description,
    requirements: trial.requirements.map((r) => ({ text: r.text })),
  };
}

/** '12,500.50' → 1250050 kobo; '' → 0; anything else (or more than 2 decimals) → null. */
export function nairaToKobo(text: string): number | null {
  const clean = text.replace(/[₦,\s]/g, '');
  if (clean === '') return 0;
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ''] = clean.split('.') as [string, string?];
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** The fields as they are sent (kobo for the fee, requirements as a list of texts). */
export function payloadOf(values: TrialFormValues): TrialFormPayload {
  return {
    name: values.name,
    sport: values.sport,
    sport_other: values.sport === 'other' ? values.sport_other : '',
    state: values.state,
    district: values.district,
    venue: values.venue,
    landmark: values.landmark,
    trial_date: values.trial_date,
    start_time: values.start_time,
    deadline: values.deadline,
    min_age: values.min_age.trim(),
    max_age: values.max_age.trim(),
    total_participant_limit: values.total_participant_limit.trim(),
    registration_fee: nairaToKobo(values.fee_naira) ?? 0,
    description: values.description,
    requirements: values.requirements.map((r) => r.text.trim()),
  };
}

/** A form path for a contract path (`registration_fee` is typed as naira in `fee_naira`). */
const formPath = (path: PropertyKey[]): string => {
  const [head, index] = path;
  if (head === 'registration_fee') return 'fee_naira';
  if (head === 'requirements' && typeof index === 'number') return `requirements.${index}.text`;
  return String(head ?? 'root');
};

/**
 * Checks the form with the shared create schema (the server's own rules: dates in Lagos, the
 * deadline on or before the trial date, the age range, at most 5 requirements, fee ≥ 0), plus
 * what only a form can get wrong: an unreadable fee and a blank requirement row.
 */
export function trialFormResolver(now: () => Date = () => new Date()): Resolver<TrialFormValues> {
  return async (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    const add = (path: string, message: string) => {
      errors[path] ??= { type: 'validate', message };
    };
    // The create schema checks the state/LGA pair: it comes with the lazily loaded table.
    const { trialCreateSchemaAt } = await loadLocations();
    const result = trialCreateSchemaAt(now).safeParse(payloadOf(values));
    if (!result.success) {
      for (const issue of result.error.issues) add(formPath(issue.path), issue.message);
    }
    if (nairaToKobo(values.fee_naira) === null) add('fee_naira', FEE_NAIRA_INVALID);
    values.requirements.forEach((r, i) => {
      if (r.text.trim() === '') add(`requirements.${i}.text`, TRIAL_MESSAGES.requirementEmpty);
    });
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: nest(errors) as FieldErrors<TrialFormValues> };
  };
}

/** `{'requirements.0.text': e}` → `{requirements: [{text: e}]}` (react-hook-form's shape). */
function nest(flat: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const parts = path.split('.');
    let node: Record<string, unknown> = out;
    parts.forEach((part, i) => {
      if (i === parts.length - 1) node[part] = error;
      else {
        node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

/** Why a chosen poster cannot be used (type and size as the server checks them), or null. */
export function posterProblem(file: File): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return MESSAGES.invalidImageType;
  if (file.size > LIMITS.imageMaxBytes) return POST_MESSAGES.imageTooLarge;
  return null;
}

export const POSTER_ACCEPT = IMAGE_TYPES.join(',');
