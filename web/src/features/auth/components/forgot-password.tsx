import { MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Link, useLocation, useSearchParams } from 'wouter';
import { notify } from '@/lib/toast';
import { forgotPassword, useForgotPassword } from '../api/forgot-password';
import { serverMessage } from '../lib/errors';
import { AUTH_PATHS, loginPathForArea } from '@/config/paths';
import { LINK_CLASS } from '../lib/tone';
import { resetFlow, setResetToken, startReset } from '../stores/reset-flow';
import { CodePanel } from './code-panel';
import { EmailRequestForm } from './email-request-form';

/**
 * Forgot password (supplement §1): the e-mail gets a code, the code (same six boxes) yields a
 * single-use reset token, and /reset_password sets the new password with it.
 */
export function ForgotPassword() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const flow = useSnapshot(resetFlow);
  const academy = params.get('academy') === '1' || flow.academy;
  const tone = academy ? 'academy' : 'player';
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const send = useForgotPassword();

  if (sentTo) {
    return (
      <CodePanel
        key={sentTo}
        email={sentTo}
        purpose="reset"
        tone={tone}
        resend={forgotPassword}
        onVerified={(answer) => {
          if (!answer.reset_token) {
            setSentTo(null);
            setProblem(MESSAGES.somethingWentWrong);
            return;
          }
          setResetToken(answer.reset_token);
          navigate(AUTH_PATHS.resetPassword);
        }}
        onChangeEmail={() => setSentTo(null)}
      />
    );
  }

  return (
    <>
      <p className="mb-5 text-sm text-slate-600">
        Enter the email of your account. We will send you a 6-digit code to choose a new password.
      </p>
      <EmailRequestForm
        submitLabel="Send code"
        tone={tone}
        defaultEmail={flow.email ?? ''}
        pending={send.isPending}
        onSubmit={async (email) => {
          setProblem(null);
          try {
            const answer = await send.mutateAsync(email);
            startReset(email, academy);
            notify(200, answer.message);
            setSentTo(email);
          } catch (error) {
            setProblem(serverMessage(error) ?? MESSAGES.serverErrorTryLater);
          }
        }}
      />
      {problem ? (
        <p role="alert" className="mt-3 text-sm text-red-600">
          {problem}
        </p>
      ) : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link href={loginPathForArea(academy)} className={LINK_CLASS[tone]}>
          Back to login
        </Link>
      </p>
    </>
  );
}
