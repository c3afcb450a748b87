import { CircleX } from 'lucide-react';
import type { AdminTrial } from '@touchline/shared';
import { useState } from 'react';
import { formatFee } from '@/lib/money';
import type { FilterOption } from '../shared';
import {
  AdminPage,
  AdminTable,
  AdminToolbar,
  Badge,
  CELL,
  Pager,
  ReasonDialog,
  RowButton,
  SearchBox,
  StatusFilter,
  calendarDate,
  errorText,
  choiceParam,
  searchParam,
  useCursorPager,
  useListQuery,
} from '../shared';
import type { TrialStatusFilter } from './trials-api';
import { PhoneList } from '../audit/phone-list';
import { useWideScreen } from '@/lib/use-wide-screen';
import { useAdminTrials, useCancelAdminTrial } from './trials-api';

const COLUMNS = ['Trial', 'Date', 'Place', 'Registered', 'Fee', 'Status', 'Actions'];

const FILTERS: readonly FilterOption<Exclude<TrialStatusFilter, ''>>[] = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'cancelled', label: 'Cancelled' },
];

/** The address's query: `?search=&status=` (the API's names). */
const QUERY = { search: searchParam, status: choiceParam(['active', 'cancelled']) };

/**
 * `/admin/trialview`: every trial, newest first; search by name, venue, place or academy, filter
 * by status (`?search=&status=`, kept in the address), and cancel an active one with a reason
 * (registrants are told and paid ones refunded, as when its academy cancels; the reason goes into
 * the audit log).
 */
export function AdminTrialsScreen() {
  const [{ search, status }, setQuery] = useListQuery(QUERY);
  const pager = useCursorPager({ search, status });
  const trials = useAdminTrials({ search, status, before: pager.before });
  const [cancelling, setCancelling] = useState<AdminTrial | null>(null);
  const cancel = useCancelAdminTrial(() => setCancelling(null));
  const rows = trials.data?.results ?? [];
  const wide = useWideScreen();
  const pagerBar = <Pager pager={pager} next={trials.data?.next} busy={trials.isPlaceholderData} />;
  const empty = search || status ? 'No trials match.' : 'No trials have been published yet.';

  return (
    <AdminPage
      title="Trials"
      description="Every trial academies have published. Cancelling one tells its registrants and refunds paid registrations."
    >
      <AdminToolbar>
        <SearchBox
          label="Search trials"
          placeholder="Trial, venue, place or academy"
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

      {wide ? null : (
        <PhoneList
          label="Trials"
          query={trials}
          rowCount={rows.length}
          empty={empty}
          footer={pagerBar}
        >
          {rows.map((trial) => (
            <li key={trial.id} className="py-3" aria-label={trial.name}>
              <div className="flex items-start justify-between gap-2">
                <div className="min-w-0">
                  <span className="block font-medium text-slate-900">{trial.name}</span>
                  <span className="block text-xs text-slate-500">
                    {trial.academy.username} · <span className="capitalize">{trial.sport}</span>
                  </span>
                </div>
                <TrialStatus trial={trial} />
              </div>
              <p className="mt-1 text-sm text-slate-700">
                {calendarDate(trial.trial_date)}, {trial.start_time.slice(0, 5)} · {trial.venue},{' '}
                {trial.district}, {trial.state}
              </p>
              <div className="mt-1 flex items-center justify-between gap-2 text-sm text-slate-600">
                <span>
                  {trial.registered_count}
                  {trial.total_participant_limit ? ` / ${trial.total_participant_limit}` : ''}{' '}
                  registered · {formatFee(trial.registration_fee)}
                </span>
                <CancelButton trial={trial} onCancel={setCancelling} />
              </div>
            </li>
          ))}
        </PhoneList>
      )}
      {!wide ? null : (
        <AdminTable
          caption="Trials"
          columns={COLUMNS}
          minWidth="min-w-[50rem]"
          query={trials}
          rowCount={rows.length}
          empty={empty}
          footer={pagerBar}
        >
          {rows.map((trial) => (
            <tr key={trial.id}>
              <th scope="row" className={`${CELL.first} font-normal`}>
                <span className="block font-medium text-slate-900">{trial.name}</span>
                <span className="block text-xs text-slate-500">
                  {trial.academy.username} · <span className="capitalize">{trial.sport}</span>
                </span>
              </th>
              <td className={`${CELL.middle} whitespace-nowrap text-slate-700`}>
                {calendarDate(trial.trial_date)}
                <span className="block text-xs text-slate-500">{trial.start_time.slice(0, 5)}</span>
              </td>
              <td className={`${CELL.middle} text-slate-700`}>
                {trial.venue}
                <span className="block text-xs text-slate-500">
                  {trial.district}, {trial.state}
                </span>
              </td>
              <td className={`${CELL.middle} whitespace-nowrap text-slate-700 tabular-nums`}>
                {trial.registered_count}
                {trial.total_participant_limit ? ` / ${trial.total_participant_limit}` : ''}
              </td>
              <td className={`${CELL.middle} whitespace-nowrap text-slate-700`}>
                {formatFee(trial.registration_fee)}
              </td>
              <td className={CELL.middle}>
                <TrialStatus trial={trial} />
              </td>
              <td className={CELL.last}>
                <CancelButton trial={trial} onCancel={setCancelling} />
              </td>
            </tr>
          ))}
        </AdminTable>
      )}

      <ReasonDialog
        open={cancelling !== null}
        title={`Cancel ${cancelling?.name ?? 'this trial'}?`}
        description={
          cancelling && cancelling.registration_fee > 0
            ? 'Every registrant is told, and every paid registration is refunded. This cannot be undone.'
            : 'Every registrant is told. This cannot be undone.'
        }
        confirmLabel="Cancel trial"
        danger
        placeholder="Registrants see this reason."
        busy={cancel.isPending}
        error={errorText(cancel.error)}
        onConfirm={(reason) => cancel.mutate({ id: cancelling!.id, reason })}
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
      />
    </AdminPage>
  );
}

/** Active, or Cancelled with its reason. */
function TrialStatus({ trial }: { trial: AdminTrial }) {
  if (trial.status === 'active') return <Badge tone="green">Active</Badge>;
  return (
    <span className="block">
      <Badge tone="red">Cancelled</Badge>
      {trial.cancel_reason ? (
        <span className="mt-1 block max-w-48 text-xs text-slate-500">{trial.cancel_reason}</span>
      ) : null}
    </span>
  );
}

/** Cancel, for an active trial only. */
function CancelButton({
  trial,
  onCancel,
}: {
  trial: AdminTrial;
  onCancel: (trial: AdminTrial) => void;
}) {
  if (trial.status !== 'active') return null;
  return (
    <RowButton
      label={`Cancel ${trial.name}`}
      icon={<CircleX aria-hidden="true" className="size-4" />}
      danger
      onClick={() => onCancel(trial)}
    >
      Cancel
    </RowButton>
  );
}
