import type { AcademyDashboard } from '@touchline/shared';
import {
  Area,
  AreaChart,
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { TAB_LABELS, shortDay } from './dashboard-format';

/** Indigo for academies (spec §6), with the tab colours of the overview. */
const COLOURS = {
  upcoming: '#4f46e5',
  today: '#0ea5e9',
  completed: '#10b981',
  cancelled: '#f43f5e',
} as const;

type ChartsProps = Pick<AcademyDashboard, 'trial_counts' | 'registrations_per_day'>;

/**
 * The dashboard's two charts (recharts, loaded on demand so the main bundle never carries it):
 * trials by tab, and registrations per Lagos day over the last 30 days.
 */
export default function DashboardCharts({ trial_counts, registrations_per_day }: ChartsProps) {
  const overview = (Object.keys(COLOURS) as (keyof typeof COLOURS)[]).map((tab) => ({
    tab,
    label: TAB_LABELS[tab],
    count: trial_counts[tab],
  }));
  const perDay = registrations_per_day.map((d) => ({ ...d, label: shortDay(d.date) }));

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <figure className="card p-4 sm:p-5">
        <figcaption className="text-sm font-semibold text-slate-900">Trial overview</figcaption>
        <div className="mt-3 h-56" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart
              accessibilityLayer={false}
              data={overview}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
              <Tooltip cursor={{ fill: '#eef2ff' }} />
              <Bar dataKey="count" name="Trials" radius={[6, 6, 0, 0]} maxBarSize={48}>
                {overview.map((entry) => (
                  <Cell key={entry.tab} fill={COLOURS[entry.tab]} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="card p-4 sm:p-5">
        <figcaption className="text-sm font-semibold text-slate-900">
          Registrations, last 30 days
        </figcaption>
        <div className="mt-3 h-56" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <AreaChart
              accessibilityLayer={false}
              data={perDay}
              margin={{ top: 8, right: 8, bottom: 0, left: -16 }}
            >
              <defs>
                <linearGradient id="registrations-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor="#4f46e5" stopOpacity={0.35} />
                  <stop offset="100%" stopColor="#4f46e5" stopOpacity={0} />
                </linearGradient>
              </defs>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis
                dataKey="label"
                tickLine={false}
                axisLine={false}
                fontSize={12}
                interval="preserveStartEnd"
                minTickGap={24}
              />
              <YAxis allowDecimals={false} tickLine={false} axisLine={false} fontSize={12} />
              <Tooltip />
              <Area
                type="monotone"
                dataKey="count"
                name="Registrations"
                stroke="#4f46e5"
                strokeWidth={2}
                fill="url(#registrations-fill)"
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}
