import type { TrialHistoryItem } from '@touchline/shared';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { CalendarX2, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { showNotice } from '@/lib/toast';
import { EmptyCard, PagedList } from '@/components/paged-list';
import { trialPath } from '@/config/paths';
import { useCancelRegistration } from '../api/cancel-registration';
import { useTrialHistory } from '../api/get-trial-history';
import { errorText } from '../lib/errors';
import { canCancelRegistration, formatDay, formatTime, place } from '../lib/format';
import { useLiveTrialUpdates } from '../hooks/use-live-trial-updates';
import { ExploreTrialsLink } from './explore-trials-link';
import { StatusBadge } from './status-badge';
import { TrialPoster } from './trial-poster';
import { FeedbackReport } from './feedback-report';

/**
 * `/trial_history` ('View Joined Trials'): the player's registrations, newest first, each with
 * the trial, its date, the reference code and a status badge ('Waitlisted — number N in line'
 * with Leave the waitlist for a waitlist place); 'Explore Trials' when empty. Live: a promotion
 * shows as soon as it happens.
 */
export function TrialHistoryScreen() {
  const query = useTrialHistory();
  useLiveTrialUpdates();
  return (
    <>
      <header className="mb-5">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">View Joined Trials</h1>
        <p className="mt-1 text-sm text-slate-600">
          Every trial you registered for, with its reference code and status.
        </p>
      </header>
      <PagedList
        query={query}
        items={query.data?.pages.flatMap((page) => page.registrations)}
        label="Joined trials"
        renderItem={(item) => <HistoryRow key={item.id} item={item} />}
        errorText="Your trials could not be loaded."
        skeleton={{ rows: 4 }}
        empty={
          <EmptyCard
            icon={CalendarX2}
            title="No trials yet"
            text="You have not registered for a trial yet. Find one near you."
            action={<ExploreTrialsLink />}
          />
        }
      />
    </>
  );
}

function HistoryRow({ item }: { item: TrialHistoryItem }) {
  const { trial } = item;
  return (
    <li>
      <Link
        href={trialPath(trial.id)}
        className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1.5 px-4 py-3 transition-colors hover:bg-slate-50 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto] sm:gap-x-4 sm:px-5"
      >
        <TrialPoster
          image={trial.image}
          className="row-span-2 size-14 shrink-0 self-start rounded-xl sm:row-span-1 sm:size-16 sm:self-center"
          iconClassName="size-6"
          sizes="64px"
        />
        <span className="min-w-0">
          <span className="block truncate font-semibold text-slate-900">{trial.name}</span>
          <span className="block truncate text-sm text-slate-600">
            {formatDay(trial.trial_date)} · {formatTime(trial.start_time)}
          </span>
          <span className="block truncate text-xs text-slate-500">
            {trial.academy.username} · {place(trial)}
          </span>
        </span>
        <span className="col-start-2 flex flex-wrap items-center gap-2 sm:col-start-3 sm:flex-col sm:items-end sm:gap-1.5">
          <StatusBadge status={item.status} position={item.waitlist_position} />
          <code className="font-mono text-xs font-semibold text-slate-700">
            <span className="sr-only">Reference code </span>
            {item.reference_code}
          </code>
        </span>
        <ChevronRight
          className="hidden size-4 shrink-0 text-slate-400 sm:block"
          aria-hidden="true"
        />
      </Link>
      {item.feedback ? <FeedbackReport feedback={item.feedback} trialName={trial.name} /> : null}
      {item.status === 'waitlisted' && canCancelRegistration(trial, item.status) ? (
        <LeaveWaitlist item={item} />
      ) : null}
    </li>
  );
}

/** 'Leave the waitlist' under a waitlisted row, with confirmation (supplement §17). */
function LeaveWaitlist({ item }: { item: TrialHistoryItem }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelRegistration();
  return (
    <div className="-mt-2 flex justify-end px-4 pb-2 sm:px-5">
      <Button tone="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
        Leave the waitlist
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Leave the waitlist?"
        description={`You will lose your place in line for ${item.trial.name}. You can join again later, at the back of the line.`}
        confirmLabel="Leave the waitlist"
        busyLabel="Leaving…"
        cancelLabel="Stay in line"
        confirmClassName="bg-red-600 text-white hover:bg-red-700"
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          cancel.mutate(item.id, {
            onSuccess: () => {
              setConfirming(false);
              showNotice(TRIAL_MESSAGES.waitlistLeft, 'success');
            },
            onError: (error) => {
              setConfirming(false);
              showNotice(errorText(error), 'error');
            },
          })
        }
      />
    </div>
  );
}
