import type { MyRegistration, TrialView } from '@touchline/shared';
import { CHECK_IN_STATUSES, TRIAL_LIMITS, TRIAL_MESSAGES, waitlistLabel } from '@touchline/shared';
import { CalendarCheck, CircleAlert, CreditCard, Hourglass } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useAwaitingConsent } from '@/api/consent';
import { useClientConfig } from '@/api/platform/client-config';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Button } from '@/components/ui/button';
import { ReferenceQr } from '@/components/qr/reference-qr';
import { WaitingForGuardian } from '@/components/waiting-for-guardian';
import { TRIAL_PATHS, registerTrialPath } from '@/config/paths';
import { checkoutTarget } from '@/lib/checkout-target';
import { formatNaira } from '@/lib/money';
import { showNotice } from '@/lib/toast';
import { useCancelRegistration } from '../api/cancel-registration';
import { usePayRegistration } from '../api/pay-registration';
import type { Availability } from '../lib/format';
import { canCancelRegistration, formatDay, waitlistExplanation } from '../lib/format';
import { errorText } from '../lib/errors';
import { StatusBadge } from './status-badge';

const LIVE = new Set([
  'pending_payment',
  'registered',
  'selected',
  'rejected',
  'awaiting_guardian',
  'waitlisted',
]);

/**
 * The action card of a trial: Register (or, when every place is taken, Join the waitlist; or why
 * not: 'Deadline Over', cancelled), or the player's live registration (or waitlist place, with its
 * number in line) with its reference code, status, a way to finish a pending payment and Cancel /
 * Leave the waitlist (with confirmation).
 */
export function RegistrationPanel({
  trial,
  availability,
}: {
  trial: TrialView;
  availability: Availability;
}) {
  const mine = trial.my_registration;
  const waiting = useAwaitingConsent();
  if (mine && LIVE.has(mine.status))
    return <MyRegistrationCard trial={trial} registration={mine} />;
  if (waiting && availability === 'open') {
    return (
      <section aria-label="Registration" className="card p-5">
        <WaitingForGuardian action="register for trials" />
      </section>
    );
  }
  return (
    <section aria-label="Registration" className="card p-5">
      {mine ? (
        <p className="mb-3 flex items-center justify-between gap-2 text-sm text-slate-600">
          Your last registration <StatusBadge status={mine.status} />
        </p>
      ) : null}
      {availability === 'full' ? (
        <>
          <p className="mb-3 text-sm font-semibold text-slate-800">{TRIAL_MESSAGES.full}</p>
          <Link href={registerTrialPath(trial.id)} className="btn btn-player w-full">
            <Hourglass className="size-4" aria-hidden="true" />
            Join the waitlist
          </Link>
          <p className="mt-2 text-center text-xs text-slate-500">
            {waitlistExplanation(trial.registration_fee)}
            {trial.waitlist_count > 0
              ? ` ${trial.waitlist_count} ${trial.waitlist_count === 1 ? 'player is' : 'players are'} waiting.`
              : ''}
          </p>
        </>
      ) : availability === 'open' ? (
        <>
          <Link href={registerTrialPath(trial.id)} className="btn btn-player w-full">
            Register
          </Link>
          <p className="mt-2 text-center text-xs text-slate-500">
            {trial.registration_fee
              ? `${formatNaira(trial.registration_fee)} is paid when you register.`
              : 'This trial is free.'}{' '}
            Registration closes {formatDay(trial.deadline, { weekday: false })}.
          </p>
        </>
      ) : (
        <>
          <button type="button" disabled className="btn btn-secondary w-full">
            {availability === 'deadline' ? TRIAL_MESSAGES.deadlinePassed : 'Registration closed'}
          </button>
          <p className="mt-2 text-center text-xs text-slate-500">
            {availability === 'deadline'
              ? 'Registration for this trial has closed.'
              : 'The academy cancelled this trial.'}
          </p>
        </>
      )}
    </section>
  );
}

