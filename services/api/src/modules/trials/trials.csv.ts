import {
  PLAYER_LEVEL_LABELS,
  REGISTRATION_STATUS_LABELS,
  type Registrant,
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

/** The file's first bytes: a byte-order mark, so spreadsheets read UTF-8. */
export const CSV_START = '\uFEFF';

/** One CSV line (cells formula-safe), ending CRLF. */
export const csvLine = (cells: readonly (string | number | null)[]) =>
  cells.map(csvCell).join(',') + '\r\n';

/** Rows of cells as CSV text: CRLF line ends, the byte-order mark first. */
export const toCsv = (rows: readonly (readonly (string | number | null)[])[]): string =>
  CSV_START + rows.map(csvLine).join('');

/**
 * The registrants CSV's header: fixed columns, one column per requirement (headed by its text,
 * in the trial's order), then further columns (the evaluation's, decision 51).
 */
export function registrantsCsvHeader(
  requirements: readonly { text: string }[],
  extra: readonly string[],
): string[] {
  return [
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
    ...extra,
  ];
}

/** One registrant's row under `registrantsCsvHeader`: the answers in requirement order. */
export function registrantCsvRow(
  r: Registrant,
  requirements: readonly { id: string }[],
  extra: readonly (string | number | null)[],
): (string | number | null)[] {
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
    ...extra,
  ];
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
