import { TriangleAlert } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import type { DeletionInfo, Role } from '@touchline/shared';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { PasswordField } from '@/components/ui/password-field';
import { ApiError } from '@/lib/api-client';
import { useDeleteAccount } from '../api/delete-account';
import { GoogleConfirm } from './google-confirm';

/**
 * The confirmation of a deletion: the password (or a fresh Google sign-in for an account without
 * one) and 'Delete at once'. A modal dialog: focus moves in and stays there until it closes.
 */
export function DeleteAccountDialog({
  open,
  onClose,
  info,
  role,
}: {
  open: boolean;
  onClose: () => void;
  info: DeletionInfo;
  role: Role | null;
}) {
  const mutation = useDeleteAccount(role);
  const [password, setPassword] = useState('');
  const [idToken, setIdToken] = useState<string | null>(null);
  const [immediately, setImmediately] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const atOnceHint = useId();
  const google = info.confirm_with === 'google';
  const error =
    mutation.error instanceof ApiError
      ? mutation.error.message
      : mutation.error
        ? 'Something went wrong. Try again.'
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    mutation.mutate(
      google ? { id_token: idToken ?? undefined, immediately } : { password, immediately },
      { onError: () => passwordInput.current?.focus() },
    );
  };

  const close = () => {
    if (mutation.isPending) return;
    mutation.reset();
    setPassword('');
    setIdToken(null);
    setImmediately(false);
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      role="alertdialog"
      title="Delete your account?"
      icon={<TriangleAlert className="size-5" aria-hidden="true" />}
      description={
        immediately
          ? 'Everything is erased now. This cannot be undone.'
          : `You are signed out everywhere and your account is hidden at once. It is erased after ${info.erase_after_days} days; until then you can restore it by signing in.`
      }
      initialFocus={google ? undefined : passwordInput}
    >
      <form
        onSubmit={submit}
        className="mt-4 space-y-4"
        noValidate
        aria-label="Delete your account"
      >
        {google ? (
          <GoogleConfirm onCredential={setIdToken} />
        ) : (
          <PasswordField
            label="Password"
            name="password"
            autoComplete="current-password"
            ref={passwordInput}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        )}
        {google && error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="flex items-start gap-3 rounded-xl bg-slate-50 p-3">
          <input
            id={`${atOnceHint}-box`}
            type="checkbox"
            className="mt-1 size-4 accent-red-600"
            checked={immediately}
            onChange={(event) => setImmediately(event.target.checked)}
            aria-describedby={atOnceHint}
          />
          <div>
            <label htmlFor={`${atOnceHint}-box`} className="text-sm font-medium text-slate-900">
              Delete at once
            </label>
            <p id={atOnceHint} className="text-sm text-slate-600">
              Erase everything now instead of after {info.erase_after_days} days. You will not be
              able to restore your account.
            </p>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button tone="secondary" onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            tone="ghost"
            className="bg-red-600 text-white hover:bg-red-700 active:bg-red-800"
            loading={mutation.isPending}
            disabled={google ? !idToken : password === ''}
          >
            Delete my account
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
