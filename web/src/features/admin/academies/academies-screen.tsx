import { BadgeCheck, FileText, XCircle } from 'lucide-react';
import type { AdminAcademy, AdminAcademyFilter } from '@touchline/shared';
import { ADMIN_ACADEMY_FILTERS } from '@touchline/shared';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { BadgeTone, BlockTarget, FilterOption } from '../shared';
import {
  AdminPage,
  AdminTable,
  AdminToolbar,
  Badge,
  BlockDialog,
  CELL,
  Pager,
  ReasonDialog,
  BlockRowButton,
  MessageRowButton,
  RowButton,
  SearchBox,
  StatusFilter,
  errorText,
  lagosDate,
  choiceParam,
  searchParam,
  useCursorPager,
  useListQuery,
} from '../shared';
import { useAcademies, useDeclineAcademy, useVerifyAcademy } from './academies-api';
import { LicenceDialog } from './licence-dialog';

const FILTERS: readonly FilterOption<AdminAcademyFilter>[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'verified', label: 'Verified' },
  { value: 'declined', label: 'Declined' },
  { value: 'blocked', label: 'Blocked' },
];

/** The address's query: `?search=&status=` (the API's names). */
const QUERY = { search: searchParam, status: choiceParam(ADMIN_ACADEMY_FILTERS) };

const STATUS: Record<AdminAcademy['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  verified: { label: 'Verified', tone: 'green' },
  declined: { label: 'Declined', tone: 'red' },
};

const COLUMNS = ['Academy', 'Location', 'Status', 'Licence', 'Joined', 'Actions'] as const;

type Academy = Pick<AdminAcademy, 'id' | 'username'>;

/**
 * `/admin/academyview`: every academy, newest first — search by name or e-mail, filter by
 * status (`?search=&status=`, kept in the address); view the licence (a short-lived signed link), verify, decline with a reason, block or
 * unblock with a reason, message them (`/admin/chat/<thread>`).
 */
