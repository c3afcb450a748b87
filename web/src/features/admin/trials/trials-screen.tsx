import type { AdminTrial } from '@touchline/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { formatFee } from '@/lib/money';
import { showNotice } from '@/lib/toast';
import {
  AdminScreen,
  Badge,
  dayText,
  ListFrame,
  ReasonDialog,
  SearchBox,
  useSettled,
} from '../audit/list-kit';
import type { TrialStatusFilter } from './api/admin-trials';
import { useAdminTrials, useCancelAdminTrial } from './api/admin-trials';

const FILTERS: { value: TrialStatusFilter; label: string }[] = [
  { value: '', label: 'All trials' },
  { value: 'active', label: 'Active' },
  { value: 'cancelled', label: 'Cancelled' },
];

/**
 * `/admin/trialview`: every trial, newest first; search by name, venue, place or academy, filter
 * by status, and cancel an active one with a reason (registrants are told and paid ones refunded,
 * as when its academy cancels).
 */
export function AdminTrialsScreen() {
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<TrialStatusFilter>('');
  const settled = useSettled(search.trim());
  const trials = useAdminTrials(settled, status);
  const cancel = useCancelAdminTrial();
  const [cancelling, setCancelling] = useState<AdminTrial | null>(null);
  const rows = trials.data?.pages.flatMap((page) => page.results) ?? [];

  return (
    <AdminScreen
      title="Trials"
      intro="Every trial academies have published. Cancelling one tells its registrants and refunds paid registrations."
    >
      <div className="card mt-6 p-4 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row">
          <SearchBox
            label="Search trials"
            placeholder="Search by trial, venue, place or academy"
            value={search}
            onChange={setSearch}
          />
          <select
            aria-label="Status"
            value={status}
            onChange={(event) => setStatus(event.target.value as TrialStatusFilter)}
            className="field-input sm:w-44"
          >
            {FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </select>
        </div>
        <ListFrame
          query={trials}
          count={rows.length}
          errorLine="Could not load the trials."
          emptyLine={settled || status ? 'No trial matches.' : 'No trials yet.'}
        >
          <ScrollTable
            caption="Trials"
            columns={['Trial', 'Academy', 'Date', 'Place', 'Registered', 'Fee', 'Status', '']}
            className="mt-4"
            minWidth="min-w-[56rem]"
          >
            {rows.map((trial) => (
              <tr key={trial.id} className="align-top">
                <th scope="row" className="px-4 py-3 font-normal sm:pl-0">
                  <span className="block font-semibold text-slate-900">{trial.name}</span>
                  <span className="block text-xs text-slate-500 capitalize">{trial.sport}</span>
                </th>
                <td className="px-3 py-3 text-slate-700">{trial.academy.username}</td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {dayText(trial.trial_date)}
                  <span className="block text-xs text-slate-500">
                    {trial.start_time.slice(0, 5)}
                  </span>
                </td>
                <td className="px-3 py-3 text-slate-700">
                  {trial.venue}
                  <span className="block text-xs text-slate-500">
                    {trial.district}, {trial.state}
                  </span>
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {trial.registered_count}
                  {trial.total_participant_limit ? ` / ${trial.total_participant_limit}` : ''}
                </td>
                <td className="px-3 py-3 whitespace-nowrap text-slate-700">
                  {formatFee(trial.registration_fee)}
                </td>
                <td className="px-3 py-3">
                  {trial.status === 'active' ? (
                    <Badge tone="green">Active</Badge>
                  ) : (
                    <>
                      <Badge tone="red">Cancelled</Badge>
                      {trial.cancel_reason ? (
                        <span className="mt-1 block max-w-48 text-xs text-slate-500">
                          {trial.cancel_reason}
                        </span>
                      ) : null}
                    </>
                  )}
                </td>
                <td className="px-4 py-3 text-right sm:pr-0">
                  {trial.status === 'active' ? (
                    <Button
                      tone="secondary"
                      className="px-3 py-1.5 text-sm"
                      aria-label={`Cancel ${trial.name}`}
                      onClick={() => setCancelling(trial)}
                    >
                      Cancel
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </ScrollTable>
        </ListFrame>
      </div>
      <ReasonDialog
        open={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={`Cancel ${cancelling?.name ?? 'this trial'}?`}
        description={
          cancelling && cancelling.registration_fee > 0
            ? 'Every registrant is notified, and every paid registration is refunded. This cannot be undone.'
            : 'Every registrant is notified. This cannot be undone.'
        }
        hint="Registrants see this reason; it is kept in the audit log."
        confirmLabel="Cancel trial"
        pending={cancel.isPending}
        onConfirm={async (reason) => {
          await cancel.mutateAsync({ id: cancelling!.id, reason });
          showNotice('Trial cancelled', 'success');
        }}
      />
    </AdminScreen>
  );
}
