import { useQueryClient } from '@tanstack/react-query';
import type { ChildMessaging, ChildSummary } from '@touchline/shared';
import { CHILD_MESSAGING, GUARDIAN_LIMITS } from '@touchline/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { LoadingPlaceholder } from '@/components/loading-placeholder';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { serverMessage } from '../lib/errors';
import { formatNaira } from '@/lib/money';
import { signOut } from '@/lib/sign-out';
import { showNotice } from '@/lib/toast';
import {
  useChild,
  useChildConversation,
  useChildConversations,
  useChildSettings,
  useChildren,
  useWithdrawConsent,
} from '../api/guardians';
import { useLiveChildren } from '../hooks/use-live-children';
import { ChildApprovals } from './child-approvals';
import { GuardianShell } from './guardian-shell';
import { ChildFeedback } from './child-feedback';

const FALLBACK = 'Something went wrong. Please try again.';

const MESSAGING_LABEL: Record<ChildMessaging, string> = {
  friends_and_academies: 'Friends and academies',
  friends: 'Friends only',
  nobody: 'Nobody',
};

const STATUS_LABEL: Record<ChildSummary['consent_status'], string> = {
  not_needed: 'No consent needed',
  awaiting_consent: 'Awaiting consent',
  given: 'Consent given',
  withdrawn: 'Consent withdrawn',
};

/** `trial_cancelled` → 'Trial cancelled'. */
const humanStatus = (status: string) => {
  const words = status.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/**
 * `/guardian/home` (supplement §14): each linked child with their profile, trial registrations
 * and payments, their conversations with academies (read only), who may message them, and
 * 'Withdraw consent' behind a confirmation.
 */
export function GuardianHome() {
  const children = useChildren();
  const queryClient = useQueryClient();
  useLiveChildren();
  const [, navigate] = useLocation();

  const logOut = (
    <Button
      tone="secondary"
      onClick={() => {
        signOut(queryClient);
        navigate('/guardian/login', { replace: true });
      }}
    >
      Log out
    </Button>
  );

  return (
    <GuardianShell wide action={logOut}>
      <h1 className="text-2xl font-bold text-slate-900">Your children</h1>
      {children.isPending ? (
        <LoadingPlaceholder />
      ) : children.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {serverMessage(children.error) ?? FALLBACK}
        </p>
      ) : children.data.results.length === 0 ? (
        <p className="mt-4 text-slate-700">
          No child is linked to your account yet. Open the consent link your child’s e-mail sent
          you.
        </p>
      ) : (
        <div className="mt-6 space-y-6">
          {children.data.results.map((child) => (
            <ChildCard key={child.id} child={child} />
          ))}
        </div>
      )}
    </GuardianShell>
  );
}

