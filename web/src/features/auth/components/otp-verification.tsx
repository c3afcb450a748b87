import { AUTH_MESSAGES, isEmailAddress, LIMITS, MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { notify } from '@/lib/toast';
import { resendCode, useResendCode } from '../api/resend-code';
import { serverMessage } from '../lib/errors';
import { revokeOtpAccess } from '../lib/otp-access';
import { AUTH_PATHS, loginPathForArea, otpPathFor } from '@/config/paths';
import { LINK_CLASS } from '../lib/tone';
import { CodePanel } from './code-panel';
import { EmailRequestForm } from './email-request-form';

/**
 * E-mail verification: the address comes from `?email=` (signup and an unverified login send it);
 * `?academy=1` sends a verified academy to the academy login. Without an address, the screen asks
 * for it and sends a fresh code.
 */
export function OtpVerification() {
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const academy = params.get('academy') === '1';
  const tone = academy ? 'academy' : 'player';
  const candidate = params.get('email')?.trim().toLowerCase() ?? '';
  const email =
    candidate.length <= LIMITS.emailMaxLength && isEmailAddress(candidate) ? candidate : null;
  const [askError, setAskError] = useState<string | null>(null);
  const sendCode = useResendCode();

  const finish = (message: string, code: 100 | 200) => {
    revokeOtpAccess();
    notify(code, message);
    navigate(loginPathForArea(academy), { replace: true });
  };

  if (!email) {
    return (
      <>
        <p className="mb-5 text-sm text-slate-600">
          Enter the email you signed up with and we will send you a new verification code.
        </p>
        <EmailRequestForm
          submitLabel="Send code"
          tone={tone}
          pending={sendCode.isPending}
          onSubmit={async (address) => {
            setAskError(null);
            try {
              const answer = await sendCode.mutateAsync(address);
              notify(200, answer.message);
              navigate(otpPathFor(address, academy), { replace: true });
            } catch (error) {
              setAskError(serverMessage(error) ?? MESSAGES.serverErrorTryLater);
            }
          }}
        />
        {askError ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            {askError}
          </p>
        ) : null}
        <p className="mt-6 text-center text-sm text-slate-600">
          <Link href={loginPathForArea(academy)} className={LINK_CLASS[tone]}>
            Back to login
          </Link>
        </p>
      </>
    );
  }

  return (
    <CodePanel
      key={email}
      email={email}
      purpose="verify"
      tone={tone}
      resend={resendCode}
      onVerified={() => finish(AUTH_MESSAGES.verified, 200)}
      onAlreadyDone={(message) => finish(message, 100)}
      onChangeEmail={() => navigate(academy ? `${AUTH_PATHS.otp}?academy=1` : AUTH_PATHS.otp)}
    />
  );
}
