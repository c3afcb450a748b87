import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES, loginSchema } from '@touchline/shared';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { TextField } from '@/components/ui/text-field';
import { homeFor } from '@/config/paths';
import { setSession } from '@/lib/session';
import type { LoginArea } from '../api/login';
import { AuthenticationError, useLogin } from '../api/login';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { hasStatus, serverMessage } from '../lib/errors';
import { grantOtpAccess } from '../lib/otp-access';
import { AUTH_PATHS, otpPathFor } from '@/config/paths';
import { LINK_CLASS } from '../lib/tone';

/** The login form's fields: only presence is checked (spec §5). */
const credentialsSchema = loginSchema.pick({ email: true, password: true });

/**
 * E-mail and password for one login area (spec §4, §7, §8): login, then the tokens; success
 * stores the session and opens the role's home; 403 means the e-mail is not verified yet.
 */
export function LoginForm({ area }: { area: LoginArea }) {
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog(area);
  const login = useLogin(area);
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(credentialsSchema),
    defaultValues: { email: '', password: '' },
  });

  const submit = handleSubmit(async (credentials) => {
    try {
      const input = await login.mutateAsync(credentials);
      setSession(input);
      navigate(homeFor(input.role), { replace: true });
    } catch (error) {
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
  });

  const errors = formState.errors;
  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Log in">
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        inputMode="email"
        tone={area}
        error={errors.email?.message}
        {...register('email')}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          tone={area}
          error={errors.password?.message}
          {...register('password')}
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
    </form>
  );
}
