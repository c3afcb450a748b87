import { CalendarDays, MapPin, Users } from 'lucide-react';
import type { TrialView } from '@touchline/shared';
import { Link } from 'wouter';
import { formatFee } from '@/lib/money';
import { formatDay, formatTime, registeredText, sportLabel } from '../lib/format';
import { academyTrialPath } from '../lib/paths';
import { IMAGE_WIDTHS, mediaSrcSet } from '@/components/ui/media-srcset';
import { PosterPlaceholder } from './poster-placeholder';

/** One of the academy's trials in its list: poster, name, when, where, count and fee. */
export function TrialRow({ trial }: { trial: TrialView }) {
  return (
    <li>
      <Link
        href={academyTrialPath(trial.id)}
        className="card flex gap-4 p-4 transition-shadow hover:shadow-md"
      >
        <div className="size-20 shrink-0 overflow-hidden rounded-xl bg-academy-50 sm:size-24">
          {trial.image ? (
            <img
              src={trial.image}
              srcSet={mediaSrcSet(trial.image, IMAGE_WIDTHS.post)}
              sizes="96px"
              alt=""
              width={96}
              height={96}
              loading="lazy"
              decoding="async"
              className="size-full object-cover"
            />
          ) : (
            <PosterPlaceholder compact />
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="truncate font-semibold text-slate-900">{trial.name}</h3>
            <span className="shrink-0 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
              {formatFee(trial.registration_fee)}
            </span>
          </div>
          <p className="text-sm text-slate-500">{sportLabel(trial)}</p>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
            <li className="flex items-center gap-1.5">
              <CalendarDays className="size-4 text-slate-400" aria-hidden="true" />
              {formatDay(trial.trial_date)}, {formatTime(trial.start_time)}
            </li>
            <li className="flex items-center gap-1.5">
              <MapPin className="size-4 text-slate-400" aria-hidden="true" />
              {trial.venue}, {trial.district}
            </li>
            <li className="flex items-center gap-1.5">
              <Users className="size-4 text-slate-400" aria-hidden="true" />
              {registeredText(trial.registered_count, trial.total_participant_limit)}
            </li>
          </ul>
        </div>
      </Link>
    </li>
  );
}
