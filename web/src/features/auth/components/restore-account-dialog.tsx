import { RotateCcw } from 'lucide-react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

/**
 * Signing in to an account deleted less than 30 days ago (supplement §15): the server's message
 * says when it will be erased; 'Restore my account' brings it back and signs in.
 */
export function RestoreAccountDialog({
  message,
  busy,
  error,
  onRestore,
  onCancel,
}: {
  /** The sign-in's answer, or null when closed. */
  message: string | null;
  busy: boolean;
  error: string | null;
  onRestore: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      open={message !== null}
      title="Restore your account?"
      icon={<RotateCcw className="size-5" aria-hidden="true" />}
      description={
        <>
          <span className="block">{message}</span>
          {error ? (
            <span role="alert" className="mt-2 block text-red-700">
              {error}
            </span>
          ) : null}
        </>
      }
      confirmLabel="Restore my account"
      busyLabel="Restoring…"
      cancelLabel="Not now"
      busy={busy}
      onConfirm={onRestore}
      onCancel={onCancel}
    />
  );
}
