import type { ProfileView } from '@touchline/shared';

export const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const FULL_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'Jun 2025' */
export function monthYear(month: number, year: number): string {
  return `${MONTHS[month - 1] ?? ''} ${year}`.trim();
}

/** 'Jan 2022 – Present' or 'Jan 2022 – Mar 2024'. */
export function period(entry: {
  start_month: number;
  start_year: number;
  end_month: number | null;
  end_year: number | null;
  is_current: boolean;
}): string {
  const start = monthYear(entry.start_month, entry.start_year);
  if (entry.is_current || entry.end_month === null || entry.end_year === null)
    return `${start} – Present`;
  return `${start} – ${monthYear(entry.end_month, entry.end_year)}`;
}

export const MONTH_OPTIONS = FULL_MONTHS.map((label, index) => ({
  value: String(index + 1),
  label,
}));

/** This year back to `earliest`, newest first. */
export function yearOptions(earliest: number, now = new Date()) {
  const years: { value: string; label: string }[] = [];
  for (let year = now.getFullYear(); year >= earliest; year -= 1)
    years.push({ value: String(year), label: String(year) });
  return years;
}

export function capitalize(text: string): string {
  return text ? text[0]!.toUpperCase() + text.slice(1) : text;
}

/** 'Ikeja, Lagos', or null when the location is unknown. */
export function location(profile: Pick<ProfileView, 'district' | 'state'>): string | null {
  const parts = [profile.district, profile.state].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The profile path of a user of this role (academies live under /academy). */
export function profilePath(role: string, userId?: string | null): string {
  const base = role === 'academy' ? '/academy/profile' : '/profile';
  return userId ? `${base}/${userId}` : base;
}

/** A calendar date (`YYYY-MM-DD`) in words, e.g. '12 December 2026'. */
export function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString('en-NG', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
}
