import type { TrialView } from '@touchline/shared';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { showNotice } from '@/lib/toast';
import { useSaveTrial } from '../api/save-trial';
import { errorText } from '../lib/errors';
import { formValuesOf } from '../lib/trial-form';
import { TrialForm } from './trial-form';

/** The fields that cannot change once anyone registered (supplement §5). */
const LOCKED_FIELDS = ['registration_fee', 'sport', 'sport_other', 'requirements'] as const;

/** Edit a trial in the same form; fee, sport and requirements are locked once players registered. */
export function EditTrialDialog({
  open,
  onClose,
  trial,
  locked,
}: {
  open: boolean;
  onClose: () => void;
  trial: TrialView;
  locked: boolean;
}) {
  const [progress, setProgress] = useState(0);
  const save = useSaveTrial(setProgress);
  const [serverError, setServerError] = useState<string | null>(null);

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!save.isPending) onClose();
      }}
      title="Edit trial"
      size="max-w-3xl"
      closeOnBackdrop={false}
      showClose
    >
      <div className="-mx-2 mt-4 max-h-[min(72dvh,48rem)] overflow-y-auto px-2">
        <TrialForm
          initial={formValuesOf(trial)}
          currentPoster={trial.image}
          locked={locked}
          submitLabel="Save changes"
          saving={save.isPending}
          progress={progress}
          serverError={serverError}
          actions={
            <Button tone="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
          }
          onSubmit={async ({ fields, poster }) => {
            setServerError(null);
            setProgress(0);
            const sent = { ...fields };
            if (locked) for (const field of LOCKED_FIELDS) delete sent[field];
            try {
              await save.mutateAsync({ id: trial.id, fields: sent, poster });
              showNotice(TRIAL_MESSAGES.updated, 'success');
              onClose();
            } catch (error) {
              setServerError(errorText(error));
            }
          }}
        />
      </div>
    </Dialog>
  );
}
