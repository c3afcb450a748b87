import type { AdminStats } from '@touchline/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatNaira } from '@/lib/money';
import { shortCalendarDay } from '../shared';

const COLOURS = {
  players: '#16a34a',
  academies: '#4f46e5',
  registrations: '#0ea5e9',
  takings: '#0f172a',
  refunds: '#e11d48',
} as const;

/**
 * The dashboard's charts (recharts, loaded on demand so the main bundle never carries it):
 * sign-ups per Lagos day (players and academies), trial registrations per day, and money per day
 * (takings and refunds side by side; neither is ever below zero), over `per_day` (8 weeks).
 */
export default function HomeCharts({ perDay }: { perDay: AdminStats['per_day'] }) {
  const data = perDay.map((day) => ({
    ...day,
    label: shortCalendarDay(day.date),
    takingsNaira: day.takings / 100,
    refundsNaira: day.refunds / 100,
  }));
  const margin = { top: 8, right: 8, bottom: 0, left: -16 };
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure className="card p-4 sm:p-5 lg:col-span-2">
        <figcaption className="text-sm font-semibold text-slate-900">
          Sign-ups per day, last 8 weeks
        </figcaption>
        <div className="mt-3 h-60" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data} margin={margin}>
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
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
              <Bar dataKey="players" name="Players" stackId="signups" fill={COLOURS.players} />
              <Bar
                dataKey="academies"
                name="Academies"
                stackId="signups"
                fill={COLOURS.academies}
                radius={[3, 3, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="card p-4 sm:p-5">
        <figcaption className="text-sm font-semibold text-slate-900">
          Trial registrations per day
        </figcaption>
        <div className="mt-3 h-56" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data} margin={margin}>
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
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Bar
                dataKey="registrations"
                name="Registrations"
                fill={COLOURS.registrations}
                radius={[3, 3, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="card p-4 sm:p-5">
        <figcaption className="text-sm font-semibold text-slate-900">
          Takings and refunds per day
        </figcaption>
        <div className="mt-3 h-56" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data} margin={{ ...margin, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
              <XAxis
                dataKey="label"
                tickLine={false}
                axisLine={false}
                fontSize={12}
                interval="preserveStartEnd"
                minTickGap={24}
              />
              <YAxis
                tickLine={false}
                axisLine={false}
                fontSize={12}
                tickFormatter={(value: number) => compactNaira(value)}
              />
              <Tooltip
                cursor={{ fill: '#f1f5f9' }}
                formatter={(value) => formatNaira(Math.round(Number(value) * 100))}
              />
              <Legend iconType="circle" iconSize={8} wrapperStyle={{ fontSize: 12 }} />
              <Bar
                dataKey="takingsNaira"
                name="Takings"
                fill={COLOURS.takings}
                radius={[3, 3, 0, 0]}
              />
              <Bar
                dataKey="refundsNaira"
                name="Refunds"
                fill={COLOURS.refunds}
                radius={[3, 3, 0, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        </div>
      </figure>
    </div>
  );
}

/** '₦12k', '₦1.2m' for the axis. */
function compactNaira(naira: number): string {
  if (Math.abs(naira) >= 1_000_000) return `₦${(naira / 1_000_000).toFixed(1)}m`;
  if (Math.abs(naira) >= 1_000) return `₦${Math.round(naira / 1_000)}k`;
  return `₦${naira}`;
}
