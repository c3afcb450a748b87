const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5m', '3h', '2d', then the date ('3 Jan' this year, '3 Jan 2025' before). */
export function relativeTime(iso: string, now: number = Date.now()): string {
  const time = new Date(iso);
  const elapsed = Math.max(0, now - time.getTime());
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d`;
  const sameYear = time.getFullYear() === new Date(now).getFullYear();
  return time.toLocaleDateString('en-NG', {
    day: 'numeric',
    month: 'short',
    ...(sameYear ? {} : { year: 'numeric' }),
  });
}

/** The full date and time, for the `title` of a relative time. */
export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString('en-NG', { dateStyle: 'medium', timeStyle: 'short' });
}
