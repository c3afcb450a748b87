import { Download } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { Button } from '@/components/ui/button';
import { ScrollTable } from '@/components/ui/scroll-table';
import { formatNaira } from '@/lib/money';
import { showNotice } from '@/lib/toast';
import { useWideScreen } from '@/lib/use-wide-screen';
import { AdminPage, calendarDate, errorText } from '../shared';
import type { Period } from './accounts-api';
import { getAccountsCsv, useAccounts } from './accounts-api';
import { downloadText } from './download';

/** Today in Lagos as YYYY-MM-DD. */
export function lagosToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(now);
}

/** `date` moved by `days` (YYYY-MM-DD in, YYYY-MM-DD out). */
export function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

type Preset = '7' | '30' | 'month' | 'custom';

function presetPeriod(preset: Exclude<Preset, 'custom'>, today: string): Period {
  if (preset === 'month') return { from: `${today.slice(0, 8)}01`, to: today };
  return { from: addDays(today, -(Number(preset) - 1)), to: today };
}

const PRESETS = ['7', '30', 'month'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const samePeriod = (a: Period, b: Period) => a.from === b.from && a.to === b.to;

/**
 * The period lives in the address under the API's names (`?from=&to=`, Lagos dates), so a reload
 * or a shared link shows the same takings; none means the last 30 days. A preset writes its dates
 * (the 30 days leave the address bare) and shows as chosen while the dates are its own; 'Custom
 * dates' shows the date fields for the same period until another preset is chosen. Every change
 * replaces the address (no history entry per keystroke).
 */
function usePeriodInAddress(today: string) {
  const [params, setParams] = useSearchParams();
  const [customChosen, setCustomChosen] = useState(false);
  const fallback = presetPeriod('30', today);
  const day = (key: 'from' | 'to') => {
    const raw = params.get(key) ?? '';
    return DAY.test(raw) ? raw : '';
  };
  const period: Period =
    params.has('from') || params.has('to') ? { from: day('from'), to: day('to') } : fallback;
  const matching = PRESETS.find((name) => samePeriod(presetPeriod(name, today), period));
  const preset: Preset = customChosen || !matching ? 'custom' : matching;

  const setPeriod = (next: Period) =>
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        for (const key of ['from', 'to'] as const) {
          if (samePeriod(next, fallback)) query.delete(key);
          else query.set(key, next[key]);
        }
        return query;
      },
      { replace: true },
    );
  const choose = (next: Preset) => {
    setCustomChosen(next === 'custom');
    if (next !== 'custom') setPeriod(presetPeriod(next, today));
  };
  return { period, preset, choose, setPeriod };
}

const money = (kobo: number) => (kobo < 0 ? `−${formatNaira(-kobo)}` : formatNaira(kobo));

/**
 * `/admin/accounts`: takings per academy over a period (Lagos dates, both included): payments,
 * paid, refunded and net, largest net first, with the totals, and the same as a CSV file. The
 * period is in the address (`?from=&to=`).
 */
