import { formatTime } from '@/lib/trial-format';
import type { DashboardTrialCounts } from '@touchline/shared';

export const TAB_LABELS: Record<keyof DashboardTrialCounts, string> = {
  upcoming: 'Upcoming',
  today: 'Today',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → '5 Dec' (a calendar date). */
export function shortDay(ymd: string): string {
  const [, m, d] = ymd.split('-').map(Number) as [number, number, number];
  return m && d ? `${d} ${MONTHS[m - 1]}` : ymd;
}

/** 'YYYY-MM-DD' → '5 Dec 2026'. */
export function longDay(ymd: string): string {
  const [y] = ymd.split('-');
  return `${shortDay(ymd)} ${y}`;
}

/** An ISO time as a Lagos date and time as people say it, '5 Dec, 2:05 PM' (not '14:05'). */
export function lagosDateTime(iso: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Africa/Lagos',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')}, ${formatTime(`${part('hour')}:${part('minute')}`)}`;
}
