import type { AdminAuditEntry } from '@touchline/shared';
import {
  AdminPage,
  AdminTable,
  AdminToolbar,
  CELL,
  Pager,
  SearchBox,
  lagosDateTime,
  searchParam,
  useCursorPager,
  useListQuery,
} from '../shared';
import { useAudit } from './audit-api';
import { PhoneList } from './phone-list';
import { useWideScreen } from '@/lib/use-wide-screen';

const COLUMNS = ['When', 'Who', 'What', 'Whom', 'Why'];

/** The address's query: `?search=`. */
const QUERY = { search: searchParam };

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
  'job.retried': 'Retried a failed job',
  'job.removed': 'Removed a failed job',
  'account.export_requested': 'Asked for a data export',
  'account.deletion_requested': 'Deleted an account',
  'account.restored': 'Restored a deleted account',
  'account.erased': 'Erased a deleted account',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The details worth a line: `from → to`, then other short values (ids left out, but a job's). */
export function detailsText(details: AdminAuditEntry['details']): string {
  const parts: string[] = [];
  if ('from' in details || 'to' in details) {
    parts.push(`${String(details.from ?? '—')} → ${String(details.to ?? '—')}`);
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === 'from' || key === 'to') continue;
    if (
      key !== 'job_id' &&
      (key.endsWith('_id') || (typeof value === 'string' && UUID.test(value)))
    )
      continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      parts.push(`${key.replace(/_/g, ' ')}: ${String(value)}`);
    }
  }
  return parts.join(' · ');
}

/**
 * `/admin/audit`: every administrative change (who, what, whom, when, why), searchable
 * (`?search=`, kept in the address).
 */
export function AdminAuditScreen() {
  const [{ search }, setQuery] = useListQuery(QUERY);
  const pager = useCursorPager({ search });
  const audit = useAudit({ search, before: pager.before });
  const rows = audit.data?.results ?? [];
  const wide = useWideScreen();
  const pagerBar = <Pager pager={pager} next={audit.data?.next} busy={audit.isPlaceholderData} />;
  const empty = search ? 'No records match this search.' : 'Nothing has been recorded yet.';

  return (
    <AdminPage
      title="Audit log"
      description="Every administrative change: who made it, what it was, to whom, when and why. Records are never changed."
    >
      <AdminToolbar>
        <SearchBox
          label="Search the audit log"
          placeholder="Action, reason, name or e-mail"
          value={search}
          onSearch={(next) => setQuery({ search: next })}
        />
      </AdminToolbar>

      {wide ? null : (
        <PhoneList
          label="Audit log"
          query={audit}
          rowCount={rows.length}
          empty={empty}
          footer={pagerBar}
        >
          {rows.map((entry) => (
            <AuditCard key={entry.id} entry={entry} />
          ))}
        </PhoneList>
      )}
      {!wide ? null : (
        <AdminTable
          caption="Audit log"
          columns={COLUMNS}
          minWidth="min-w-[48rem]"
          query={audit}
          rowCount={rows.length}
          empty={empty}
          footer={pagerBar}
        >
          {rows.map((entry) => {
            const details = detailsText(entry.details);
            return (
              <tr key={entry.id}>
                <td className={`${CELL.first} whitespace-nowrap text-slate-700`}>
                  {lagosDateTime(entry.created_at)}
                </td>
                <td className={`${CELL.middle} text-slate-700`}>
                  {entry.actor ? (
                    entry.actor.username
                  ) : (
                    <span className="text-slate-400">Removed account</span>
                  )}
                </td>
                <th scope="row" className={`${CELL.middle} font-normal`}>
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
                <td className={`${CELL.middle} text-slate-700`}>
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
                <td className="max-w-xs px-4 py-3 align-top break-words text-slate-700 sm:pr-0">
                  {entry.reason || <span className="text-slate-400">—</span>}
                </td>
              </tr>
            );
          })}
        </AdminTable>
      )}
    </AdminPage>
  );
}

/** One record on a phone: what, when, who → whom, why, details. */
function AuditCard({ entry }: { entry: AdminAuditEntry }) {
  const details = detailsText(entry.details);
  return (
    <li
      className="py-3"
      aria-label={`${actionLabel(entry.action)}, ${lagosDateTime(entry.created_at)}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium text-slate-900">{actionLabel(entry.action)}</span>
        <span className="text-xs text-slate-500">{lagosDateTime(entry.created_at)}</span>
      </div>
      <p className="mt-0.5 text-sm text-slate-700">
        {entry.actor?.username ?? 'Removed account'}
        {entry.target ? (
          <>
            {' '}
            → {entry.target.username}{' '}
            <span className="text-xs text-slate-500 capitalize">({entry.target.role})</span>
          </>
        ) : null}
      </p>
      {entry.reason ? (
        <p className="mt-1 text-sm break-words text-slate-800">“{entry.reason}”</p>
      ) : null}
      <p className="mt-1 text-xs break-words text-slate-500">
        <span className="font-mono">{entry.action}</span>
        {details ? ` · ${details}` : ''}
      </p>
    </li>
  );
}