function MyRegistrationCard({
  trial,
  registration,
}: {
  trial: TrialView;
  registration: MyRegistration;
}) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRegistration();
  const canCancel = canCancelRegistration(trial, registration.status);
  const selected = registration.status === 'selected';
  const waitlisted = registration.status === 'waitlisted';
  const payment = registration.payment;
  const { data: config } = useClientConfig();
  const pay = usePayRegistration();
  const [, navigate] = useLocation();
  // Only our sandbox page or the provider's https checkout (issue 25).
  const target =
    registration.status === 'pending_payment' &&
    payment?.status === 'pending' &&
    payment.authorization_url &&
    config
      ? checkoutTarget(payment.authorization_url, config)
      : null;

  return (
    <section aria-labelledby="my-registration" className="card overflow-hidden">
      <div className="bg-gradient-to-br from-brand-600 via-brand-700 to-brand-900 p-5 text-white">
        <h2
          id="my-registration"
          className="flex items-center gap-2 text-sm font-semibold text-white/90"
        >
          <CalendarCheck className="size-4" aria-hidden="true" />
          Your registration
        </h2>
        <p className="mt-3 text-xs tracking-wide text-white/70 uppercase">Reference code</p>
        <p className="font-mono text-2xl font-bold tracking-wider" data-testid="reference-code">
          {registration.reference_code}
        </p>
      </div>
      <div className="space-y-4 p-5">
        {(CHECK_IN_STATUSES as readonly string[]).includes(registration.status) ? (
          <div className="flex flex-col items-center gap-1">
            <ReferenceQr code={registration.reference_code} />
            <p className="text-center text-xs text-slate-500">Show this at the trial to check in</p>
          </div>
        ) : null}
        <p className="flex items-center justify-between gap-2 text-sm text-slate-600">
          Status <StatusBadge status={registration.status} />
        </p>
        {registration.status === 'pending_payment' ? (
          <div className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <p className="flex gap-2">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                Your place is held until payment is complete
                {registration.hold_expires_at
                  ? ` (until ${new Date(registration.hold_expires_at).toLocaleTimeString('en-NG', { hour: 'numeric', minute: '2-digit', hour12: true })})`
                  : ''}
                .
              </span>
            </p>
            {target ? (
              <a
                href={target.kind === 'page' ? target.path : target.url}
                className="btn btn-player mt-3 w-full"
              >
                <CreditCard className="size-4" aria-hidden="true" />
                Pay {formatNaira(trial.registration_fee)}
              </a>
            ) : (
              // A place offered from the waitlist has no checkout yet: open one (decision 49).
              <Button
                fullWidth
                className="mt-3"
                loading={pay.isPending}
                onClick={() =>
                  pay.mutate(registration.id, {
                    onSuccess: (answer) => {
                      const to = config ? checkoutTarget(answer.authorization_url, config) : null;
                      if (to?.kind === 'page') navigate(to.path);
                      else if (to?.kind === 'provider') window.location.assign(to.url);
                      else showNotice(TRIAL_MESSAGES.checkoutRefused, 'error');
                    },
                    onError: (error) => showNotice(errorText(error), 'error'),
                  })
                }
              >
                <CreditCard className="size-4" aria-hidden="true" />
                Pay {formatNaira(trial.registration_fee)}
              </Button>
            )}
          </div>
        ) : null}
        {waitlisted ? (
          <div
            className="rounded-xl bg-violet-50 p-3 text-sm text-violet-950 ring-1 ring-violet-200"
            data-testid="waitlist-place"
          >
            <p className="flex gap-2">
              <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                <strong className="block font-semibold">
                  {waitlistLabel(registration.waitlist_position)}
                </strong>
                When a place frees, the first in line gets it at once: we tell you here and by
                e-mail
                {trial.registration_fee
                  ? `, and you then have ${TRIAL_LIMITS.holdMinutes} minutes to pay`
                  : ''}
                .
              </span>
            </p>
          </div>
        ) : null}
        {registration.status === 'awaiting_guardian' ? (
          <div className="rounded-xl bg-sky-50 p-3 text-sm text-sky-900 ring-1 ring-sky-200">
            <p className="flex gap-2">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                {TRIAL_MESSAGES.awaitingGuardian}. We told your guardian; your place is held
                {registration.hold_expires_at
                  ? ` until ${new Date(registration.hold_expires_at).toLocaleString('en-NG', { weekday: 'short', hour: 'numeric', minute: '2-digit', hour12: true })}`
                  : ''}
                {trial.registration_fee
                  ? `, and they pay the ${formatNaira(trial.registration_fee)} fee when they approve`
                  : ''}
                .
              </span>
            </p>
          </div>
        ) : null}
        {registration.status === 'selected' ? (
          <p className="text-sm text-slate-700">Congratulations! The academy selected you.</p>
        ) : null}
        <Link href={TRIAL_PATHS.history} className="btn btn-secondary w-full">
          View Joined Trials
        </Link>
        {canCancel ? (
          <Button
            tone="ghost"
            fullWidth
            className="text-red-700"
            onClick={() => setConfirming(true)}
          >
            {selected
              ? 'Withdraw from this trial'
              : waitlisted
                ? 'Leave the waitlist'
                : 'Cancel registration'}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        title={
          selected
            ? 'Withdraw from this trial?'
            : waitlisted
              ? 'Leave the waitlist?'
              : 'Cancel your registration?'
        }
        description={`${
          selected
            ? `The academy selected you. If you withdraw, your place at ${trial.name} will be released.`
            : waitlisted
              ? `You will lose your place in line for ${trial.name}. You can join again later, at the back of the line.`
              : `Your place at ${trial.name} will be released.`
        }${
          trial.registration_fee && payment?.status === 'succeeded'
            ? ` Your payment of ${formatNaira(trial.registration_fee)} will be refunded.`
            : ''
        }`}
        confirmLabel={
          selected ? 'Withdraw' : waitlisted ? 'Leave the waitlist' : 'Cancel registration'
        }
        busyLabel="Cancelling…"
        cancelLabel="Keep it"
        confirmClassName="bg-red-600 text-white hover:bg-red-700"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(registration.id, {
            onSuccess: () => {
              setConfirming(false);
              showNotice(
                waitlisted ? TRIAL_MESSAGES.waitlistLeft : TRIAL_MESSAGES.registrationCancelled,
                'success',
              );
            },
            onError: (error) => {
              setConfirming(false);
              showNotice(errorText(error), 'error');
            },
          })
        }
      />
    </section>
  );
}
