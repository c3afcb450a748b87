import {
  Building2,
  ClipboardList,
  Flag,
  Inbox,
  MessageSquareText,
  Scale,
  Trophy,
  Undo2,
  Users,
  Wallet,
} from 'lucide-react';
import type { AdminCounts, AdminStats } from '@touchline/shared';
import { adminStatsSchema } from '@touchline/shared';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { PageContainer } from '@/components/layout/page-container';
import { Skeleton } from '@/components/skeleton';
import { TestPaymentsBanner } from '@/components/test-payments-banner';
import { Button } from '@/components/ui/button';
import { formatNaira } from '@/lib/money';
import { session } from '@/lib/session';
import type { BadgeTone } from '../shared';
import { Badge, calendarDate, lagosDate, useAdminQuery } from '../shared';

/** recharts is only fetched when the dashboard has figures to draw. */
const HomeCharts = lazy(() => import('./home-charts'));

const FIGURES: readonly {
  key: keyof AdminCounts;
  label: string;
  icon: ReactNode;
  money?: boolean;
}[] = [
  { key: 'players', label: 'Players', icon: <Users className="size-5" /> },
  { key: 'academies', label: 'Academies', icon: <Building2 className="size-5" /> },
  { key: 'trials', label: 'Trials', icon: <Trophy className="size-5" /> },
  { key: 'registrations', label: 'Registrations', icon: <ClipboardList className="size-5" /> },
  { key: 'posts', label: 'Posts', icon: <MessageSquareText className="size-5" /> },
  { key: 'takings', label: 'Takings', icon: <Wallet className="size-5" />, money: true },
  { key: 'refunds', label: 'Refunds', icon: <Undo2 className="size-5" />, money: true },
  { key: 'net', label: 'Net', icon: <Scale className="size-5" />, money: true },
];

const ACADEMY_STATUS: Record<
  AdminStats['latest']['academies'][number]['status'],
  { label: string; tone: BadgeTone }
