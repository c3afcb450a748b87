import type { PaymentView } from '@touchline/shared';
import { PAYMENT_MESSAGES, REGISTRATION_STATUS_LABELS } from '@touchline/shared';
import { CircleCheck, CircleX, Hourglass, ReceiptText, RotateCcw } from 'lucide-react';
import { Link, useSearch } from 'wouter';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useSnapshot } from 'valtio';
import { TRIAL_PATHS, trialPath } from '@/config/paths';
import { session } from '@/lib/session';
import { GuardianLink } from './guardian-link';
import { formatNaira } from '@/lib/money';
import { usePayment } from '../api/get-payment';
import { isNotFound, paymentErrorText } from '../lib/errors';
import { PaymentCard, PaymentFacts } from './payment-card';

/**
 * `/payment_success` and `/payment_failed`: the outcome of `?reference=` as the server tells it
 * (never the address: a browser landing on /payment_success proves nothing). A pending payment is
 * asked about again every 2 s, with a visible pending state.
 */
export function PaymentOutcomeScreen() {
  const reference = (new URLSearchParams(useSearch()).get('reference') ?? '').trim();
  if (!reference) {
    return (
      <PaymentCard
        icon={<ReceiptText className="size-7" />}
        tone="neutral"
        title="No payment to show"
      >
        <p className="mt-2 text-sm text-slate-600">This page needs a payment reference.</p>
        <Links />
      </PaymentCard>
    );
  }
  return <Outcome reference={reference} />;
}

function Outcome({ reference }: { reference: string }) {
  const query = usePayment(reference);
  if (query.isPending) {
    return (
      <PaymentCard icon={<Spinner />} tone="neutral" title="Checking your payment…">
        <p className="mt-2 text-sm text-slate-600" role="status">
          One moment while we ask the payment provider.
        </p>
      </PaymentCard>
    );
  }
  if (query.isError) {
    return (
      <PaymentCard
        icon={<CircleX className="size-7" />}
        tone="failure"
        title={isNotFound(query.error) ? PAYMENT_MESSAGES.notFound : 'Payment status unavailable'}
      >
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {isNotFound(query.error)
            ? 'We could not find this payment on your account.'
            : paymentErrorText(query.error)}
        </p>
        {isNotFound(query.error) ? null : (
          <Button tone="secondary" className="mt-4" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
        <Links />
      </PaymentCard>
    );
  }
  return <Result payment={query.data} />;
}

function Result({ payment }: { payment: PaymentView }) {
  const facts = [
    ['Amount', formatNaira(payment.amount)],
    ['Trial', payment.trial.name],
    [
      'Reference code',
      <code key="code" className="font-mono">
        {payment.registration.reference_code}
      </code>,
    ],
    ['Registration', REGISTRATION_STATUS_LABELS[payment.registration.status]],
  ] as const;

  if (payment.status === 'pending') {
    return (
      <PaymentCard
        icon={<Hourglass className="size-7" />}
        tone="pending"
        title={PAYMENT_MESSAGES.pending}
      >
        <p
          role="status"
          className="mt-2 flex items-center justify-center gap-2 text-sm text-slate-600"
        >
          <Spinner /> Waiting for the payment provider to confirm your payment…
        </p>
        <PaymentFacts rows={facts} />
        <Links trialId={payment.trial.id} />
      </PaymentCard>
    );
  }
  if (payment.status === 'succeeded') {
    return (
      <PaymentCard
        icon={<CircleCheck className="size-7" />}
        tone="success"
        title={PAYMENT_MESSAGES.succeeded}
      >
        <p role="status" className="mt-2 text-sm text-slate-600">
          {payment.registration.status === 'registered'
            ? `Your place at ${payment.trial.name} is confirmed. Keep your reference code.`
            : `We received your payment for ${payment.trial.name}.`}
        </p>
        <PaymentFacts rows={facts} />
        <Links trialId={payment.trial.id} />
      </PaymentCard>
    );
  }
  if (payment.status === 'refunded') {
    return (
      <PaymentCard
        icon={<RotateCcw className="size-7" />}
        tone="neutral"
        title={PAYMENT_MESSAGES.refunded}
      >
        <p role="status" className="mt-2 text-sm text-slate-600">
          Your payment for {payment.trial.name} has been refunded.
        </p>
        <PaymentFacts rows={facts} />
        <Links trialId={payment.trial.id} />
      </PaymentCard>
    );
  }
  return (
    <PaymentCard
      icon={<CircleX className="size-7" />}
      tone="failure"
      title={PAYMENT_MESSAGES.failed}
    >
      <p role="status" className="mt-2 text-sm text-slate-600">
        The payment for {payment.trial.name} did not go through and no money was taken.
      </p>
      <PaymentFacts rows={facts} />
      <Links trialId={payment.trial.id} />
    </PaymentCard>
  );
}

function Links({ trialId }: { trialId?: string }) {
  const { role } = useSnapshot(session);
  // A guardian paid for a child's trial (decision 42): back to their page.
  if (role === 'guardian') return <GuardianLink />;
  return (
    <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
      {trialId ? (
        <Link href={trialPath(trialId)} className="btn btn-player">
          View trial
        </Link>
      ) : null}
      <Link href={TRIAL_PATHS.history} className="btn btn-secondary">
        View Joined Trials
      </Link>
    </div>
  );
}
