import { cancelTrialQuerySchema, TRIAL_LIMITS, TRIAL_MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FieldMessage } from '@/components/ui/field-message';
import { showNotice } from '@/lib/toast';
import { useCancelTrial } from '../api/cancel-trial';
import { errorText } from '../lib/errors';

/** Cancel a trial with a reason (required): every registrant is told and paid ones refunded. */
export function CancelTrialDialog({
  open,
  onClose,
  trialId,
  trialName,
  paid,
}: {
  open: boolean;
  onClose: () => void;
  trialId: string;
  trialName: string;
  paid: boolean;
}) {
  const cancel = useCancelTrial(trialId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit() {
    const checked = cancelTrialQuerySchema.safeParse({ reason });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? TRIAL_MESSAGES.cancelReasonRequired);
      return;
    }
    setError(null);
    try {
      await cancel.mutateAsync(checked.data.reason);
      showNotice(TRIAL_MESSAGES.trialCancelled, 'success');
      onClose();
    } catch (failure) {
      setError(errorText(failure));
    }
  }

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!cancel.isPending) onClose();
      }}
      role="alertdialog"
      title={`Cancel ${trialName}?`}
      description={
        paid
          ? 'Every registrant is notified, and every paid registration is refunded. This cannot be undone.'
          : 'Every registrant is notified. This cannot be undone.'
      }
      closeOnBackdrop={!cancel.isPending}
    >
      <form
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div>
          <label htmlFor="cancel-reason" className="field-label">
            Reason
          </label>
          <textarea
            id="cancel-reason"
            rows={3}
            data-autofocus
            maxLength={TRIAL_LIMITS.cancelReasonMaxLength}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby="cancel-reason-message"
            className="field-input focus:border-academy-600 focus:ring-academy-600/20"
          />
          <FieldMessage
            id="cancel-reason-message"
            error={error ?? undefined}
            hint="Registrants see this reason."
          />
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button tone="secondary" onClick={onClose} disabled={cancel.isPending}>
            Keep trial
          </Button>
          <Button
            type="submit"
            tone="ghost"
            loading={cancel.isPending}
            className="bg-red-600 text-white hover:bg-red-700 active:bg-red-800"
          >
            Cancel trial
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
