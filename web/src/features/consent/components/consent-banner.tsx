import { GUARDIAN_ERRORS, GUARDIAN_MESSAGES, MESSAGES } from '@touchline/shared';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Button } from '@/components/ui/button';
import { ApiError, onApiError } from '@/lib/api-client';
import { session } from '@/lib/session';
import { useMyConsent, useResendToGuardian } from '../api/consent';

/**
 * A child's account waiting for a guardian's consent (supplement §14): says so at the top of
 * every signed-in page, and offers 'Resend to my guardian'. Shows when `GET /api/me` says
 * `awaiting_consent`, or as soon as any call is refused with `guardian.consent_required`.
 */
export function ConsentBanner() {
  const { role } = useSnapshot(session);
  const me = useMyConsent(role === 'player');
  const [refused, setRefused] = useState(false);
  const resend = useResendToGuardian();

  useEffect(
    () =>
      onApiError((error) => {
        if (error.status === 403 && error.code === GUARDIAN_ERRORS.consentRequired)
          setRefused(true);
      }),
    [],
  );

  const status = me.data?.consent_status;
  const waiting = status === 'awaiting_consent' || (refused && status !== 'given');
  if (role !== 'player' || !waiting) return null;

  let answer: { tone: 'ok' | 'error'; text: string } | null = null;
  if (resend.isSuccess) answer = { tone: 'ok', text: resend.data.message };
  else if (resend.isError) {
    const error = resend.error;
    answer = {
      tone: 'error',
      text:
        error instanceof ApiError && error.status === 429
          ? GUARDIAN_MESSAGES.resendTooSoon
          : error instanceof ApiError && error.status < 500
            ? error.message
            : MESSAGES.somethingWentWrong,
    };
  }

  return (
    <section
      aria-labelledby="consent-banner-title"
      className="border-b border-amber-300 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
        <div className="flex-1 space-y-1">
          <h2 id="consent-banner-title" className="font-semibold">
            Waiting for your guardian’s consent
          </h2>
          <p className="text-sm">{GUARDIAN_MESSAGES.consentRequired}</p>
          <p className="text-sm">
            We e-mailed your parent or guardian a link to give consent. Ask them to check their
            inbox.
          </p>
          <p role="status" className="text-sm font-medium">
            {answer ? (
              <span className={answer.tone === 'error' ? 'text-red-800' : 'text-emerald-800'}>
                {answer.text}
              </span>
            ) : null}
          </p>
        </div>
        <Button
          tone="secondary"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
          className="shrink-0"
        >
          Resend to my guardian
        </Button>
      </div>
    </section>
  );
}
