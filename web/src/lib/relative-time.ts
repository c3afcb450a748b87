const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** `short` for posts and comments, `long` for notifications. */
export type RelativeStyle = 'short' | 'long';

const AGO: Record<RelativeStyle, (count: number, unit: 'minute' | 'hour' | 'day') => string> = {
  short: (count, unit) => `${count}${unit[0]}`,
  long: (count, unit) =>
    unit === 'minute'
      ? `${count} min ago`
      : unit === 'hour'
        ? `${count} h ago`
        : count === 1
          ? 'yesterday'
          : `${count} days ago`,
};

/**
 * 'just now' under a minute, then minutes, hours and days for a week, then the date.
 * `short`: '5m', '3h', '2d', then '3 Jan' this year and '3 Jan 2025' before.
 * `long`: '5 min ago', '3 h ago', 'yesterday', '4 days ago', then always '3 Jan 2026'.
 */
export function relativeTime(iso: string, style: RelativeStyle, now: number = Date.now()): string {
  const time = new Date(iso);
  const elapsed = Math.max(0, now - time.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return AGO[style](Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return AGO[style](Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return AGO[style](Math.floor(elapsed / DAY), 'day');
  const withYear = style === 'long' || time.getFullYear() !== new Date(now).getFullYear();
  return time.toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
  });
}

/** The full date and time, for the `title` of a relative time. */
export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}
