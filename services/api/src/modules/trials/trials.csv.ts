import {
  PLAYER_LEVEL_LABELS,
  REGISTRATION_STATUS_LABELS,
  type RegistrantList,
} from '@touchline/shared';

/**
 * Characters that make a spreadsheet read a cell as a formula (CSV injection, OWASP): such a
 * cell is prefixed with an apostrophe so it stays text. A phone `+234…` is kept as text this way
 * too, instead of turning into a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-safe, quoted when it holds a comma, quote or line break (RFC 4180). */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows of cells as CSV text: CRLF line ends, a byte-order mark so spreadsheets read UTF-8. */
export function toCsv(rows: readonly (readonly (string | number | null)[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The registrants table as CSV: a header row, then one row per registrant with the answers in
 * the trial's requirement order (one column per requirement, headed by its text).
 */
export function registrantsCsv(
  list: RegistrantList,
  requirements: readonly { id: string; text: string }[],
  /** Further columns after the answers (the evaluation's, decision 51). */
  extra: {
    header: string[];
    cellsFor: (registrationId: string) => (string | number | null)[];
  } = { header: [], cellsFor: () => [] },
): string {
  const header = [
    'Reference code',
    'Name',
    'Date of birth',
    'Age on trial date',
    'Phone',
    'Email',
    'State',
    'District/LGA',
    'Level',
    'Status',
    'Payment',
    'Registered at',
    'Checked in at',
    ...requirements.map((r) => r.text),
    ...extra.header,
  ];
  const rows = list.registrants.map((r) => {
    const answers = new Map(r.answers.map((a) => [a.requirement_id, a.answer]));
    return [
      r.reference_code,
      r.name,
      r.dob,
      r.age,
      r.phone,
      r.email,
      r.state,
      r.district,
      PLAYER_LEVEL_LABELS[r.level],
      REGISTRATION_STATUS_LABELS[r.status],
      r.payment_status ?? '',
      r.created_at,
      r.checked_in_at ?? '',
      ...requirements.map((q) => answers.get(q.id) ?? ''),
      ...extra.cellsFor(r.id),
    ];
  });
  return toCsv([header, ...rows]);
}

/** A file name for the download: the trial's name reduced to safe characters. */
export function registrantsFileName(trialName: string): string {
  const base = trialName
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 60);
  return `${base || 'trial'}-registrants.csv`;
}
