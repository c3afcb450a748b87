import type { AdminAuditEntry } from '@touchline/shared';
import { useState } from 'react';
import { ScrollTable } from '@/components/ui/scroll-table';
import { useAudit } from './api/get-audit';
import { AdminScreen, dateTime, ListFrame, SearchBox, useSettled } from './list-kit';

/** What each recorded action reads as; an unknown one shows as recorded. */
const ACTION_LABELS: Record<string, string> = {
  'academy.verified': 'Verified an academy',
  'academy.declined': 'Declined an academy',
  'user.blocked': 'Blocked an account',
  'user.unblocked': 'Unblocked an account',
  'user.dob_corrected': 'Corrected a date of birth',
  'trial.cancelled': 'Cancelled a trial',
  'report.removed': 'Removed reported content',
  'report.dismissed': 'Dismissed a report',
  'job.retried': 'Retried a job',
  'job.removed': 'Removed a job',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The details worth a line: `from → to`, then any other short value. */
function detailsText(details: AdminAuditEntry['details']): string {
  const parts: string[] = [];
  if (typeof details.from === 'string' || typeof details.to === 'string') {
    parts.push(`${String(details.from ?? '—')} → ${String(details.to ?? '—')}`);
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === 'from' || key === 'to') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(`${key.replace(/_/g, ' ')}: ${String(value)}`);
    }
  }
  return parts.join(' · ');
}

/** `/admin/audit`: every administrative change (who, what, whom, when, why), searchable. */
export function AdminAuditScreen() {
  const [search, setSearch] = useState('');
  const settled = useSettled(search.trim());
  const audit = useAudit(settled);
  const rows = audit.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <AdminScreen
      title="Audit log"
      intro="Every administrative change: who made it, what it was, to whom, when and why. Records are never changed."
    >
      <div className="card mt-6 p-4 sm:p-6">
        <SearchBox
          label="Search the audit log"
          placeholder="Search by action, reason, name or e-mail"
          value={search}
          onChange={setSearch}
        />
        <ListFrame
          query={audit}
          count={rows.length}
          errorLine="Could not load the audit log."
          emptyLine={settled ? 'No record matches.' : 'Nothing has been recorded yet.'}
        >
          <ScrollTable
            caption="Audit log"
            columns={['When', 'Who', 'What', 'Whom', 'Why']}
            className="mt-4"
            minWidth="min-w-[52rem]"
          >
            {rows.map((entry) => {
              const details = detailsText(entry.details);
              return (
                <tr key={entry.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-slate-700 sm:pl-0">
                    {dateTime(entry.created_at)}
                  </td>
                  <td className="px-3 py-3 text-slate-700">
                    {entry.actor ? (
                      entry.actor.username
                    ) : (
                      <span className="text-slate-400">Removed account</span>
                    )}
                  </td>
                  <th scope="row" className="px-3 py-3 font-normal">
                    <span className="block font-medium text-slate-900">
                      {actionLabel(entry.action)}
                    </span>
                    <span className="block font-mono text-xs text-slate-500">{entry.action}</span>
                    {details ? (
                      <span className="block max-w-64 text-xs break-words text-slate-500">
                        {details}
                      </span>
                    ) : null}
                  </th>
                  <td className="px-3 py-3 text-slate-700">
                    {entry.target ? (
                      <>
                        {entry.target.username}
                        <span className="block text-xs text-slate-500 capitalize">
                          {entry.target.role}
                        </span>
                      </>
                    ) : (
                      <span className="text-slate-400">—</span>
                    )}
                  </td>
                  <td className="max-w-xs px-4 py-3 break-words text-slate-700 sm:pr-0">
                    {entry.reason || <span className="text-slate-400">—</span>}
                  </td>
                </tr>
              );
            })}
          </ScrollTable>
        </ListFrame>
      </div>
    </AdminScreen>
  );
}
