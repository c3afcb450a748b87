import type { ProfileView } from '@touchline/shared';
import { BadgeCheck } from 'lucide-react';
import { formatDate } from '../lib/format';

/**
 * Values an academy measured at a trial and shared (supplement §17): each marked 'Measured at
 * <trial>, <date>', beside the value the player reported themselves where there is one.
 */
export function MeasuredPanel({ profile }: { profile: ProfileView }) {
  const m = profile.measured;
  if (!m) return null;
  const rows = [
    {
      label: 'Height',
      measured: m.height_cm,
      unit: (v: number) => `${v} cm`,
      own: profile.height_cm,
    },
    {
      label: 'Weight',
      measured: m.weight_kg,
      unit: (v: number) => `${v} kg`,
      own: profile.weight_kg,
    },
    {
      label: '30 m sprint',
      measured: m.sprint_30m_seconds,
      unit: (v: number) => `${v.toFixed(2)} s`,
      own: null,
    },
    {
      label: 'Standing reach',
      measured: m.standing_reach_cm,
      unit: (v: number) => `${v} cm`,
      own: null,
    },
  ].filter((row) => row.measured !== null);
  if (rows.length === 0) return null;
  return (
    <section className="card p-5 sm:p-6" aria-label="Measured at trials">
      <h2 className="mb-3 flex items-center gap-2 text-base font-semibold text-slate-900">
        <BadgeCheck className="size-5 text-emerald-600" aria-hidden="true" />
        Measured at trials
      </h2>
      <dl className="grid gap-x-4 gap-y-3 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label}>
            <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">
              {row.label}
            </dt>
            <dd className="mt-0.5 text-sm">
              <span className="font-semibold text-slate-900">{row.unit(row.measured!.value)}</span>
              {row.own !== null ? (
                <span className="text-slate-600"> · self-reported {row.unit(row.own)}</span>
              ) : null}
              <span className="block text-xs text-slate-600">
                Measured at {row.measured!.trial}, {formatDate(row.measured!.date)}
              </span>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
