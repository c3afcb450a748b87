import { Plus, Trophy } from 'lucide-react';
import type { AcademyTrialTab } from '@touchline/shared';
import { ACADEMY_TRIAL_TABS } from '@touchline/shared';
import type { KeyboardEvent } from 'react';
import { useRef, useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { SkeletonRow } from '@/components/skeleton';
import { useAcademyTrials } from '../api/get-academy-trials';
import { useLiveTrialLists } from '../hooks/use-live-registrants';
import { ACADEMY_TRIAL_PATHS } from '../lib/paths';
import { TrialRow } from './trial-row';

const TAB_LABELS: Record<AcademyTrialTab, string> = {
  upcoming: 'Upcoming',
  today: 'Today',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const EMPTY: Record<AcademyTrialTab, string> = {
  upcoming: 'No upcoming trials. Publish one and players can register.',
  today: 'No trials today.',
  completed: 'No completed trials yet.',
  cancelled: 'No cancelled trials.',
};

/** `/academy/list_trials`: the academy's own trials under Upcoming / Today / Completed / Cancelled. */
export function AcademyTrialListScreen() {
  useLiveTrialLists();
  const [tab, setTab] = useState<AcademyTrialTab>('upcoming');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + ACADEMY_TRIAL_TABS.length) % ACADEMY_TRIAL_TABS.length;
    setTab(ACADEMY_TRIAL_TABS[next]!);
    tabRefs.current[next]?.focus();
  }

  return (
    <div className="mx-auto max-w-4xl">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Your trials</h1>
        <Link href={ACADEMY_TRIAL_PATHS.add} className="btn btn-academy">
          <Plus className="size-4" aria-hidden="true" />
          Add trial
        </Link>
      </div>
      <div
        role="tablist"
        aria-label="Trials by date"
        className="mb-5 flex gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1"
      >
        {ACADEMY_TRIAL_TABS.map((value, index) => (
          <button
            key={value}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`trials-tab-${value}`}
            aria-selected={tab === value}
            aria-controls="trials-panel"
            tabIndex={tab === value ? 0 : -1}
            onClick={() => setTab(value)}
            onKeyDown={(event) => onKeyDown(event, index)}
            className={`flex-1 rounded-lg px-2 py-2 text-[0.8125rem] font-semibold whitespace-nowrap transition-colors sm:px-3 sm:text-sm ${
              tab === value
                ? 'bg-white text-academy-700 shadow-sm'
                : 'text-slate-600 hover:text-slate-900'
            }`}
          >
            {TAB_LABELS[value]}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="trials-panel" aria-labelledby={`trials-tab-${tab}`}>
        <TabList key={tab} tab={tab} />
      </div>
    </div>
  );
}

function TabList({ tab }: { tab: AcademyTrialTab }) {
  const trials = useAcademyTrials(tab);
  const rows = trials.data?.pages.flatMap((page) => page.trials) ?? [];

  if (trials.isPending) {
    return (
      <ul className="space-y-3" aria-label="Loading trials">
        {[0, 1, 2].map((i) => (
          <li key={i} className="card p-4">
            <SkeletonRow media="size-20" rounded="rounded-xl" lines={['h-4 w-1/2', 'h-3 w-1/3']} />
          </li>
        ))}
      </ul>
    );
  }
  if (trials.isError) {
    return (
      <div className="card flex flex-col items-center gap-3 p-8 text-center">
        <p className="text-sm text-slate-600">Could not load your trials.</p>
        <Button tone="secondary" onClick={() => void trials.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (rows.length === 0) {
    return (
      <div className="card flex flex-col items-center px-6 py-12 text-center">
        <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-academy-50 text-academy-700 ring-1 ring-academy-100">
          <Trophy className="size-6" aria-hidden="true" />
        </span>
        <p className="text-sm text-slate-600">{EMPTY[tab]}</p>
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-3" aria-label={`${TAB_LABELS[tab]} trials`}>
        {rows.map((trial) => (
          <TrialRow key={trial.id} trial={trial} />
        ))}
      </ul>
      {trials.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button
            tone="secondary"
            loading={trials.isFetchingNextPage}
            onClick={() => void trials.fetchNextPage()}
          >
            Load more
          </Button>
        </div>
      ) : null}
    </>
  );
}
