import type { ReportReason } from '@touchline/shared';
import { REPORT_REASON_LABELS } from '@touchline/shared';
import { Flag } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { showNotice } from '@/lib/toast';
import { AdminScreen, Badge, dateTime, ListFrame, ReasonDialog } from '../audit/list-kit';
import type { AdminReport, ReportStatus, ResolveAction } from './api/reports';
import { REPORT_STATUSES, useReports, useResolveReport } from './api/reports';

const STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  removed: 'Removed',
  dismissed: 'Dismissed',
};

const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason.replace(/_/g, ' ');

/**
 * `/admin/reports`: reported posts and comments. Open ones come with minors' content first; each
 * shows what was reported (as it was then), by whom, about whom and why. Remove takes the content
 * down (its author is told); Dismiss leaves it. Both ask for a reason, kept in the audit log.
 */
export function AdminReportsScreen() {
  const [status, setStatus] = useState<ReportStatus>('open');
  const reports = useReports(status);
  const resolve = useResolveReport();
  const [deciding, setDeciding] = useState<{ report: AdminReport; action: ResolveAction } | null>(
    null,
  );
  const rows = reports.data?.pages.flatMap((page) => page.results) ?? [];
  const what = deciding?.report.target_kind ?? 'post';

  return (
    <AdminScreen
      title="Reports"
      intro="Posts and comments people reported. Reports about a minor's content come first."
    >
      <div
        role="tablist"
        aria-label="Reports by status"
        className="mt-6 flex gap-1 border-b border-slate-200"
      >
        {REPORT_STATUSES.map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            aria-selected={status === value}
            onClick={() => setStatus(value)}
            className={`-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
              status === value
                ? 'border-slate-900 text-slate-900'
                : 'border-transparent text-slate-500 hover:text-slate-800'
            }`}
          >
            {STATUS_LABELS[value]}
          </button>
        ))}
      </div>
      <ListFrame
        query={reports}
        count={rows.length}
        errorLine="Could not load the reports."
        emptyLine={
          status === 'open' ? 'No open reports. Nothing needs a decision.' : `No ${status} reports.`
        }
      >
        <ul aria-label={`${STATUS_LABELS[status]} reports`} className="mt-4 space-y-3">
          {rows.map((report) => (
            <ReportCard
              key={report.id}
              report={report}
              onDecide={(action) => setDeciding({ report, action })}
            />
          ))}
        </ul>
      </ListFrame>
      <ReasonDialog
        open={deciding !== null}
        onClose={() => setDeciding(null)}
        title={deciding?.action === 'remove' ? `Remove this ${what}?` : 'Dismiss this report?'}
        description={
          deciding?.action === 'remove'
            ? `The ${what} is taken down and its author is told why.`
            : `The ${what} stays up; the report is closed.`
        }
        hint={
          deciding?.action === 'remove'
            ? 'The author sees this reason; it is kept in the audit log.'
            : 'Kept in the audit log.'
        }
        confirmLabel={deciding?.action === 'remove' ? `Remove ${what}` : 'Dismiss report'}
        danger={deciding?.action === 'remove'}
        pending={resolve.isPending}
        onConfirm={async (reason) => {
          const action = deciding!.action;
          await resolve.mutateAsync({ id: deciding!.report.id, action, reason });
          showNotice(action === 'remove' ? 'Content removed' : 'Report dismissed', 'success');
        }}
      />
    </AdminScreen>
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
      aria-label={`${kind} reported for ${reasonLabel(report.reason)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Flag className="size-4 text-red-600" aria-hidden="true" />
        <span className="font-semibold text-slate-900">{reasonLabel(report.reason)}</span>
        <Badge tone="slate">{kind}</Badge>
        {report.minor ? <Badge tone="amber">Minor&apos;s content</Badge> : null}
        {report.status !== 'open' ? (
          <Badge tone={report.status === 'removed' ? 'red' : 'slate'}>
            {STATUS_LABELS[report.status]}
          </Badge>
        ) : null}
        <span className="ml-auto text-xs text-slate-500">{dateTime(report.created_at)}</span>
      </div>
      <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm whitespace-pre-line break-words text-slate-800">
        {report.snapshot || <span className="text-slate-400">(no text)</span>}
      </blockquote>
      {report.details ? (
        <p className="mt-2 text-sm break-words text-slate-600">
          <span className="font-medium text-slate-700">Reporter&apos;s note:</span> {report.details}
        </p>
      ) : null}
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Author:</dt>
          <dd className="text-slate-800">{report.author?.username ?? 'Removed account'}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-slate-500">Reported by:</dt>
          <dd className="text-slate-800">{report.reporter?.username ?? 'Removed account'}</dd>
        </div>
      </dl>
      {report.status === 'open' ? (
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <Button tone="secondary" onClick={() => onDecide('dismiss')}>
            Dismiss
          </Button>
          <Button
            tone="ghost"
            className="bg-red-600 text-white hover:bg-red-700 active:bg-red-800"
            onClick={() => onDecide('remove')}
          >
            Remove {kind.toLowerCase()}
          </Button>
        </div>
      ) : null}
    </li>
  );
}
