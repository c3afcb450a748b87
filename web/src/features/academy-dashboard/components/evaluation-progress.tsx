import { academyTrialLink, type AcademyDashboard } from '@touchline/shared';
import { Link } from 'wouter';

/**
 * Trial day on the dashboard (decisions 51, 58): for the academy's latest trials whose day has
 * come, the attendance — 'N of M checked in' and the no-shows — and 'N of M evaluated' (of the
 * attendees). Nothing shows before any trial day.
 */
export function EvaluationProgress({
  trials,
}: {
  trials: AcademyDashboard['evaluation_progress'];
}) {
  if (trials.length === 0) return null;
  return (
    <section className="card p-4 sm:p-5" aria-label="Attendance and evaluation">
      <h2 className="mb-2 text-base font-semibold text-slate-900">Attendance and evaluation</h2>
      <ul className="divide-y divide-slate-100">
        {trials.map((trial) => (
          <li key={trial.trial_id}>
            <Link
              href={academyTrialLink(trial.trial_id)}
              className="flex flex-col gap-0.5 py-2.5 hover:text-academy-700 sm:flex-row sm:items-center sm:justify-between sm:gap-3"
            >
              <span className="min-w-0 truncate font-medium text-slate-900">{trial.name}</span>
              <span className="shrink-0 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{trial.checked_in}</span> of{' '}
                {trial.expected} checked in
                {trial.no_shows > 0
                  ? ` · ${trial.no_shows} no-show${trial.no_shows === 1 ? '' : 's'}`
                  : ''}{' '}
                · <span className="font-semibold text-slate-900">{trial.evaluated}</span> of{' '}
                {trial.evaluable} evaluated
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
