import { Flag, Trash2, X } from 'lucide-react';
import type { AdminReport, ReportReason, ReportStatus } from '@touchline/shared';
import { REPORT_REASON_LABELS, REPORT_STATUSES } from '@touchline/shared';
import { useState } from 'react';
import { Skeleton } from '@/components/skeleton';
import { Button } from '@/components/ui/button';
import type { FilterOption } from '../shared';
import {
  AdminPage,
  AdminToolbar,
  Badge,
  Pager,
  ReasonDialog,
  RowButton,
  StatusFilter,
  errorText,
  lagosDateTime,
  choiceParam,
  useCursorPager,
  useListQuery,
} from '../shared';
import type { ResolveAction } from './reports-api';
import { useReports, useResolveReport } from './reports-api';

const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  removed: 'Removed',
  dismissed: 'Dismissed',
};

const FILTERS: readonly FilterOption<ReportStatus>[] = [
  { value: 'open', label: 'Open' },
  { value: 'removed', label: 'Removed' },
  { value: 'dismissed', label: 'Dismissed' },
];

/** The address's query: `?status=` (the API's name; Open when absent). */
const QUERY = { status: choiceParam(REPORT_STATUSES, 'open') };

const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason.replace(/_/g, ' ');

/**
 * `/admin/reports`: reported posts and comments. Open ones list minors' content first; each
 * shows what was reported (as it was then), about whom, by whom and why. Remove takes the content
 * down (its author is told why); Dismiss leaves it. Both ask for a reason, kept in the audit log.
 */
export function AdminReportsScreen() {
  const [{ status }, setQuery] = useListQuery(QUERY);
  const pager = useCursorPager({ status });
  const reports = useReports({ status, before: pager.before });
  const [deciding, setDeciding] = useState<{ report: AdminReport; action: ResolveAction } | null>(
    null,
  );
  const resolve = useResolveReport(() => setDeciding(null));
  const rows = reports.data?.results ?? [];
  const what = deciding?.report.target_kind ?? 'post';
  const removing = deciding?.action === 'remove';

  return (
    <AdminPage
      title="Reports"
      description="Posts and comments people reported. Reports about a minor's content come first."
    >
      <AdminToolbar>
        <StatusFilter
          label="Status"
          options={FILTERS}
          value={status}
          onChange={(value) => setQuery({ status: value || 'open' })}
        />
      </AdminToolbar>

      <section aria-label="Reports" aria-busy={reports.isPending}>
        {reports.isPending ? (
          <div role="status" className="card space-y-2 p-4" aria-label="Loading reports">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-16 w-full" />
            ))}
          </div>
        ) : reports.isError && rows.length === 0 ? (
          <div
            role="alert"
            className="card flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
          >
            <span className="text-slate-700">Could not load the reports.</span>
            <Button tone="secondary" onClick={() => void reports.refetch()}>
              Try again
            </Button>
          </div>
        ) : rows.length === 0 ? (
          <p className="card p-6 text-center text-sm text-slate-500">
            {status === 'open'
              ? 'No open reports. Nothing needs a decision.'
              : `No ${status} reports.`}
          </p>
        ) : (
          <ul
            aria-label={`${STATUS_LABELS[status]} reports`}
            className={`space-y-3 ${reports.isPlaceholderData ? 'opacity-60 transition-opacity' : ''}`}
          >
            {rows.map((report) => (
              <ReportCard
                key={report.id}
                report={report}
                onDecide={(action) => setDeciding({ report, action })}
              />
            ))}
          </ul>
        )}
        <Pager pager={pager} next={reports.data?.next} busy={reports.isPlaceholderData} />
      </section>

      <ReasonDialog
        open={deciding !== null}
        title={removing ? `Remove this ${what}?` : 'Dismiss this report?'}
        description={
          removing
            ? `The ${what} is taken down and its author is told why.`
            : `The ${what} stays up and the report is closed.`
        }
        confirmLabel={removing ? `Remove ${what}` : 'Dismiss report'}
        danger={removing}
        placeholder={removing ? 'The author sees this reason.' : 'Why does the content stay?'}
        busy={resolve.isPending}
        error={errorText(resolve.error)}
        onConfirm={(reason) =>
          resolve.mutate({ id: deciding!.report.id, action: deciding!.action, reason })
        }
        onClose={() => {
          resolve.reset();
          setDeciding(null);
        }}
      />
    </AdminPage>
  );
}

function ReportCard({
  report,
  onDecide,
}: {
  report: AdminReport;
  onDecide: (action: ResolveAction) => void;
}) {
  const kind = report.target_kind === 'comment' ? 'Comment' : 'Post';
  return (
    <li
      className="card p-4 sm:p-5"
      aria-label={`${kind} by ${report.author?.username ?? 'a removed account'} reported for ${reasonLabel(report.reason)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Flag className="size-4 text-red-600" aria-hidden="true" />
        <span className="font-semibold text-slate-900">{reasonLabel(report.reason)}</span>
        <Badge tone="slate">{kind}</Badge>
        {report.minor ? <Badge tone="violet">Minor&apos;s content</Badge> : null}
        {report.status !== 'open' ? (
          <Badge tone={report.status === 'removed' ? 'red' : 'slate'}>
            {STATUS_LABELS[report.status]}
          </Badge>
        ) : !report.target_exists ? (
          <Badge tone="amber">Already deleted</Badge>
        ) : null}
        <span className="text-xs text-slate-500 sm:ml-auto">
          {lagosDateTime(report.created_at)}
        </span>
      </div>
      <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
        {report.snapshot || <span className="text-slate-400">(no text)</span>}
      </blockquote>
      {report.details ? (
        <p className="mt-2 text-sm break-words text-slate-600">
          <span className="font-medium text-slate-700">Reporter&apos;s note:</span> {report.details}
        </p>
      ) : null}
      <dl className="mt-3 flex flex-col gap-x-6 gap-y-1 text-sm sm:flex-row sm:flex-wrap">
        <div className="flex gap-1.5">
          <dt className="shrink-0 text-slate-500">Author:</dt>
          <dd className="text-slate-800">{report.author?.username ?? 'Removed account'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="shrink-0 text-slate-500">Reported by:</dt>
          <dd className="text-slate-800">{report.reporter?.username ?? 'Removed account'}</dd>
        </div>
        {report.resolved_at ? (
          <div className="flex gap-1.5">
            <dt className="shrink-0 text-slate-500">Decided:</dt>
            <dd className="text-slate-800">
              {lagosDateTime(report.resolved_at)}
              {report.resolved_by ? ` by ${report.resolved_by.username}` : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      {report.status === 'open' ? (
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <RowButton
            label={`Dismiss the report on the ${kind.toLowerCase()} by ${report.author?.username ?? 'a removed account'}`}
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={() => onDecide('dismiss')}
          >
            Dismiss
          </RowButton>
          <RowButton
            label={`Remove the ${kind.toLowerCase()} by ${report.author?.username ?? 'a removed account'}`}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            danger
            onClick={() => onDecide('remove')}
          >
            Remove {kind.toLowerCase()}
          </RowButton>
        </div>
      ) : null}
    </li>
  );
}
