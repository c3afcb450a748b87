import type { ChildSummary, PendingApproval } from '@touchline/shared';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { useClientConfig } from '@/api/platform/client-config';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { checkoutTarget } from '@/lib/checkout-target';
import { formatNaira } from '@/lib/money';
import { showNotice } from '@/lib/toast';
import { useChild, useDecideApproval } from '../api/guardians';
import { serverMessage } from '../lib/errors';

const FALLBACK = 'Something went wrong. Please try again.';

const day = (iso: string) =>
  new Date(`${iso.slice(0, 10)}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
const until = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/**
 * The child's trial registrations waiting for this guardian (supplement §14, decision 42): each
 * with Approve (for a paid trial: approve and pay through the normal checkout, or Pay again for
 * an open checkout) and Decline behind a confirmation. Kept live by `useLiveChildren`.
 */
export function ChildApprovals({ child }: { child: ChildSummary }) {
  const detail = useChild(child.id);
  const approvals = detail.data?.approvals ?? [];
  if (approvals.length === 0) return null;
  return (
    <section
      className="mt-5 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200"
      aria-label={`${child.username}'s registrations waiting for your approval`}
    >
      <h3 className="font-semibold text-amber-950">Waiting for your approval</h3>
      <ul className="mt-2 space-y-3">
        {approvals.map((approval) => (
          <ApprovalItem key={approval.id} child={child} approval={approval} />
        ))}
      </ul>
    </section>
  );
}

function ApprovalItem({ child, approval }: { child: ChildSummary; approval: PendingApproval }) {
  const decide = useDecideApproval(child.id);
  const [declining, setDeclining] = useState(false);
  const [, navigate] = useLocation();
  const { data: config } = useClientConfig();
  const fee = approval.trial.registration_fee;
  const open =
    approval.payment?.status === 'pending' && approval.payment.authorization_url
      ? approval.payment.authorization_url
      : null;

  /** Sends the guardian to the checkout: our sandbox page or the provider's https page. */
  const goPay = (url: string) => {
    const target = config ? checkoutTarget(url, config) : null;
    if (target?.kind === 'page') navigate(target.path);
    else if (target?.kind === 'provider') window.location.assign(target.url);
    else showNotice(TRIAL_MESSAGES.checkoutRefused, 'error');
  };

  const approve = async () => {
    try {
      const answer = await decide.mutateAsync({
        registrationId: approval.id,
        decision: 'approve',
      });
      if (answer.payment) return goPay(answer.payment.authorization_url);
      showNotice(answer.message, 'success');
    } catch (error) {
      showNotice(serverMessage(error) ?? FALLBACK, 'error');
    }
  };
  const decline = async () => {
    try {
      const answer = await decide.mutateAsync({
        registrationId: approval.id,
        decision: 'decline',
      });
      setDeclining(false);
      showNotice(answer.message, 'success');
    } catch (error) {
      setDeclining(false);
      showNotice(serverMessage(error) ?? FALLBACK, 'error');
    }
  };

  return (
    <li className="rounded-lg bg-white p-3 text-sm text-slate-700 ring-1 ring-amber-200">
      <p className="font-medium text-slate-900">
        {approval.trial.name} · {approval.trial.academy}
      </p>
      <p>
        {day(approval.trial.trial_date)} at {approval.trial.venue} ·{' '}
        {fee > 0 ? formatNaira(fee) : 'Free'} · ref {approval.reference_code}
      </p>
      {approval.hold_expires_at ? (
        <p className="text-slate-600">
          The place is held until {until(approval.hold_expires_at)}. The academy sees the
          registration only once you approve{fee > 0 ? ' and pay' : ''}.
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {open ? (
          <Button onClick={() => goPay(open)}>Pay {formatNaira(fee)}</Button>
        ) : (
          <Button disabled={decide.isPending} onClick={() => void approve()}>
            {fee > 0 ? `Approve and pay ${formatNaira(fee)}` : 'Approve'}
          </Button>
        )}
        <Button tone="secondary" disabled={decide.isPending} onClick={() => setDeclining(true)}>
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={declining}
        title={`Decline ${child.username}'s registration?`}
        description={`${child.username}'s place at ${approval.trial.name} will be released and they will be told. The academy never sees this registration.`}
        confirmLabel="Decline"
        busyLabel="Declining…"
        cancelLabel="Keep it"
        confirmClassName="bg-red-700 text-white hover:bg-red-800"
        busy={decide.isPending}
        onConfirm={() => void decline()}
        onCancel={() => setDeclining(false)}
      />
    </li>
  );
}
