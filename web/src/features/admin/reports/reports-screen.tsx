import { Ban, Flag, Trash2, X } from 'lucide-react';
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
  blocked: 'Sender blocked',
};

const KIND_LABELS: Record<AdminReport['target_kind'], string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  conversation: 'Conversation',
};

const isChat = (report: AdminReport) =>
  report.target_kind === 'message' || report.target_kind === 'conversation';

const FILTERS: readonly FilterOption<ReportStatus>[] = [
  { value: 'open', label: 'Open' },
  { value: 'removed', label: 'Removed' },
  { value: 'dismissed', label: 'Dismissed' },
  { value: 'blocked', label: 'Sender blocked' },
];

/** The address's query: `?status=` (the API's name; Open when absent). */
const QUERY = { status: choiceParam(REPORT_STATUSES, 'open') };

const reasonLabel = (reason: string) =>
  REPORT_REASON_LABELS[reason as ReportReason] ?? reason.replace(/_/g, ' ');

/**
 * `/admin/reports`: reported posts, comments, chat messages and conversations. Open ones list
 * reports about minors first; each shows what was reported (as it was then: for chat, the
 * messages around it with senders and times), about whom, by whom and why. Remove takes the
 * content down (its author is told why); Block sender blocks the account; Dismiss leaves it. All
 * ask for a reason, kept in the audit log.
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
  const blocking = deciding?.action === 'block';
  const sender = deciding?.report.author?.username ?? 'the sender';

  return (
    <AdminPage
      title="Reports"
      description="Posts, comments, messages and conversations people reported. Reports about a minor come first."
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
        title={
          blocking ? `Block ${sender}?` : removing ? `Remove this ${what}?` : 'Dismiss this report?'
        }
        description={
          blocking
            ? `${sender} is signed out and can no longer sign in; the report is closed.`
            : removing
              ? `The ${what} is taken down for everyone and its author is told why.`
              : `The ${what} stays up and the report is closed.`
        }
        confirmLabel={blocking ? 'Block sender' : removing ? `Remove ${what}` : 'Dismiss report'}
        danger={removing || blocking}
        placeholder={
          blocking
            ? 'Kept in the audit log with the block.'
            : removing
              ? 'The author sees this reason.'
              : 'Why does the content stay?'
        }
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
  const kind = KIND_LABELS[report.target_kind];
  const who = report.author?.username ?? 'a removed account';
  return (
    <li
      className="card p-4 sm:p-5"
      aria-label={`${kind} by ${report.author?.username ?? 'a removed account'} reported for ${reasonLabel(report.reason)}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Flag className="size-4 text-red-600" aria-hidden="true" />
        <span className="font-semibold text-slate-900">{reasonLabel(report.reason)}</span>
        <Badge tone="slate">{kind}</Badge>
        {report.minor ? (
          <Badge tone="violet">{isChat(report) ? "Minor's conversation" : "Minor's content"}</Badge>
        ) : null}
        {report.status !== 'open' ? (
          <Badge tone={report.status === 'dismissed' ? 'slate' : 'red'}>
            {STATUS_LABELS[report.status]}
          </Badge>
        ) : !report.target_exists ? (
          <Badge tone="amber">Already deleted</Badge>
        ) : null}
        <span className="text-xs text-slate-500 sm:ml-auto">
          {lagosDateTime(report.created_at)}
        </span>
      </div>
      {report.context ? (
        <ConversationSnapshot report={report} />
      ) : (
        <blockquote className="mt-3 rounded-lg border-l-4 border-slate-300 bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
          {report.snapshot || <span className="text-slate-400">(no text)</span>}
        </blockquote>
      )}
      {report.details ? (
        <p className="mt-2 text-sm break-words text-slate-600">
          <span className="font-medium text-slate-700">Reporter&apos;s note:</span> {report.details}
        </p>
      ) : null}
      <dl className="mt-3 flex flex-col gap-x-6 gap-y-1 text-sm sm:flex-row sm:flex-wrap">
        <div className="flex gap-1.5">
          <dt className="shrink-0 text-slate-500">{isChat(report) ? 'Sender:' : 'Author:'}</dt>
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
            label={`Dismiss the report on the ${kind.toLowerCase()} by ${who}`}
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={() => onDecide('dismiss')}
          >
            Dismiss
          </RowButton>
          {isChat(report) && report.author ? (
            <RowButton
              label={`Block ${who}, the sender`}
              icon={<Ban aria-hidden="true" className="size-4" />}
              danger
              onClick={() => onDecide('block')}
            >
              Block sender
            </RowButton>
          ) : null}
          {report.target_kind !== 'conversation' ? (
            <RowButton
              label={`Remove the ${kind.toLowerCase()} by ${who}`}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              danger
              onClick={() => onDecide('remove')}
            >
              Remove {kind.toLowerCase()}
            </RowButton>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * A chat report's snapshot: the messages around the reported one (or the conversation's last
 * ones), oldest first, with senders and times; the reported message is marked.
 */
function ConversationSnapshot({ report }: { report: AdminReport }) {
  const messages = report.context ?? [];
  if (messages.length === 0)
    return <p className="mt-3 text-sm text-slate-400">(no messages in the conversation)</p>;
  return (
    <ol
      aria-label={`Messages around the reported ${report.target_kind}`}
      className="mt-3 max-h-96 space-y-1.5 overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-2 text-sm"
    >
      {messages.map((m) => (
        <li
          key={m.id}
          aria-current={m.reported ? 'true' : undefined}
          className={`rounded-md px-2.5 py-1.5 ${
            m.reported ? 'border-l-4 border-red-500 bg-red-50' : 'bg-white'
          }`}
        >
          <div className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
            <span className="font-semibold text-slate-800">{m.sender_name}</span>
            <span>{lagosDateTime(m.created_at)}</span>
            {m.reported ? (
              <span className="font-semibold text-red-700">Reported message</span>
            ) : null}
          </div>
          <p className="break-words whitespace-pre-line text-slate-800">
            {m.deleted ? (
              <span className="text-slate-400 italic">message deleted</span>
            ) : (
              m.text || <span className="text-slate-400">(picture)</span>
            )}
            {m.has_image && m.text ? (
              <span className="text-slate-400"> (with a picture)</span>
            ) : null}
          </p>
        </li>
      ))}
    </ol>
  );
}
