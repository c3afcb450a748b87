import type { TrialView } from '@touchline/shared';
import { CalendarDays, MapPin } from 'lucide-react';
import { Link } from 'wouter';
import { trialPath } from '@/config/paths';
import { formatFee } from '@/lib/money';
import { availabilityOf, formatDay, place, sportLabel } from '../lib/format';
import { AvailabilityChip } from './availability-chip';
import { TrialPoster } from './trial-poster';

/** A trial in the list: poster, name, 'district, state', date, fee and places. */
export function TrialCard({ trial }: { trial: TrialView }) {
  const availability = availabilityOf(trial);
  return (
    <li className="h-full">
      <Link
        href={trialPath(trial.id)}
        aria-label={trial.name}
        className="group card flex h-full flex-col overflow-hidden transition-shadow hover:shadow-md"
      >
        <div className="relative">
          <TrialPoster image={trial.image} className="aspect-[16/9] w-full" />
          <span className="absolute top-3 left-3 rounded-full bg-white/95 px-2.5 py-0.5 text-xs font-semibold text-slate-800 shadow-sm">
            {sportLabel(trial)}
          </span>
          <span
            className={`absolute top-3 right-3 rounded-full px-2.5 py-0.5 text-xs font-bold shadow-sm ${
              trial.registration_fee === 0 ? 'bg-brand-700 text-white' : 'bg-slate-900 text-white'
            }`}
          >
            {formatFee(trial.registration_fee)}
          </span>
        </div>
        <div className="flex flex-1 flex-col gap-2 p-4">
          <h2 className="line-clamp-2 font-semibold text-slate-900 group-hover:underline">
            {trial.name}
          </h2>
          <p className="text-xs font-medium text-slate-500">{trial.academy.username}</p>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            <span className="truncate">{place(trial)}</span>
          </p>
          <p className="flex items-center gap-1.5 text-sm text-slate-600">
            <CalendarDays className="size-4 shrink-0 text-slate-400" aria-hidden="true" />
            {formatDay(trial.trial_date)}
          </p>
          <div className="mt-auto pt-2">
            <AvailabilityChip availability={availability} placesLeft={trial.places_left} />
          </div>
        </div>
      </Link>
    </li>
  );
}
