const TIME_ZONE = 'Africa/Lagos';

/** '3 Nov 2026' for an instant, in Lagos. */
export function lagosDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: TIME_ZONE,
  });
}

/** '3 Nov 2026, 14:05' for an instant, in Lagos. */
export function lagosDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: TIME_ZONE,
  });
}

/** '3 Nov 2026' for a calendar date (`YYYY-MM-DD`), whatever the browser's zone. */
export function calendarDate(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** '3 Nov' for a calendar date (`YYYY-MM-DD`), for chart axes. */
export function shortCalendarDay(date: string): string {
  return new Date(`${date}T12:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
}