export function AdminAcademiesScreen() {
  const [{ search, status }, setQuery] = useListQuery(QUERY);
  const pager = useCursorPager({ search, status });
  const academies = useAcademies({ search, status, before: pager.before });

  const [licenceOf, setLicenceOf] = useState<Academy | null>(null);
  const [verifying, setVerifying] = useState<Academy | null>(null);
  const [declining, setDeclining] = useState<Academy | null>(null);
  const [blocking, setBlocking] = useState<BlockTarget | null>(null);
  const verify = useVerifyAcademy(() => setVerifying(null));
  const decline = useDeclineAcademy(() => setDeclining(null));

  const rows = academies.data?.results ?? [];

  return (
    <AdminPage
      title="Academies"
      description="Check licences, verify or decline academies, block or unblock them."
    >
      <AdminToolbar>
        <SearchBox
          label="Search academies"
          placeholder="Name or e-mail"
          value={search}
          onSearch={(next) => setQuery({ search: next })}
        />
        <StatusFilter
          label="Status"
          options={FILTERS}
          value={status}
          onChange={(next) => setQuery({ status: next })}
        />
      </AdminToolbar>

      <AdminTable
        caption="Academies"
        columns={COLUMNS}
        minWidth="min-w-[58rem]"
        query={academies}
        rowCount={rows.length}
        empty={
          search || status ? 'No academies match this search.' : 'No academies have signed up yet.'
        }
        footer={
          <Pager pager={pager} next={academies.data?.next} busy={academies.isPlaceholderData} />
        }
      >
        {rows.map((academy) => {
          const verification = STATUS[academy.status];
          return (
            <tr key={academy.id}>
              <th scope="row" className={`${CELL.first} font-normal`}>
                <span className="block font-medium text-slate-900">{academy.username}</span>
                <span className="block max-w-64 text-xs break-all text-slate-500">
                  {academy.email}
                </span>
                {academy.sports.length > 0 ? (
                  <span className="block text-xs text-slate-500 capitalize">
                    {academy.sports.join(', ')}
                  </span>
                ) : null}
              </th>
              <td className={`${CELL.middle} text-slate-700`}>
                {[academy.district, academy.state].filter(Boolean).join(', ') || '—'}
              </td>
              <td className={CELL.middle}>
                <span className="flex flex-wrap gap-1">
                  <Badge tone={verification.tone}>{verification.label}</Badge>
                  {academy.blocked ? <Badge tone="red">Blocked</Badge> : null}
                  {academy.email_verified ? null : <Badge tone="blue">E-mail unconfirmed</Badge>}
                </span>
                {academy.blocked && academy.blocked_reason ? (
                  <span className="mt-1 block max-w-56 text-xs text-slate-500">
                    {academy.blocked_reason}
                  </span>
                ) : null}
              </td>
              <td className={CELL.middle}>
                {academy.has_licence ? (
                  <button
                    type="button"
                    onClick={() => setLicenceOf(academy)}
                    aria-label={`View licence of ${academy.username}`}
                    className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-slate-700 underline-offset-2 hover:text-slate-900 hover:underline"
                  >
                    <FileText aria-hidden="true" className="size-4" />
                    View
                  </button>
                ) : (
                  <span className="text-slate-500">None</span>
                )}
              </td>
              <td className={`${CELL.middle} whitespace-nowrap text-slate-600`}>
                {lagosDate(academy.created_at)}
              </td>
              <td className={CELL.lastLeft}>
                <span className="flex gap-1.5">
                  <MessageRowButton userId={academy.id} name={academy.username} />
                  {academy.status === 'verified' ? null : (
                    <RowButton
                      label={`Verify ${academy.username}`}
                      icon={<BadgeCheck aria-hidden="true" className="size-4" />}
                      onClick={() => setVerifying(academy)}
                    >
                      Verify
                    </RowButton>
                  )}
                  {academy.status === 'declined' ? null : (
                    <RowButton
                      label={`Decline ${academy.username}`}
                      icon={<XCircle aria-hidden="true" className="size-4" />}
                      onClick={() => setDeclining(academy)}
                    >
                      Decline
                    </RowButton>
                  )}
                  <BlockRowButton
                    name={academy.username}
                    blocked={academy.blocked}
                    onClick={() => setBlocking(academy)}
                  />
                </span>
              </td>
            </tr>
          );
        })}
      </AdminTable>

      <LicenceDialog academy={licenceOf} onClose={() => setLicenceOf(null)} />

      <ConfirmDialog
        open={verifying !== null}
        title={`Verify ${verifying?.username ?? ''}?`}
        description={
          <>
            The academy is told it is verified and can publish trials.
            {verify.error ? (
              <span role="alert" className="mt-2 block text-red-600">
                {errorText(verify.error)}
              </span>
            ) : null}
          </>
        }
        confirmLabel="Verify"
        busyLabel="Verifying…"
        confirmClassName="bg-slate-900 text-white shadow-sm hover:bg-slate-800"
        busy={verify.isPending}
        onConfirm={() => {
          if (verifying) verify.mutate(verifying);
        }}
        onCancel={() => {
          verify.reset();
          setVerifying(null);
        }}
      />

      <ReasonDialog
        open={declining !== null}
        title={`Decline ${declining?.username ?? ''}?`}
        description="The academy is told why by e-mail and in the app, and cannot publish trials."
        confirmLabel="Decline academy"
        danger
        placeholder="What is missing or wrong?"
        busy={decline.isPending}
        error={errorText(decline.error)}
        onClose={() => {
          decline.reset();
          setDeclining(null);
        }}
        onConfirm={(reason) => {
          if (declining) decline.mutate({ ...declining, reason });
        }}
      />

      <BlockDialog target={blocking} noun="academy" onClose={() => setBlocking(null)} />
    </AdminPage>
  );
}
