import type { Sport } from '@touchline/shared';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'YYYY-MM-DD' → '5 Dec 2026' (a calendar date: no time zone shifts it). */
export function formatDay(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  if (!y || !m || !d) return ymd;
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** 'HH:MM' (24 h) → '9:30 AM'. */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  if (Number.isNaN(h) || Number.isNaN(m)) return hhmm;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
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

/** '12 registered' or '12 / 50 registered'. */
export function registeredText(count: number, limit: number | null): string {
  return limit === null ? `${count} registered` : `${count} / ${limit} registered`;
}