export function AdminAccountsScreen() {
  const today = lagosToday();
  const { period, preset, choose, setPeriod } = usePeriodInAddress(today);
  const invalid = !period.from || !period.to || period.from > period.to;
  const accounts = useAccounts(invalid ? { from: '', to: '' } : period);
  const [downloading, setDownloading] = useState(false);
  const data = accounts.data;
  const wide = useWideScreen();

  async function download() {
    setDownloading(true);
    try {
      const csv = await getAccountsCsv(period);
      downloadText(csv, `touchline-accounts-${period.from}-to-${period.to}.csv`);
    } catch (error) {
      showNotice(errorText(error) ?? 'Could not download the file', 'error');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <AdminPage
      title="Accounts"
      description="Takings per academy: payments received, refunds and net, over a period of Lagos days."
      actions={
        <Button
          tone="admin"
          loading={downloading}
          disabled={invalid}
          onClick={() => void download()}
        >
          <Download className="size-4" aria-hidden="true" />
          Download CSV
        </Button>
      }
    >
      <div className="card p-4 sm:p-6">
        <fieldset className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <legend className="sr-only">Period</legend>
          <div className="sm:w-48">
            <label htmlFor="accounts-period" className="field-label">
              Period
            </label>
            <select
              id="accounts-period"
              value={preset}
              onChange={(event) => choose(event.target.value as Preset)}
              className="field-input"
            >
              <option value="7">Last 7 days</option>
              <option value="30">Last 30 days</option>
              <option value="month">This month</option>
              <option value="custom">Custom dates</option>
            </select>
          </div>
          {preset === 'custom' ? (
            <div className="grid grid-cols-2 gap-3 sm:flex">
              <div>
                <label htmlFor="accounts-from" className="field-label">
                  From
                </label>
                <input
                  id="accounts-from"
                  type="date"
                  value={period.from}
                  max={today}
                  onChange={(event) => setPeriod({ ...period, from: event.target.value })}
                  className="field-input"
                />
              </div>
              <div>
                <label htmlFor="accounts-to" className="field-label">
                  To
                </label>
                <input
                  id="accounts-to"
                  type="date"
                  value={period.to}
                  max={today}
                  onChange={(event) => setPeriod({ ...period, to: event.target.value })}
                  className="field-input"
                />
              </div>
            </div>
          ) : null}
        </fieldset>
        {invalid ? (
          <p role="alert" className="mt-3 text-sm text-red-600">
            The start date must be on or before the end date.
          </p>
        ) : null}

        {invalid ? null : accounts.isPending ? (
          <p className="mt-6 text-sm text-slate-500" aria-busy="true">
            Loading…
          </p>
        ) : accounts.isError ? (
          <div
            role="alert"
            className="mt-6 flex flex-wrap items-center gap-3 text-sm text-slate-600"
          >
            {errorText(accounts.error)}
            <Button tone="secondary" onClick={() => void accounts.refetch()}>
              Try again
            </Button>
          </div>
        ) : data ? (
          <>
            <dl className="mt-6 grid grid-cols-3 gap-2 sm:gap-3">
              <Total label="Paid" value={money(data.totals.gross)} />
              <Total label="Refunded" value={money(data.totals.refunded)} />
              <Total label="Net" value={money(data.totals.net)} strong />
            </dl>
            <p className="mt-4 text-sm text-slate-500">
              {calendarDate(data.from)} – {calendarDate(data.to)}
            </p>
            {data.academies.length === 0 ? (
              <p className="mt-4 text-sm text-slate-500">No money moved in this period.</p>
            ) : !wide ? (
              <ul
                aria-label={`Takings per academy, ${data.from} to ${data.to}`}
                className="mt-3 divide-y divide-slate-100"
              >
                {data.academies.map((row) => (
                  <li key={row.academy.id} aria-label={row.academy.username} className="py-3">
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="min-w-0 font-semibold break-words text-slate-900">
                        {row.academy.username}
                      </span>
                      <span
                        className={`shrink-0 font-semibold tabular-nums ${row.net < 0 ? 'text-red-700' : 'text-slate-900'}`}
                      >
                        {money(row.net)}
                      </span>
                    </div>
                    <span className="block text-xs break-all text-slate-500">
                      {row.academy.email}
                    </span>
                    <span className="mt-1 block text-sm text-slate-600 tabular-nums">
                      {row.payments} payment{row.payments === 1 ? '' : 's'} · paid{' '}
                      {money(row.gross)} · refunded {money(row.refunded)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <ScrollTable
                caption={`Takings per academy, ${data.from} to ${data.to}`}
                columns={['Academy', 'Payments', 'Paid', 'Refunded', 'Net']}
                className="mt-3"
                minWidth="min-w-[40rem]"
              >
                {data.academies.map((row) => (
                  <tr key={row.academy.id}>
                    <th scope="row" className="px-4 py-3 font-normal sm:pl-0">
                      <span className="block font-semibold text-slate-900">
                        {row.academy.username}
                      </span>
                      <span className="block text-xs break-all text-slate-500">
                        {row.academy.email}
                      </span>
                    </th>
                    <td className="px-3 py-3 text-slate-700 tabular-nums">{row.payments}</td>
                    <td className="px-3 py-3 text-slate-700 tabular-nums">{money(row.gross)}</td>
                    <td className="px-3 py-3 text-slate-700 tabular-nums">{money(row.refunded)}</td>
                    <td
                      className={`px-4 py-3 font-semibold tabular-nums sm:pr-0 ${row.net < 0 ? 'text-red-700' : 'text-slate-900'}`}
                    >
                      {money(row.net)}
                    </td>
                  </tr>
                ))}
                <tr className="bg-slate-50 font-semibold">
                  <th scope="row" className="px-4 py-3 text-slate-900 sm:pl-2">
                    Total
                  </th>
                  <td className="px-3 py-3 tabular-nums">
                    {data.academies.reduce((sum, row) => sum + row.payments, 0)}
                  </td>
                  <td className="px-3 py-3 tabular-nums">{money(data.totals.gross)}</td>
                  <td className="px-3 py-3 tabular-nums">{money(data.totals.refunded)}</td>
                  <td className="px-4 py-3 tabular-nums sm:pr-0">{money(data.totals.net)}</td>
                </tr>
              </ScrollTable>
            )}
          </>
        ) : null}
      </div>
    </AdminPage>
  );
}

function Total({
  label,
  value,
  strong = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
}) {
  return (
    <div
      className={`rounded-xl border p-3 sm:p-4 ${strong ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-200'}`}
    >
      <dt
        className={`text-xs font-semibold tracking-wide uppercase ${strong ? 'text-slate-300' : 'text-slate-500'}`}
      >
        {label}
      </dt>
      <dd className="mt-1 text-base font-bold break-all tabular-nums sm:text-xl">{value}</dd>
    </div>
  );
}
