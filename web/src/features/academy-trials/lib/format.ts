import { formatDay as formatTrialDay } from '@/lib/trial-format';

export { ageRange, formatTime, sportLabel } from '@/lib/trial-format';

/** 'YYYY-MM-DD' → '5 Dec 2026' (a calendar date: no time zone shifts it). */
export const formatDay = (ymd: string): string => formatTrialDay(ymd, { weekday: false });

/** '12 registered' or '12 / 50 registered'. */
export function registeredText(count: number, limit: number | null): string {
  return limit === null ? `${count} registered` : `${count} / ${limit} registered`;
}
