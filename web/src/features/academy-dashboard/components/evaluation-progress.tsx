import { academyTrialLink, type AcademyDashboard } from '@touchline/shared';
import { Link } from 'wouter';

/**
 * 'N of M evaluated' for the academy's latest trials whose day has come (decision 51): M
 * registrants hold a place, N of them have scores. Nothing shows before any trial day.
 */
export function EvaluationProgress({
  trials,
}: {
  trials: AcademyDashboard['evaluation_progress'];
}) {
  if (trials.length === 0) return null;
  return (
    <section className="card p-4 sm:p-5" aria-label="Evaluation progress">
      <h2 className="mb-2 text-base font-semibold text-slate-900">Evaluation progress</h2>
      <ul className="divide-y divide-slate-100">
        {trials.map((trial) => (
          <li key={trial.trial_id}>
            <Link
              href={academyTrialLink(trial.trial_id)}
              className="flex items-center justify-between gap-3 py-2.5 hover:text-academy-700"
            >
              <span className="min-w-0 truncate font-medium text-slate-900">{trial.name}</span>
              <span className="shrink-0 text-sm text-slate-700">
                <span className="font-semibold text-slate-900">{trial.evaluated}</span> of{' '}
                {trial.evaluable} evaluated
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
