import { TRIAL_MESSAGES } from '@touchline/shared';
import type { Availability } from '../lib/format';
import { placesText } from '../lib/format';

/**
 * Places left (or no limit), 'Slot Full', 'Deadline Over' or 'Cancelled': what a player reads
 * before opening a trial.
 */
export function AvailabilityChip({
  availability,
  placesLeft,
}: {
  availability: Availability;
  placesLeft: number | null;
}) {
  const [text, tone] =
    availability === 'cancelled'
      ? ['Cancelled', 'bg-red-50 text-red-700 ring-red-200']
      : availability === 'deadline'
        ? [TRIAL_MESSAGES.deadlinePassed, 'bg-slate-100 text-slate-700 ring-slate-200']
        : availability === 'full'
          ? [TRIAL_MESSAGES.full, 'bg-amber-50 text-amber-800 ring-amber-200']
          : [placesText(placesLeft), 'bg-brand-50 text-brand-800 ring-brand-200'];
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tone}`}
    >
      {text}
    </span>
  );
}
