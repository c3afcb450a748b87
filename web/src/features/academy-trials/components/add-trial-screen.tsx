import { TRIAL_MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { showNotice } from '@/lib/toast';
import { useSaveTrial } from '../api/save-trial';
import { errorText } from '../lib/errors';
import { ACADEMY_TRIAL_PATHS, academyTrialPath } from '../lib/paths';
import { TrialForm } from './trial-form';

/** `/academy/add_trial`: the trial form; a saved trial opens its details page. */
export function AddTrialScreen({ now }: { now?: () => Date }) {
  const [, navigate] = useLocation();
  const [progress, setProgress] = useState(0);
  const save = useSaveTrial(setProgress);
  const [serverError, setServerError] = useState<string | null>(null);

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Add trial</h1>
          <p className="mt-1 text-sm text-slate-500">
            Publish a selection trial: your followers are told, and players can register.
          </p>
        </div>
        <Link href={ACADEMY_TRIAL_PATHS.list} className="text-sm font-semibold text-academy-700">
          Your trials
        </Link>
      </div>
      <div className="card p-5 sm:p-7">
        <TrialForm
          submitLabel="Publish trial"
          saving={save.isPending}
          progress={progress}
          serverError={serverError}
          now={now}
          onSubmit={async ({ fields, poster }) => {
            setServerError(null);
            setProgress(0);
            try {
              const trial = await save.mutateAsync({ fields, poster });
              showNotice(TRIAL_MESSAGES.created, 'success');
              navigate(academyTrialPath(trial.id));
            } catch (error) {
              setServerError(errorText(error));
            }
          }}
        />
      </div>
    </div>
  );
}
