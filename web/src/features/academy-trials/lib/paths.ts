import { academyTrialLink } from '@touchline/shared';

/** Spec §2 academy trial pages. */
export const ACADEMY_TRIAL_PATHS = {
  add: '/academy/add_trial',
  list: '/academy/list_trials',
} as const;

/** The same link the server puts in a `trial_registration` notification. */
export const academyTrialPath = (trialId: string) => academyTrialLink(trialId);

/** `/academy/trial_checkin/{id}`: the trial-day check-in (supplement §17). */
export const trialCheckInPath = (trialId: string) =>
  `/academy/trial_checkin/${encodeURIComponent(trialId)}`;
