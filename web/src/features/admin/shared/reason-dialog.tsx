import type { ReactNode } from 'react';
import { useId, useState } from 'react';
import { ADMIN_LIMITS } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

export type ReasonDialogProps = {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** The confirm button ('Decline', 'Block player'…). */
  confirmLabel: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  /** A reason is needed (default); when false the field is optional. */
  required?: boolean;
  label?: string;
  placeholder?: string;
  busy?: boolean;
  /** The API's answer when the action failed (`errorText(mutation.error)`). */
  error?: string | null;
  /** Extra fields above the reason (e.g. a date). */
  children?: ReactNode;
  onConfirm: (reason: string) => void;
  onClose: () => void;
};

/**
 * Asks for the reason of an administrative action (it goes into the audit log): a labelled text
 * area (required unless `required={false}`, at most `ADMIN_LIMITS.reasonMaxLength`), Cancel
 * and the confirm button; the API's error shows under the field. Nothing closes while busy.
 */
export function ReasonDialog({
  open,
  title,
  description,
  busy = false,
  onClose,
  ...form
}: ReasonDialogProps) {
  const close = () => {
    if (!busy) onClose();
  };
  // The form lives inside the dialog: it starts empty every time the dialog opens.
  return (
    <Dialog open={open} onClose={close} title={title} description={description} size="max-w-lg">
      <ReasonForm {...form} busy={busy} onCancel={close} />
    </Dialog>
  );
}

function ReasonForm({
  confirmLabel,
  danger = false,
  required = true,
  label = 'Reason',
  placeholder,
  busy,
  error,
  children,
  onConfirm,
  onCancel,
}: Omit<ReasonDialogProps, 'open' | 'title' | 'description' | 'onClose'> & {
  busy: boolean;
  onCancel: () => void;
}) {
  const fieldId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const message = missing ? 'A reason is required' : (error ?? null);

  return (
    <form
      className="mt-4 space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = reason.trim();
        if (required && trimmed === '') {
          setMissing(true);
          return;
        }
        onConfirm(trimmed);
      }}
    >
      {children}
      <div>
        <label htmlFor={fieldId} className="field-label">
          {label}
          {required ? null : <span className="font-normal text-slate-500"> (optional)</span>}
        </label>
        <textarea
          id={fieldId}
          data-autofocus
          rows={3}
          value={reason}
          maxLength={ADMIN_LIMITS.reasonMaxLength}
          placeholder={placeholder}
          required={required}
          aria-invalid={missing || undefined}
          aria-describedby={message ? `${fieldId}-message` : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            if (missing) setMissing(false);
          }}
          className={`field-input min-h-24 resize-y py-2 focus:border-slate-700 focus:ring-slate-700/20 ${
            missing ? 'border-red-500' : ''
          }`}
        />
        {message ? (
          <p id={`${fieldId}-message`} role="alert" className="mt-1.5 text-sm text-red-600">
            {message}
          </p>
        ) : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button tone="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        {danger ? (
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="btn bg-red-600 text-white shadow-sm hover:bg-red-700 active:bg-red-800"
          >
            {busy ? <Spinner /> : null}
            {confirmLabel}
          </button>
        ) : (
          <Button type="submit" tone="admin" loading={busy}>
            {confirmLabel}
          </Button>
        )}
      </div>
    </form>
  );
}
