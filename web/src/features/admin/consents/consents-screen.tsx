import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'wouter';
import {
  AdminPage,
  AdminTable,
  AdminToolbar,
  Badge,
  CELL,
  SearchBox,
  StatusFilter,
  calendarDate,
  choiceParam,
  lagosDate,
  lagosDateTime,
  searchParam,
  useListQuery,
  type BadgeTone,
  type FilterOption,
  type ListParam,
} from '../shared';
import { useConsents } from './consents-api';

type Show = 'awaiting' | 'ledger';

/** `?page=`: a whole number from 1 (anything else reads as 1). */
const pageParam: ListParam<string> = {
  read: (raw) => (raw && /^[1-9]\d{0,3}$/.test(raw) ? raw : '1'),
  fallback: '1',
};

/** The address's query: `?status=awaiting|ledger&search=&page=`. */
const QUERY = {
  status: choiceParam<Show>(['awaiting', 'ledger']),
  search: searchParam,
  page: pageParam,
};

const FILTERS: readonly FilterOption<Show>[] = [
  { value: '', label: 'Both' },
  { value: 'awaiting', label: 'Awaiting consent' },
  { value: 'ledger', label: 'Ledger' },
];

const DECISION: Record<'given' | 'declined' | 'withdrawn', { label: string; tone: BadgeTone }> = {
  given: { label: 'Given', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
  withdrawn: { label: 'Withdrawn', tone: 'red' },
};

const AWAITING_COLUMNS = ['Child', 'Date of birth', 'Guardian asked', 'Signed up'] as const;
const LEDGER_COLUMNS = ['When', 'Child', 'Guardian', 'Decision', 'Notice and method'] as const;

/**
 * `/admin/consents` (supplement §14): children's accounts awaiting a guardian's consent (oldest
 * first, with the guardian asked and when) and the consent ledger (newest first; who, what, notice
 * version, method, time, address; append-only). `?status=` narrows to one list, `?search=` names
 * or e-mails of child or guardian, `?page=` pages both (20 each); all kept in the address.
 */
export function AdminConsentsScreen() {
  const [{ status, search, page: pageText }, setQuery] = useListQuery(QUERY);
  const page = Number(pageText);
  const consents = useConsents({ status, search, page });
  const awaiting = consents.data?.awaiting ?? [];
  const ledger = consents.data?.ledger ?? [];
  const hasMore = consents.data?.has_more ?? false;
  const busy = consents.isPlaceholderData;

  return (
    <AdminPage
      title="Consents"
      description="Children waiting for a guardian's consent, and every guardian's decision."
    >
      <AdminToolbar>
        <SearchBox
          label="Search consents"
          placeholder="Child or guardian: name or e-mail"
          value={search}
          onSearch={(next) => setQuery({ search: next, page: '1' })}
        />
        <StatusFilter
          label="Show"
          options={FILTERS}
          value={status}
          onChange={(next) => setQuery({ status: next, page: '1' })}
        />
      </AdminToolbar>

      {status !== 'ledger' ? (
        <AdminTable
          caption="Accounts awaiting consent"
          columns={AWAITING_COLUMNS}
          minWidth="min-w-[44rem]"
          query={consents}
          rowCount={awaiting.length}
          empty={
            search
              ? 'No account awaiting consent matches this search.'
              : 'No account is awaiting consent.'
          }
        >
          {awaiting.map((child) => (
            <tr key={child.id}>
              <th scope="row" className={`${CELL.first} font-normal`}>
                <PlayerLink search={child.email} name={child.username} />
                <span className="block max-w-64 text-xs break-all text-slate-500">
                  {child.email}
                </span>
              </th>
              <td className={`${CELL.middle} whitespace-nowrap text-slate-700`}>
                {child.dob ? calendarDate(child.dob) : 'Unknown'}
              </td>
              <td className={CELL.middle}>
                <span className="block max-w-64 break-all text-slate-800">
                  {child.guardian_email ?? 'Not asked yet'}
                </span>
                {child.requested_at ? (
                  <span className="block text-xs text-slate-500">
                    Asked {lagosDateTime(child.requested_at)}
                  </span>
                ) : null}
              </td>
              <td className={`${CELL.lastLeft} whitespace-nowrap text-slate-600`}>
                {lagosDate(child.created_at)}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}

      {status !== 'awaiting' ? (
        <AdminTable
          caption="Consent ledger"
          columns={LEDGER_COLUMNS}
          minWidth="min-w-[52rem]"
          query={consents}
          rowCount={ledger.length}
          empty={search ? 'No decision matches this search.' : 'No guardian has decided yet.'}
        >
          {ledger.map((entry) => (
            <tr key={entry.id}>
              <td className={`${CELL.first} whitespace-nowrap text-slate-700`}>
                {lagosDateTime(entry.recorded_at)}
              </td>
              <th scope="row" className={`${CELL.middle} font-normal`}>
                <PlayerLink search={entry.child.username} name={entry.child.username} />
              </th>
              <td className={CELL.middle}>
                {entry.guardian ? (
                  <>
                    <span className="block text-slate-900">
                      {entry.guardian.username ?? 'Deleted user'}
                    </span>
                    {entry.guardian.email ? (
                      <span className="block max-w-64 text-xs break-all text-slate-500">
                        {entry.guardian.email}
                      </span>
                    ) : null}
                  </>
                ) : (
                  <span className="text-slate-500">Deleted user</span>
                )}
                {entry.relationship ? (
                  <span className="block text-xs text-slate-500">{entry.relationship}</span>
                ) : null}
              </td>
              <td className={CELL.middle}>
                <Badge tone={DECISION[entry.decision].tone}>{DECISION[entry.decision].label}</Badge>
              </td>
              <td className={`${CELL.lastLeft} text-xs text-slate-600`}>
                <span className="block">Notice {entry.notice_version}</span>
                <span className="block break-all">{entry.method}</span>
                {entry.ip ? <span className="block">From {entry.ip}</span> : null}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}

      {page > 1 || hasMore ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3">
          <button
            type="button"
            className="btn btn-secondary"
            disabled={page <= 1 || busy}
            onClick={() => setQuery({ page: String(page - 1) })}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </button>
          <span className="text-sm text-slate-600">Page {page}</span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!hasMore || busy}
            onClick={() => setQuery({ page: String(page + 1) })}
          >
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </button>
        </nav>
      ) : null}
    </AdminPage>
  );
}

/** The child in the players' list (block, correct a date of birth), found by `search`. */
function PlayerLink({ search, name }: { search: string; name: string }) {
  return (
    <Link
      href={`/admin/playerview?search=${encodeURIComponent(search)}`}
      className="block font-medium text-slate-900 underline-offset-2 hover:underline"
    >
      {name}
    </Link>
  );
}
