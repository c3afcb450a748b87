import type { Sport } from '@touchline/shared';

/** Formatting shared by the player's and the academy's trial screens. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** 'YYYY-MM-DD' → 'Sat, 5 Dec 2026' (a calendar date: no time zone shifts it). */
export function formatDay(ymd: string, { weekday = true }: { weekday?: boolean } = {}): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return ymd;
  const date = new Date(Date.UTC(y, m - 1, d));
  const day = `${d} ${MONTHS[m - 1]} ${y}`;
  return weekday ? `${DAYS[date.getUTCDay()]}, ${day}` : day;
}

/** 'HH:MM' (24 h) → '9:30 AM'. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  if (Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function sportLabel(trial: { sport: Sport; sport_other: string | null }): string {
  if (trial.sport === 'other') return trial.sport_other || 'Other';
  return trial.sport === 'football' ? 'Football' : 'Basketball';
}

/** 'Ages 12–17', '12 and over', 'Up to 17' or 'All ages'. */
export function ageRange(trial: { min_age: number | null; max_age: number | null }): string {
  const { min_age: min, max_age: max } = trial;
  if (min !== null && max !== null) return min === max ? `Age ${min}` : `Ages ${min}–${max}`;
  if (min !== null) return `${min} and over`;
  if (max !== null) return `Up to ${max}`;
  return 'All ages';
}
