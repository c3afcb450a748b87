import { MESSAGES, YOUR_DATA_ERRORS } from '@touchline/shared';
import type { ChangeEvent, FormEvent } from 'react';
import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { homeFor } from '@/config/paths';
import { setSession } from '@/lib/session';
import type { LoginArea } from '../api/login';
import { AuthenticationError, useLogin } from '../api/login';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { useRestoreAccount } from '../api/restore-account';
import { hasCode, hasStatus, serverMessage } from '../lib/errors';
import { showNotice } from '@/lib/toast';
import { RestoreAccountDialog } from './restore-account-dialog';
import { loadLoginSchemas } from '../lib/load-login-schemas';
import type { CredentialErrors, CredentialField } from '../lib/login-schemas';
import { grantOtpAccess } from '../lib/otp-access';
import { AUTH_PATHS, otpPathFor } from '@/config/paths';
import { LINK_CLASS } from '../lib/tone';

/** Checks the fields with the shared login schema, loaded with the first focus or submit. */
async function check(values: { email: string; password: string }) {
  const { checkCredentials } = await loadLoginSchemas();
  return checkCredentials(values);
}

/**
 * E-mail and password for one login area (spec §4, §7, §8): login, then the tokens; success
 * stores the session and opens the role's home; 403 means the e-mail is not verified yet.
 *
 * A plain controlled form (no form library) checked by the shared `loginSchema`, whose zod chunk
 * loads when the form is first focused: the login pages are the first thing a phone downloads
 * (issue 15). As before: checked on submit, then again on every change; the first invalid field
 * takes the focus.
 */
export function LoginForm({ area }: { area: LoginArea }) {
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog(area);
  const login = useLogin(area);
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<CredentialErrors>({});
  const submitted = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const restore = useRestoreAccount();
  /** The sign-in of a deleted account: its message, and the credentials that restore it. */
  const [pending, setPending] = useState<{
    message: string;
    email: string;
    password: string;
  } | null>(null);

  const signIn = async (credentials: { email: string; password: string }) => {
    const input = await login.mutateAsync(credentials);
    setSession(input);
    navigate(homeFor(input.role), { replace: true });
  };

  const restoreAndSignIn = async () => {
    if (!pending) return;
    const { email, password } = pending;
    try {
      const answer = await restore.mutateAsync({
        email,
        password,
        is_academy: area === 'academy',
        ...(area === 'admin' ? { is_admin: true } : {}),
      });
      setPending(null);
      showNotice(answer.message, 'success');
      await signIn({ email, password });
    } catch {
      // The dialog shows the restore's error; a failed sign-in afterwards shows the login's.
    }
  };

  const change = (field: CredentialField) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (submitted.current) {
      void check(next).then((result) => setErrors(result.ok ? {} : result.errors));
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submitted.current = true;
    const result = await check(values);
    if (!result.ok) {
      setErrors(result.errors);
      (result.errors.email ? emailInput : passwordInput).current?.focus();
      return;
    }
    setErrors({});
    const credentials = result.data;
    try {
      await signIn(credentials);
    } catch (error) {
      if (hasCode(error, YOUR_DATA_ERRORS.pendingDeletion)) {
        restore.reset();
        setPending({ message: error.message, ...credentials });
        return;
      }
      if (hasStatus(error, 403)) {
        await show({
          kind: 'info',
          title: MESSAGES.verificationIncomplete,
          message: MESSAGES.checkEmail,
        });
        grantOtpAccess();
        navigate(otpPathFor(credentials.email, area === 'academy'));
        return;
      }
      const message =
        error instanceof AuthenticationError
          ? error.message
          : (serverMessage(error) ?? MESSAGES.loginServerError);
      await show({ kind: 'error', title: 'Error', message });
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      onFocus={() => void loadLoginSchemas()}
      noValidate
      className="space-y-5"
      aria-label="Log in"
    >
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        tone={area}
        error={errors.email}
        name="email"
        ref={emailInput}
        value={values.email}
        onChange={change('email')}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          tone={area}
          error={errors.password}
          name="password"
          ref={passwordInput}
          value={values.password}
          onChange={change('password')}
        />
        {area !== 'admin' ? (
          <p className="mt-2 text-right text-sm">
            <Link
              href={
                area === 'academy'
                  ? `${AUTH_PATHS.forgotPassword}?academy=1`
                  : AUTH_PATHS.forgotPassword
              }
              className={LINK_CLASS[area]}
            >
              Forgot password?
            </Link>
          </p>
        ) : null}
      </div>
      <Button type="submit" tone={area} loading={login.isPending} fullWidth>
        Log in
      </Button>
      {dialog}
      <RestoreAccountDialog
        message={pending?.message ?? null}
        busy={restore.isPending || login.isPending}
        error={restore.error ? (serverMessage(restore.error) ?? MESSAGES.loginServerError) : null}
        onRestore={() => void restoreAndSignIn()}
        onCancel={() => setPending(null)}
      />
    </form>
  );
}
