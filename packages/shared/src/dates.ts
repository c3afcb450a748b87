/**
 * Calendar dates (`YYYY-MM-DD`) as the product means them: "today" is today in Lagos
 * (Africa/Lagos, UTC+1 all year), whatever the server's or the browser's time zone.
 */
export const LAGOS_TIME_ZONE = 'Africa/Lagos';

/** Made once: building an `Intl.DateTimeFormat` costs far more than formatting with it. */
const lagosDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: LAGOS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/**
 * The last minute formatted and its day: a day starts on a whole minute in every time zone, so
 * the minute decides the day (formatting was ≈ 4 % of the home feed's CPU, called per request).
 */
let lastDay = { minute: Number.NaN, day: '' };

export function todayInLagos(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: lagosDay.format(now) };
  return lastDay.day;
}

const lagosMoment = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: LAGOS_TIME_ZONE,
});

/** A moment as Lagos reads it, for notices and e-mails: `Sat 12 Dec, 14:30`. */
export function formatLagosMoment(at: Date): string {
  return lagosMoment.format(at);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isIsoDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

/** Whole years between a date of birth and `on` (both `YYYY-MM-DD`). */
export function ageOn(dob: string, on: string): number {
  const [by, bm, bd] = dob.split('-').map(Number) as [number, number, number];
  const [oy, om, od] = on.split('-').map(Number) as [number, number, number];
  return oy - by - (om < bm || (om === bm && od < bd) ? 1 : 0);
}

/** The same calendar date `years` earlier (29 February falls back to 28). */
export function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y - years, m - 1, d));
  if (target.getUTCMonth() !== m - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** Players under this age are minors (supplement §13). */
export const ADULT_AGE = 18;

/** The latest date of birth of an adult on `today` (`YYYY-MM-DD`, Lagos). */
export function adultCutoffOn(today: string): string {
  return yearsBefore(today, ADULT_AGE);
}

/**
 * A minor on `today` in Lagos: under 18. An unknown date of birth (a Google account before
 * /welcome) counts as a minor, so protection never waits for the data.
 */
export function isMinorOn(dob: string | null, today: string): boolean {
  return dob === null || ageOn(dob, today) < ADULT_AGE;
}

/** The age bands a minor's limited card shows instead of the age (supplement §13). */
export const AGE_BANDS = ['U13', 'U15', 'U17'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/** U13 under 13, U15 for 13–14, U17 for 15–17 (the last band takes every minor left). */
export function ageBandOf(age: number): AgeBand {
  return age < 13 ? 'U13' : age < 15 ? 'U15' : 'U17';
}

/** A moment as people in Lagos read it: '12 January 2027'. */
export function lagosReadableDate(at: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: LAGOS_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(at);
}

/** A moment as people in Lagos read it, with the time: '12 January 2027 at 14:05'. */
export function lagosReadableDateTime(at: Date): string {
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: LAGOS_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
  return `${lagosReadableDate(at)} at ${time}`;
}
