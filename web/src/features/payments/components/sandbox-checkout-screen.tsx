import type { PaymentView } from '@touchline/shared';
import { CircleX, CreditCard, ShieldCheck } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { TestPaymentsBanner } from '@/components/test-payments-banner';
import { Spinner } from '@/components/ui/spinner';
import { Button } from '@/components/ui/button';
import { useSnapshot } from 'valtio';
import { TRIAL_PATHS, trialPath } from '@/config/paths';
import { session } from '@/lib/session';
import { GuardianLink } from './guardian-link';
import { formatNaira } from '@/lib/money';
import { usePayment } from '../api/get-payment';
import { useSandboxOutcome } from '../api/sandbox-outcome';
import { isNotFound, paymentErrorText } from '../lib/errors';
import { PaymentCard, PaymentFacts } from './payment-card';

/**
 * `/sandbox/checkout/{reference}`: the embedded payment provider's checkout (supplement §6). The
 * payer chooses 'Pay ₦…' or 'Fail payment'; the server records the choice, drives its own signed
 * webhook and answers where to go (the outcome page, which reads the result from the server).
 */
export function SandboxCheckoutScreen({ reference }: { reference: string }) {
  const query = usePayment(reference);
  if (query.isPending) {
    return (
      <PaymentCard icon={<Spinner />} tone="neutral" title="Loading checkout…">
        <span />
      </PaymentCard>
    );
  }
  if (query.isError) {
    return (
      <PaymentCard
        icon={<CircleX className="size-7" />}
        tone="failure"
        title={isNotFound(query.error) ? 'Checkout not found' : 'Checkout unavailable'}
      >
        <p role="alert" className="mt-2 text-sm text-slate-600">
          {isNotFound(query.error)
            ? 'This checkout does not exist or belongs to another account.'
            : paymentErrorText(query.error)}
        </p>
        <div className="mt-6">
          <BackLinks />
        </div>
      </PaymentCard>
    );
  }
  return <Checkout payment={query.data} />;
}

function Checkout({ payment }: { payment: PaymentView }) {
  const [, navigate] = useLocation();
  const choose = useSandboxOutcome(payment.reference);
  const amount = formatNaira(payment.amount);
  const facts = [
    ['Trial', payment.trial.name],
    ['Reference code', payment.registration.reference_code],
    [
      'Payment reference',
      <code key="ref" className="font-mono text-xs">
        {payment.reference}
      </code>,
    ],
  ] as const;

  if (payment.status !== 'pending') {
    return (
      <PaymentCard
        icon={<ShieldCheck className="size-7" />}
        tone="neutral"
        title="This payment is complete"
      >
        <p className="mt-2 text-sm text-slate-600">Nothing more to pay for this checkout.</p>
        <PaymentFacts rows={facts} />
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <BackLinks trialId={payment.trial.id} />
        </div>
      </PaymentCard>
    );
  }

  const submit = (outcome: 'success' | 'failed') =>
    choose.mutate(outcome, {
      onSuccess: ({ redirect }) => {
        if (redirect.startsWith('/')) navigate(redirect, { replace: true });
        else window.location.assign(redirect);
      },
    });

  return (
    <div className="mx-auto w-full max-w-lg">
      <TestPaymentsBanner className="mb-3" />
      <div className="card overflow-hidden">
        <div className="bg-slate-900 px-6 py-5 text-white">
          <p className="text-xs tracking-wide text-white/60 uppercase">Touchline Sandbox Pay</p>
          <h1 className="mt-1 text-sm font-medium text-white/80">Amount to pay</h1>
          <p className="text-3xl font-bold tracking-tight" data-testid="checkout-amount">
            {amount}
          </p>
        </div>
        <div className="p-6">
          <PaymentFacts rows={facts} />
          {choose.isError ? (
            <p role="alert" className="mt-4 text-sm text-red-700">
              {paymentErrorText(choose.error)}
            </p>
          ) : null}
          <div className="mt-6 space-y-2">
            <Button
              fullWidth
              className="py-3 text-base"
              loading={choose.isPending && choose.variables === 'success'}
              disabled={choose.isPending}
              onClick={() => submit('success')}
            >
              <CreditCard className="size-5" aria-hidden="true" />
              Pay {amount}
            </Button>
            <Button
              tone="secondary"
              fullWidth
              loading={choose.isPending && choose.variables === 'failed'}
              disabled={choose.isPending}
              onClick={() => submit('failed')}
            >
              Fail payment
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}

/** Where the payer goes back to: a player's trial and joined trials, a guardian's page. */
function BackLinks({ trialId }: { trialId?: string }) {
  const { role } = useSnapshot(session);
  if (role === 'guardian') return <GuardianLink />;
  return (
    <>
      {trialId ? (
        <Link href={trialPath(trialId)} className="btn btn-player">
          View trial
        </Link>
      ) : null}
      <Link href={TRIAL_PATHS.history} className="btn btn-secondary">
        View Joined Trials
      </Link>
    </>
  );
}
