import { zodResolver } from '@hookform/resolvers/zod';
import { AUTH_ERRORS, AUTH_MESSAGES, MESSAGES, resetPasswordSchema } from '@touchline/shared';
import { useForm } from 'react-hook-form';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation } from 'wouter';
import { Button } from '@/components/ui/button';
import { PasswordField } from '@/components/ui/password-field';
import { notify } from '@/lib/toast';
import { useResetPassword } from '../api/reset-password';
import { useMessageDialog } from '../hooks/use-message-dialog';
import { hasCode, serverFieldErrors, serverMessage } from '../lib/errors';
import { AUTH_PATHS, loginPathForArea } from '@/config/paths';
import { withExtraChecks } from '../lib/with-extra-checks';
import { endReset, resetFlow } from '../stores/reset-flow';
import { PASSWORD_HINT } from './password-hint';

export const CONFIRM_REQUIRED = 'Please confirm your password';
export const PASSWORDS_DIFFER = 'Passwords do not match';

const resolver = withExtraChecks<{ confirm: string }>()(
  zodResolver(resetPasswordSchema.pick({ password: true })),
  ({ password, confirm }) => ({
    confirm: !confirm ? CONFIRM_REQUIRED : confirm !== password ? PASSWORDS_DIFFER : undefined,
  }),
);

/** The new password, twice, with the signup strength rule; needs the reset token from the code. */
export function ResetPasswordForm() {
  const flow = useSnapshot(resetFlow);
  const [, navigate] = useLocation();
  const { show, dialog } = useMessageDialog(flow.academy ? 'academy' : 'player');
  const reset = useResetPassword();
  const tone = flow.academy ? 'academy' : 'player';
  const { register, handleSubmit, formState, setError } = useForm({
    resolver,
    defaultValues: { password: '', confirm: '' },
  });

  if (!flow.resetToken) return <Redirect to={AUTH_PATHS.forgotPassword} replace />;
  const resetToken = flow.resetToken;

  const submit = handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ reset_token: resetToken, password });
      const academy = resetFlow.academy;
      endReset();
      notify(200, AUTH_MESSAGES.resetDone);
      navigate(loginPathForArea(academy), { replace: true });
    } catch (error) {
      const message = serverMessage(error) ?? MESSAGES.serverErrorTryLater;
      const fieldMessage = serverFieldErrors(error).password;
      if (fieldMessage) {
        setError('password', { type: 'server', message: fieldMessage });
        return;
      }
      await show({ kind: 'error', title: 'Error', message });
      if (hasCode(error, AUTH_ERRORS.resetTokenInvalid)) {
        endReset();
        navigate(AUTH_PATHS.forgotPassword, { replace: true });
      }
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Choose a new password">
      <PasswordField
        label="New password"
        autoComplete="new-password"
        tone={tone}
        hint={PASSWORD_HINT}
        error={formState.errors.password?.message}
        {...register('password')}
      />
      <PasswordField
        label="Confirm password"
        autoComplete="new-password"
        tone={tone}
        error={formState.errors.confirm?.message}
        {...register('confirm')}
      />
      <Button type="submit" tone={tone} loading={reset.isPending} fullWidth>
        Reset password
      </Button>
      {dialog}
    </form>
  );
}
