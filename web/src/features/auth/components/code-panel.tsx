import { AUTH_ERRORS, LIMITS, MESSAGES, otpVerifySchema } from '@touchline/shared';
import { MailCheck } from 'lucide-react';
import type { FormEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { notify } from '@/lib/toast';
import type { CodePurpose, VerifyCodeAnswer } from '../api/verify-code';
import { useVerifyCode } from '../api/verify-code';
import { useCountdown } from '../hooks/use-countdown';
import { hasCode, serverMessage } from '../lib/errors';
import { maskEmail } from '../lib/mask-email';
import type { AuthTone } from '../lib/tone';
import { LINK_CLASS } from '../lib/tone';
import type { OtpInputHandle } from './otp-input';
import { OtpInput, emptyCode } from './otp-input';

type CodePanelProps = {
  email: string;
  purpose: CodePurpose;
  /** Sends a new code (`resend_otp` for verification, `forget_pass` for a reset). */
  resend: (email: string) => Promise<{ message: string }>;
  onVerified: (answer: VerifyCodeAnswer) => void;
  /** A 400 that means "nothing left to verify" (already verified): handled by the caller. */
  onAlreadyDone?: (message: string) => void;
  onChangeEmail?: () => void;
  tone?: AuthTone;
};

/**
 * Where the code went (masked), six boxes, Verify, and 'Resend code' once the 60 s since the last
 * code have passed (supplement §1).
 */
export function CodePanel({
  email,
  purpose,
  resend,
  onVerified,
  onAlreadyDone,
  onChangeEmail,
  tone = 'player',
}: CodePanelProps) {
  const [digits, setDigits] = useState(() => emptyCode(LIMITS.otpLength));
  const [problem, setProblem] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const boxes = useRef<OtpInputHandle>(null);
  const messageId = useId();
  const verify = useVerifyCode();
  const { remaining, restart } = useCountdown(LIMITS.otpResendSeconds);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = otpVerifySchema.safeParse({ email, otp: digits.join(''), purpose });
    if (!parsed.success) {
      const issue = parsed.error.issues.find((i) => i.path[0] === 'otp') ?? parsed.error.issues[0];
      setProblem(issue?.message ?? MESSAGES.somethingWentWrong);
      boxes.current?.focus(digits.findIndex((digit) => !digit));
      return;
    }
    setProblem(null);
    verify.mutate(parsed.data, {
      onSuccess: onVerified,
      onError: (error) => {
        const message = serverMessage(error) ?? MESSAGES.serverErrorTryLater;
        if (hasCode(error, AUTH_ERRORS.alreadyVerified) && onAlreadyDone) {
          onAlreadyDone(message);
          return;
        }
        setProblem(message);
        if (hasCode(error, AUTH_ERRORS.codeInvalid)) {
          setDigits(emptyCode(LIMITS.otpLength));
          boxes.current?.focus(0);
        }
      },
    });
  };

  const requestNewCode = async () => {
    setResending(true);
    try {
      const answer = await resend(email);
      notify(200, answer.message);
      setProblem(null);
      setDigits(emptyCode(LIMITS.otpLength));
      restart();
      boxes.current?.focus(0);
    } catch (error) {
      setProblem(serverMessage(error) ?? MESSAGES.serverErrorTryLater);
    } finally {
      setResending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Enter the code">
      <div className="mb-6 flex items-start gap-3 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden="true" />
        <div className="min-w-0 text-sm text-slate-600">
          <p>
            We sent a 6-digit code to{' '}
            <strong
              className="font-semibold whitespace-nowrap text-slate-900"
              data-testid="masked-email"
            >
              {maskEmail(email)}
            </strong>
            . It expires in {LIMITS.otpTtlSeconds / 60} minutes.
          </p>
          {onChangeEmail ? (
            <button type="button" onClick={onChangeEmail} className={`mt-1 ${LINK_CLASS[tone]}`}>
              Use a different email
            </button>
          ) : null}
        </div>
      </div>

      <OtpInput
        ref={boxes}
        value={digits}
        onChange={(next) => {
          setDigits(next);
          if (problem) setProblem(null);
        }}
        invalid={Boolean(problem)}
        describedBy={problem ? messageId : undefined}
        tone={tone}
      />
      {problem ? (
        <p id={messageId} role="alert" className="mt-3 text-sm text-red-600">
          {problem}
        </p>
      ) : null}

      <Button type="submit" tone={tone} loading={verify.isPending} fullWidth className="mt-6">
        Verify
      </Button>

      <div className="mt-5 flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm text-slate-600">
        <span>Didn&apos;t get the code?</span>
        <button
          type="button"
          onClick={requestNewCode}
          disabled={remaining > 0 || resending}
          className={`${LINK_CLASS[tone]} disabled:cursor-not-allowed disabled:font-medium disabled:text-slate-400 disabled:no-underline`}
        >
          Resend code
        </button>
        {remaining > 0 ? (
          <span className="tabular-nums text-slate-500" data-testid="resend-countdown">
            in {formatSeconds(remaining)}
          </span>
        ) : null}
      </div>
    </form>
  );
}

function formatSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}
