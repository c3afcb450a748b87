import type { z } from 'zod';
import { isIsoDate, todayInLagos } from '../dates';
import { isValidLocation } from '../locations';
import { MESSAGES } from '../messages';
import { academyStep2Fields, signupStep2Fields } from './auth';
import { profileUpdateFieldsAt } from './profiles';
import type { TrialRuleFields } from './trials';
import { TRIAL_MESSAGES, registerBodyFieldsAt, trialCreateFields } from './trials';

/**
 * The schemas with a state/LGA rule (an LGA of the chosen state), which need the states/LGA
 * table. They live apart from the rest of the contracts so that a web page importing, say,
 * `dobField` or a response shape does not download the table: the web app loads this module's
 * schemas lazily with the forms that show a state and an LGA (`web/src/lib/locations.ts`). The
 * server imports them like any other contract.
 */

/** Signup step 2: state, then an LGA of that state, then the sport ('other' needs a name). */
export const signupStep2Schema = signupStep2Fields.superRefine((v, ctx) => {
  if (v.state && v.district && !isValidLocation(v.state, v.district)) {
    ctx.addIssue({ code: 'custom', path: ['district'], message: MESSAGES.lgaRequired });
  }
  if (v.sport === 'other' && !v.customSport) {
    ctx.addIssue({ code: 'custom', path: ['customSport'], message: MESSAGES.specifySport });
  }
});

/** Academy signup step 2: state and LGA, one to three sports ('other' needs a name). */
export const academyStep2Schema = academyStep2Fields.superRefine((v, ctx) => {
  if (v.state && v.district && !isValidLocation(v.state, v.district)) {
    ctx.addIssue({ code: 'custom', path: ['district'], message: MESSAGES.lgaRequired });
  }
  if (v.sports.includes('other') && !v.customSport) {
    ctx.addIssue({ code: 'custom', path: ['customSport'], message: MESSAGES.specifySport });
  }
});

/** `POST /api/profile`: a partial update of the caller. The server checks role-only fields. */
export function profileUpdateSchemaAt(now: () => Date = () => new Date()) {
  return profileUpdateFieldsAt(now).superRefine((v, ctx) => {
    if (v.state !== undefined || v.district !== undefined) {
      if (v.state === undefined)
        ctx.addIssue({ code: 'custom', path: ['state'], message: MESSAGES.stateRequired });
      else if (v.district === undefined || !isValidLocation(v.state, v.district))
        ctx.addIssue({ code: 'custom', path: ['district'], message: MESSAGES.lgaRequired });
    }
    if (v.sports?.includes('other') && !v.custom_sport) {
      ctx.addIssue({ code: 'custom', path: ['custom_sport'], message: MESSAGES.specifySport });
    }
  });
}
export const profileUpdateSchema = profileUpdateSchemaAt();
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * The cross-field rules of a trial (create, and an update merged onto the stored trial): a real
 * state/LGA pair, 'other' named, the trial date after today (Lagos), the deadline from today up to
 * the trial date, min age ≤ max age. Answers `{path, message}` issues (empty when valid).
 */
export function trialRuleIssues(
  v: TrialRuleFields,
  today: string,
): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (!isValidLocation(v.state, v.district))
    issues.push({ path: 'district', message: MESSAGES.lgaRequired });
  if (v.sport === 'other' && !v.sport_other)
    issues.push({ path: 'sport_other', message: MESSAGES.specifySport });
  if (isIsoDate(v.trial_date) && v.trial_date <= today)
    issues.push({ path: 'trial_date', message: TRIAL_MESSAGES.trialDateFuture });
  if (isIsoDate(v.deadline) && isIsoDate(v.trial_date) && v.deadline > v.trial_date)
    issues.push({ path: 'deadline', message: TRIAL_MESSAGES.deadlineAfterTrial });
  else if (isIsoDate(v.deadline) && v.deadline < today)
    issues.push({ path: 'deadline', message: TRIAL_MESSAGES.deadlinePast });
  if (v.min_age !== null && v.max_age !== null && v.min_age > v.max_age)
    issues.push({ path: 'max_age', message: TRIAL_MESSAGES.ageOrder });
  return issues;
}

/** `POST /api/trial` (JSON, or multipart with the `image` file beside these fields). */
export function trialCreateSchemaAt(now: () => Date = () => new Date()) {
  return trialCreateFields.superRefine((v, ctx) => {
    const rules = { ...v, sport_other: v.sport_other || null };
    for (const issue of trialRuleIssues(rules, todayInLagos(now())))
      ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });
}
export const trialCreateSchema = trialCreateSchemaAt();
export type TrialCreateInput = z.input<typeof trialCreateSchema>;
export type TrialCreate = z.output<typeof trialCreateSchema>;

/** `POST /api/player_trial` (supplement §12). The server checks the age against the trial. */
export function registerBodySchemaAt(now: () => Date = () => new Date()) {
  return registerBodyFieldsAt(now).superRefine((v, ctx) => {
    if (!isValidLocation(v.state, v.district))
      ctx.addIssue({ code: 'custom', path: ['district'], message: MESSAGES.lgaRequired });
  });
}
export const registerBodySchema = registerBodySchemaAt();
export type RegisterBodyInput = z.input<typeof registerBodySchema>;
export type RegisterBody = z.output<typeof registerBodySchema>;
