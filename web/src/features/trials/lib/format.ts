import type { RegistrationStatus, TrialView } from '@touchline/shared';
import { todayInLagos } from '@touchline/shared';

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

/** Registration statuses a player can still cancel (the server checks the deadline too). */
export const CANCELLABLE: readonly RegistrationStatus[] = ['pending_payment', 'registered'];
