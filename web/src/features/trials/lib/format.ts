import type { RegistrationStatus, TrialView } from '@touchline/shared';
import { TRIAL_LIMITS, todayInLagos } from '@touchline/shared';
import { formatNaira } from '@/lib/money';

export { ageRange, formatDay, formatTime, sportLabel } from '@/lib/trial-format';

export const place = (trial: { district: string; state: string }) =>
  [trial.district, trial.state].filter(Boolean).join(', ');

/** Registration closes at the end of the deadline day in Lagos (supplement §0). */
export const isDeadlineOver = (deadline: string, today: string = todayInLagos()) =>
  today > deadline;

/**
 * Whether a player can register now, and why not: the trial is cancelled, its deadline passed
 * (Lagos), or every place is taken ('Slot Full').
 */
export type Availability = 'open' | 'cancelled' | 'deadline' | 'full';

export function availabilityOf(
  trial: Pick<TrialView, 'status' | 'deadline' | 'places_left'>,
  today: string = todayInLagos(),
): Availability {
  if (trial.status === 'cancelled') return 'cancelled';
  if (isDeadlineOver(trial.deadline, today)) return 'deadline';
  if (trial.places_left === 0) return 'full';
  return 'open';
}

/** '8 places left', '1 place left', or 'No place limit'. */
export function placesText(placesLeft: number | null): string {
  if (placesLeft === null) return 'No place limit';
  return `${placesLeft} ${placesLeft === 1 ? 'place' : 'places'} left`;
}

/**
 * Whether the player may still cancel (or, once selected, withdraw from) this registration: the
 * screen's mirror of the server's rule, `decideRegistrationCancel` in the API's
 * trials.registrations.rules.ts, which decides. Pending or registered: through the deadline;
 * selected or waitlisted (leaving the line): through the trial day; the trial must be active.
 */
export function canCancelRegistration(
  trial: { status: string; deadline: string; trial_date: string },
  status: RegistrationStatus,
  today: string = todayInLagos(),
): boolean {
  if (trial.status !== 'active') return false;
  if (status === 'selected' || status === 'waitlisted') return today <= trial.trial_date;
  return (
    (status === 'pending_payment' || status === 'registered' || status === 'awaiting_guardian') &&
    today <= trial.deadline
  );
}

/** What joining a full trial's waitlist means (supplement §17): the trial page and the form. */
export function waitlistExplanation(fee: number): string {
  return `Every place is taken. Join the waitlist: when a place frees, the first in line gets it at once and is told here and by e-mail${
    fee > 0 ? `, then has ${TRIAL_LIMITS.holdMinutes} minutes to pay ${formatNaira(fee)}` : ''
  }.`;
}