> = {
  pending: { label: 'Pending', tone: 'amber' },
  verified: { label: 'Verified', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
};

/**
 * `/admin/home`: the greeting, then the dashboard (`GET /api/admin/stats`): what awaits review
 * (links to the filtered lists), totals with this
 * week's numbers, charts of the last 8 weeks (lazy), and the latest trials, players and
 * academies.
 */
export function AdminHomeScreen() {
  const { user } = useSnapshot(session);
  const stats = useAdminQuery('stats', adminStatsSchema);

  return (
    <PageContainer className="space-y-5">
      <section aria-labelledby="welcome-heading" className="card p-5 sm:p-6">
        <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
          Administration
        </p>
        <h1
          id="welcome-heading"
          className="mt-1 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl"
        >
          Welcome, {user}
        </h1>
        <p className="mt-2 max-w-2xl text-sm leading-relaxed text-slate-600 sm:text-base">
          Review academies and players, oversee trials and look after accounts.
        </p>
      </section>

      <section aria-labelledby="dashboard-heading" className="space-y-4">
        <h2 id="dashboard-heading" className="text-xl font-bold tracking-tight text-slate-900">
          Dashboard
        </h2>
        {stats.isPending ? (
          <DashboardSkeleton />
        ) : stats.isError ? (
          <div
            role="alert"
            className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-slate-600"
          >
            Could not load the dashboard.
            <Button tone="secondary" onClick={() => void stats.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <DashboardBody stats={stats.data} />
        )}
      </section>
    </PageContainer>
  );
}

function DashboardBody({ stats }: { stats: AdminStats }) {
  const show = (value: number, money = false) =>
    money ? formatNaira(value) : value.toLocaleString('en-NG');
  return (
    <>
      <AwaitingReview awaiting={stats.awaiting_review} />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {FIGURES.map(({ key, label, icon, money }) => (
          <div key={key} className="card p-3 sm:p-4">
            <dt className="flex items-center gap-2 text-xs font-medium text-slate-500">
              <span className="text-slate-400" aria-hidden="true">
                {icon}
              </span>
              {label}
            </dt>
            <dd className="mt-1 truncate text-xl font-bold text-slate-900">
              {show(stats.totals[key], money)}
            </dd>
            <dd className="text-xs text-slate-500">
              <span className="font-semibold text-slate-700">
                {money ? '' : '+'}
                {show(stats.this_week[key], money)}
              </span>{' '}
              this week
            </dd>
          </div>
        ))}
      </dl>
      <TestPaymentsBanner className="justify-start" />
      <p className="text-xs text-slate-600">
        This week: {calendarDate(stats.week_start)} to today (Lagos). Takings are the payments
        confirmed (on the day they were confirmed), refunds the money given back (on the day of the
        refund), and net the takings less the refunds.
      </p>

      <Suspense fallback={<ChartsSkeleton />}>
        <HomeCharts perDay={stats.per_day} />
      </Suspense>

      <div className="grid gap-4 lg:grid-cols-3">
        <Panel title="Latest trials" href="/admin/trialview">
          {stats.latest.trials.length === 0 ? (
            <Empty>No trials yet.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {stats.latest.trials.map((trial) => (
                <li key={trial.id} className="flex items-start justify-between gap-3 py-2.5">
                  <span className="min-w-0">
                    <span className="line-clamp-2 block font-medium text-slate-900">
                      {trial.name}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {trial.academy.username} · {calendarDate(trial.trial_date)}
                    </span>
                  </span>
                  {trial.status === 'cancelled' ? <Badge tone="red">Cancelled</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Latest players" href="/admin/playerview">
          {stats.latest.players.length === 0 ? (
            <Empty>No players yet.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {stats.latest.players.map((player) => (
                <li key={player.id} className="flex items-start justify-between gap-3 py-2.5">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-slate-900">
                      {player.username}
                    </span>
                    <span className="block text-xs text-slate-500">
                      Joined {lagosDate(player.created_at)}
                    </span>
                  </span>
                  {player.minor ? <Badge tone="violet">Minor</Badge> : null}
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel title="Latest academies" href="/admin/academyview">
          {stats.latest.academies.length === 0 ? (
            <Empty>No academies yet.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {stats.latest.academies.map((academy) => {
                const status = ACADEMY_STATUS[academy.status];
                return (
                  <li key={academy.id} className="flex items-start justify-between gap-3 py-2.5">
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">
                        {academy.username}
                      </span>
                      <span className="block text-xs text-slate-500">
                        Joined {lagosDate(academy.created_at)}
                      </span>
                    </span>
                    <Badge tone={status.tone}>{status.label}</Badge>
                  </li>
                );
              })}
            </ul>
          )}
        </Panel>
      </div>
    </>
  );
}

/**
 * What waits for an administrator, each a link to the list that shows it: academies awaiting
 * verification (`/admin/academyview?status=pending`) and open reports (`/admin/reports`).
 */
function AwaitingReview({ awaiting }: { awaiting: AdminStats['awaiting_review'] }) {
  const total = awaiting.academies + awaiting.reports;
  const items = [
    {
      count: awaiting.academies,
      label: awaiting.academies === 1 ? 'academy to verify' : 'academies to verify',
      href: '/admin/academyview?status=pending',
      icon: <Building2 className="size-4" />,
    },
    {
      count: awaiting.reports,
      label: awaiting.reports === 1 ? 'open report' : 'open reports',
      href: '/admin/reports',
      icon: <Flag className="size-4" />,
    },
  ];
  return (
    <section
      aria-labelledby="awaiting-review-heading"
      className={`card flex flex-wrap items-center gap-x-5 gap-y-2 p-4 ${
        total > 0 ? 'ring-1 ring-amber-200' : ''
      }`}
    >
      <h3
        id="awaiting-review-heading"
        className="flex items-center gap-2 text-sm font-semibold text-slate-900"
      >
        <Inbox className="size-4 text-amber-600" aria-hidden="true" />
        Awaiting review{' '}
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">
          {total.toLocaleString('en-NG')}
        </span>
      </h3>
      <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              className="inline-flex items-center gap-1.5 font-medium text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline"
            >
              <span className="text-slate-400" aria-hidden="true">
                {item.icon}
              </span>
              <span className="font-bold text-slate-900">{item.count.toLocaleString('en-NG')}</span>{' '}
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Panel({ title, href, children }: { title: string; href: string; children: ReactNode }) {
  return (
    <section className="card p-4 sm:p-5" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <Link
          href={href}
          className="text-xs font-semibold text-slate-600 hover:text-slate-900"
          aria-label={`See all ${title.replace('Latest ', '')}`}
        >
          See all
        </Link>
      </div>
      <div className="mt-1">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-3 text-sm text-slate-500">{children}</p>;
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-hidden="true">
      <Skeleton className="h-80 w-full lg:col-span-2" rounded="rounded-2xl" />
      <Skeleton className="h-72 w-full" rounded="rounded-2xl" />
      <Skeleton className="h-72 w-full" rounded="rounded-2xl" />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" className="space-y-4" aria-label="Loading dashboard">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-24 w-full" rounded="rounded-2xl" />
        ))}
      </div>
      <ChartsSkeleton />
    </div>
  );
}
