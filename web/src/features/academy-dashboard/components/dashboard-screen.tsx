import { CalendarDays, Heart, MessageCircle, Plus, Trophy, Users, Wallet } from 'lucide-react';
import type { AcademyDashboard } from '@touchline/shared';
import { academyTrialLink, postLink } from '@touchline/shared';
import type { ReactNode } from 'react';
import { Suspense, lazy } from 'react';
import { Link } from 'wouter';
import { Skeleton } from '@/components/skeleton';
import { TestPaymentsBanner } from '@/components/test-payments-banner';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { formatFee, formatNaira } from '@/lib/money';
import { useDashboard } from '../api/get-dashboard';
import { useLiveDashboard } from '../hooks/use-live-dashboard';
import { formatTime } from '@/lib/trial-format';
import { TAB_LABELS, lagosDateTime, longDay } from './dashboard-format';
import { EvaluationProgress } from './evaluation-progress';

/** recharts is only fetched when the dashboard shows its charts. */
const DashboardCharts = lazy(() => import('./dashboard-charts'));

const PAYMENT_STATUS: Record<
  AcademyDashboard['recent_payments'][number]['status'],
  { label: string; tone: string }
> = {
  succeeded: { label: 'Paid', tone: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  pending: { label: 'Pending', tone: 'bg-amber-50 text-amber-800 ring-amber-200' },
  failed: { label: 'Failed', tone: 'bg-slate-100 text-slate-600 ring-slate-200' },
  refunded: { label: 'Refunded', tone: 'bg-red-50 text-red-700 ring-red-200' },
};

/**
 * The academy's dashboard on `/academy/home` (issue 11): trial overview and registrations
 * charts, upcoming trials, popular posts, takings and recent payments. A new registration
 * (live notification) refreshes it.
 */
export function AcademyDashboardScreen() {
  const dashboard = useDashboard();
  useLiveDashboard();

  return (
    <section aria-labelledby="dashboard-heading" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="dashboard-heading" className="text-xl font-bold tracking-tight text-slate-900">
          Dashboard
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link href="/academy/list_trials" className="btn btn-secondary">
            <Trophy className="size-4" aria-hidden="true" />
            Your trials
          </Link>
          <Link href="/academy/add_trial" className="btn btn-academy">
            <Plus className="size-4" aria-hidden="true" />
            Add trial
          </Link>
        </div>
      </div>
      {dashboard.isPending ? (
        <DashboardSkeleton />
      ) : dashboard.isError ? (
        <div className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm text-slate-600">
          Could not load your dashboard.
          <Button tone="secondary" onClick={() => void dashboard.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DashboardBody data={dashboard.data} />
      )}
    </section>
  );
}

function DashboardBody({ data }: { data: AcademyDashboard }) {
  const counts = data.registration_counts;
  const live = counts.pending_payment + counts.registered + counts.selected + counts.rejected;
  const last30 = data.registrations_per_day.reduce((sum, day) => sum + day.count, 0);

  return (
    <>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat icon={<CalendarDays className="size-5" />} label="Upcoming trials">
          {data.trial_counts.upcoming + data.trial_counts.today}
        </Stat>
        <Stat icon={<Users className="size-5" />} label="Registrations">
          {live}
        </Stat>
        <Stat icon={<Trophy className="size-5" />} label="Selected">
          {counts.selected}
        </Stat>
        <Stat icon={<Wallet className="size-5" />} label="Net takings">
          {formatNaira(data.takings.net)}
        </Stat>
      </dl>

      <Suspense fallback={<ChartsSkeleton />}>
        <DashboardCharts
          trial_counts={data.trial_counts}
          registrations_per_day={data.registrations_per_day}
        />
      </Suspense>
      <div className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-slate-600">
        <p>
          <span className="sr-only">Trial overview: </span>
          {(Object.keys(TAB_LABELS) as (keyof typeof TAB_LABELS)[])
            .map((tab) => `${TAB_LABELS[tab]} ${data.trial_counts[tab]}`)
            .join(' · ')}
        </p>
        <p>
          {last30} {last30 === 1 ? 'registration' : 'registrations'} in the last 30 days
        </p>
        <p>
          {counts.no_show} {counts.no_show === 1 ? 'no-show' : 'no-shows'} at past trials
        </p>
      </div>

      <EvaluationProgress trials={data.evaluation_progress} />

      <div className="grid gap-4 lg:grid-cols-2">
        <Panel title="Upcoming trials">
          {data.upcoming_trials.length === 0 ? (
            <Empty>No upcoming trials. Add one and players can register.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.upcoming_trials.map((trial) => (
                <li key={trial.id}>
                  <Link
                    href={academyTrialLink(trial.id)}
                    className="flex items-center justify-between gap-3 py-2.5 hover:text-academy-700"
                  >
                    <span className="min-w-0">
                      <span className="block truncate font-medium text-slate-900">
                        {trial.name}
                      </span>
                      <span className="block text-xs text-slate-500">
                        {longDay(trial.trial_date)} · {formatTime(trial.start_time)} · {trial.venue}
                        , {trial.district}
                      </span>
                    </span>
                    <span className="shrink-0 text-right text-xs text-slate-600">
                      <span className="block font-semibold text-slate-900">
                        {trial.total_participant_limit === null
                          ? `${trial.registered_count} registered`
                          : `${trial.registered_count}/${trial.total_participant_limit}`}
                      </span>
                      {formatFee(trial.registration_fee)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>

        <Panel title="Popular posts">
          {data.popular_posts.length === 0 ? (
            <Empty>Posts that players like and comment on show up here.</Empty>
          ) : (
            <ul className="divide-y divide-slate-100">
              {data.popular_posts.map((post) => (
                <li key={post.id}>
                  <Link
                    href={postLink(post.id)}
                    className="flex items-center justify-between gap-3 py-2.5 hover:text-academy-700"
                  >
                    <span className="line-clamp-2 min-w-0 text-sm text-slate-800">
                      {post.excerpt || 'Photo or video post'}
                    </span>
                    <span className="flex shrink-0 gap-3 text-xs text-slate-600">
                      <span className="flex items-center gap-1">
                        <Heart className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">Likes</span>
                        {post.likes_count}
                      </span>
                      <span className="flex items-center gap-1">
                        <MessageCircle className="size-3.5" aria-hidden="true" />
                        <span className="sr-only">Comments</span>
                        {post.comments_count}
                      </span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>

      <Panel title="Takings">
        <TestPaymentsBanner className="mb-3 justify-start" />
        <dl className="grid grid-cols-3 gap-3">
          <Money label="Received">{formatNaira(data.takings.gross)}</Money>
          <Money label="Refunded">{formatNaira(data.takings.refunded)}</Money>
          <Money label="Net" strong>
            {formatNaira(data.takings.net)}
          </Money>
        </dl>
        <h4 className="mt-5 text-sm font-semibold text-slate-900">Recent payments</h4>
        {data.recent_payments.length === 0 ? (
          <Empty>No payments yet.</Empty>
        ) : (
          <ScrollTable
            caption="Recent payments"
            columns={['Player', 'Trial', 'Amount', 'Status', 'When']}
            className="mt-2"
            minWidth="min-w-[36rem]"
          >
            {data.recent_payments.map((payment) => {
              const status = PAYMENT_STATUS[payment.status];
              return (
                <tr key={payment.reference}>
                  <th scope="row" className="px-4 py-2.5 font-normal sm:pl-0">
                    <span className="block font-medium text-slate-900">{payment.player_name}</span>
                    <span className="font-mono text-xs text-slate-500">
                      {payment.reference_code}
                    </span>
                  </th>
                  <td className="px-3 py-2.5">
                    <Link
                      href={academyTrialLink(payment.trial.id)}
                      className="text-slate-700 hover:text-academy-700"
                    >
                      {payment.trial.name}
                    </Link>
                  </td>
                  <td className="px-3 py-2.5 font-medium text-slate-900">
                    {formatNaira(payment.amount)}
                  </td>
                  <td className="px-3 py-2.5">
                    <span
                      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${status.tone}`}
                    >
                      {status.label}
                    </span>
                  </td>
                  <td className="px-4 py-2.5 text-xs whitespace-nowrap text-slate-500 sm:pr-0">
                    {lagosDateTime(payment.paid_at ?? payment.created_at)}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        )}
      </Panel>
    </>
  );
}

function Stat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    // dt and dd directly in the group (axe: definition-list); the grid puts them beside the icon.
    <div className="card grid content-center p-3 sm:p-4 min-[420px]:grid-cols-[auto_minmax(0,1fr)] min-[420px]:gap-x-3">
      <span
        className="row-span-2 hidden size-10 shrink-0 items-center justify-center self-center rounded-xl bg-academy-50 min-[420px]:flex sm:flex text-academy-700 ring-1 ring-academy-100"
        aria-hidden="true"
      >
        {icon}
      </span>
      <dt className="min-w-0 self-end text-xs leading-tight font-medium text-slate-500 min-[420px]:col-start-2">
        {label}
      </dt>
      <dd className="min-w-0 truncate text-lg font-bold text-slate-900 min-[420px]:col-start-2">
        {children}
      </dd>
    </div>
  );
}

function Money({
  label,
  strong = false,
  children,
}: {
  label: string;
  strong?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`rounded-xl p-3 ${strong ? 'bg-academy-50' : 'bg-slate-50'}`}>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className={`font-bold ${strong ? 'text-academy-800' : 'text-slate-900'}`}>{children}</dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="card p-4 sm:p-5" aria-label={title}>
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      <div className="mt-2">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="py-3 text-sm text-slate-500">{children}</p>;
}

function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" aria-hidden="true">
      <Skeleton className="h-72 w-full" rounded="rounded-2xl" />
      <Skeleton className="h-72 w-full" rounded="rounded-2xl" />
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div role="status" className="space-y-4" aria-label="Loading dashboard">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-[4.5rem] w-full" rounded="rounded-2xl" />
        ))}
      </div>
      <ChartsSkeleton />
    </div>
  );
}