function ChildCard({ child }: { child: ChildSummary }) {
  const headingId = `child-${child.id}`;
  const active = child.consent_status === 'given';
  return (
    <article className="card p-6" aria-labelledby={headingId}>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="text-xl font-bold text-slate-900">
            {child.username}
          </h2>
          <p className="text-sm text-slate-600">
            {[
              child.age !== null ? `${child.age} years old` : null,
              child.sports.join(', ') || null,
              [child.district, child.state].filter(Boolean).join(', ') || null,
              `You are their ${child.relationship.toLowerCase()}`,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${active ? 'bg-brand-50 text-brand-800 ring-brand-200' : 'bg-amber-50 text-amber-900 ring-amber-200'}`}
        >
          {STATUS_LABEL[child.consent_status]}
        </span>
      </header>
      <ChildApprovals child={child} />
      <Registrations child={child} />
      <Conversations child={child} />
      {active ? <MessagingSetting child={child} /> : null}
      {active ? <Withdraw child={child} /> : null}
    </article>
  );
}

function Registrations({ child }: { child: ChildSummary }) {
  const detail = useChild(child.id);
  return (
    <section className="mt-5" aria-label={`${child.username}'s trial registrations`}>
      <h3 className="font-semibold text-slate-900">Trial registrations and payments</h3>
      {detail.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : detail.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {serverMessage(detail.error) ?? FALLBACK}
        </p>
      ) : detail.data.registrations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No trial registrations yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {detail.data.registrations.map((registration) => (
            <li key={registration.id} className="py-2 text-sm text-slate-700">
              <p className="font-medium text-slate-900">
                {registration.trial.name} · {registration.trial.academy}
              </p>
              <p>
                {day(registration.trial.trial_date)} at {registration.trial.venue} ·{' '}
                {humanStatus(registration.status)} · ref {registration.reference_code}
              </p>
              {registration.payment ? (
                <p>
                  Payment {formatNaira(registration.payment.amount)}:{' '}
                  {humanStatus(registration.payment.status)}
                  {registration.payment.paid_at ? ` on ${day(registration.payment.paid_at)}` : ''}
                </p>
              ) : null}
              {registration.feedback ? (
                <ChildFeedback
                  feedback={registration.feedback}
                  trialName={registration.trial.name}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Conversations({ child }: { child: ChildSummary }) {
  const list = useChildConversations(child.id);
  const [open, setOpen] = useState<string | null>(null);
  const thread = useChildConversation(child.id, open);
  return (
    <section className="mt-5" aria-label={`${child.username}'s conversations with academies`}>
      <h3 className="font-semibold text-slate-900">Conversations with academies (read only)</h3>
      {list.isPending ? (
        <p className="mt-2 text-sm text-slate-600">Loading…</p>
      ) : list.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {serverMessage(list.error) ?? FALLBACK}
        </p>
      ) : list.data.results.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No conversations with academies.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {list.data.results.map((conversation) => {
            const expanded = open === conversation.thread_name;
            return (
              <li key={conversation.thread_name} className="rounded-lg border border-slate-200 p-3">
                <button
                  type="button"
                  className="flex w-full items-center justify-between text-left text-sm font-medium text-slate-900"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : conversation.thread_name)}
                >
                  <span>{conversation.academy.username}</span>
                  <span className="text-slate-600">{day(conversation.last_activity_at)}</span>
                </button>
                {expanded ? (
                  thread.isPending ? (
                    <p className="mt-2 text-sm text-slate-600">Loading…</p>
                  ) : thread.isError ? (
                    <p role="alert" className="mt-2 text-sm text-red-700">
                      {serverMessage(thread.error) ?? FALLBACK}
                    </p>
                  ) : (
                    <ol className="mt-2 space-y-1 text-sm" aria-label="Messages">
                      {thread.data.messages.map((message) => (
                        <li key={message.id}>
                          <span className="font-semibold text-slate-900">{message.sender}: </span>
                          <span className="text-slate-700">
                            {message.deleted ? 'Message deleted' : message.text}
                          </span>
                        </li>
                      ))}
                    </ol>
                  )
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function MessagingSetting({ child }: { child: ChildSummary }) {
  const settings = useChildSettings(child.id);
  const name = `messaging-${child.id}`;
  const save = async (messaging: ChildMessaging) => {
    try {
      await settings.mutateAsync(messaging);
      showNotice('Saved', 'success');
    } catch (error) {
      showNotice(serverMessage(error) ?? FALLBACK, 'error');
    }
  };
  return (
    <fieldset className="mt-5" disabled={settings.isPending}>
      <legend className="font-semibold text-slate-900">Who may message {child.username}</legend>
      <div className="mt-2 flex flex-wrap gap-4">
        {CHILD_MESSAGING.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="radio"
              name={name}
              value={option}
              checked={(settings.variables ?? child.messaging) === option}
              onChange={() => void save(option)}
            />
            {MESSAGING_LABEL[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Withdraw({ child }: { child: ChildSummary }) {
  const withdraw = useWithdrawConsent(child.id);
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      const answer = await withdraw.mutateAsync();
      setOpen(false);
      showNotice(answer.message, 'success');
    } catch (error) {
      setOpen(false);
      showNotice(serverMessage(error) ?? FALLBACK, 'error');
    }
  };
  return (
    <div className="mt-6 border-t border-slate-100 pt-4">
      <Button tone="secondary" onClick={() => setOpen(true)}>
        Withdraw consent
      </Button>
      <ConfirmDialog
        open={open}
        title={`Withdraw consent for ${child.username}?`}
        description={`${child.username}'s account will be hidden and signed out at once: nobody can find or message them, and they cannot sign in. It is erased after ${GUARDIAN_LIMITS.eraseAfterWithdrawalDays} days unless you give consent again.`}
        confirmLabel="Withdraw consent"
        busyLabel="Withdrawing…"
        confirmClassName="bg-red-700 text-white hover:bg-red-800"
        busy={withdraw.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
