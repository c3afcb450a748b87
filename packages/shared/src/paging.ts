import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * The one paging contract of the API (docs/decisions.md, "One paging contract"):
 *
 * - `?page=` is always a 1-based page NUMBER (absent: 1). A numbered answer carries `has_more`
 *   and the `page` it served.
 * - A cursor travels under its own name, `before` (newest-first lists) or `after` (a post's
 *   comments, oldest first): the answer's `next` (null on the last page) fetches the following
 *   page, beside `has_more`. Cursors stay exact while rows arrive; page numbers shift.
 * - Lists that offer both answer `page: null` for a page asked for by cursor.
 *
 * Cursors and page numbers are checked here, once for every list: a malformed one is refused at
 * validation (400 `validation_error`, `PAGING_MESSAGES`) and never reaches SQL (a date the regex
 * lets through but the calendar does not, `2024-02-30`, would otherwise answer 500 from Postgres).
 */
export const PAGING_MESSAGES = {
  badCursor: 'Invalid page cursor',
  badPage: 'Invalid page number',
} as const;

/** The largest page number a numbered list serves unless it says otherwise. */
export const MAX_PAGE_NUMBER = 500;

/** '' (a blank form or query field) means "absent". */
const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** `?page=`: a 1-based page number, 1 when absent or blank, at most `max`. */
export const pageNumberSchema = (max: number = MAX_PAGE_NUMBER) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PAGING_MESSAGES.badPage })
      .int(PAGING_MESSAGES.badPage)
      .min(1, PAGING_MESSAGES.badPage)
      .max(max, PAGING_MESSAGES.badPage)
      .default(1),
  );

/** The paging fields of a numbered answer. */
export const numberedPageFields = {
  has_more: z.boolean(),
  /** The page number served. */
  page: z.number().int().min(1),
};

/** The paging fields of a cursor answer. */
export const cursorPageFields = {
  has_more: z.boolean(),
  /** The cursor of the following page, null on the last page. */
  next: z.string().nullable(),
};

/** The paging fields of a list served by page number or by cursor (`page` null for a cursor). */
export const eitherPageFields = {
  ...cursorPageFields,
  page: z.number().int().min(1).nullable(),
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEYSET = new RegExp(
  `^(\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2})(\\.\\d{1,6})?Z~(${UUID})$`,
  'i',
);

/** A position in a list ordered by (created_at, id). */
export type KeysetPosition = { createdAt: string; id: string };

/** True when the calendar has this UTC second and Postgres can store it (years 1..9999). */
function realInstant(isoSeconds: string): boolean {
  const date = new Date(`${isoSeconds}Z`);
  return (
    !Number.isNaN(date.getTime()) &&
    date.toISOString().slice(0, 19) === isoSeconds &&
    date.getUTCFullYear() >= 1
  );
}

/** `<created_at ISO, up to microseconds>Z~<id>` → its parts, or null when malformed. */
export function parseKeysetCursor(cursor: string): KeysetPosition | null {
  if (cursor.length > 80) return null;
  const m = KEYSET.exec(cursor);
  if (!m || !realInstant(m[1]!)) return null;
  return { createdAt: `${m[1]}${m[2] ?? ''}Z`, id: m[3]!.toLowerCase() };
}

/** The cursor a row of a (created_at, id) list answers as `next`. */
export const keysetCursorOf = (createdAt: Date | string, id: string) =>
  `${typeof createdAt === 'string' ? createdAt : createdAt.toISOString()}~${id}`;

/** `?before=<created_at>~<id>`: strictly older than that row. */
export const keysetCursorSchema = z
  .string()
  .max(80, PAGING_MESSAGES.badCursor)
  .refine((s) => parseKeysetCursor(s) !== null, PAGING_MESSAGES.badCursor);

/** An optional `?before=` keyset cursor ('' reads as absent). */
export const beforeCursorSchema = z.preprocess(blankToUndefined, keysetCursorSchema.optional());

/** An optional `?after=` keyset cursor of an oldest-first list: strictly newer than that row. */
export const afterCursorSchema = beforeCursorSchema;

/**
 * A comment's place in its post's thread order (oldest first at every level, a reply right after
 * its parent): per level from the top, the comment's creation time in UTC microseconds
 * (`YYYYMMDDHHMMSSffffff`, 20 digits) and its id without dashes (32 hex). Fixed-width digits and
 * hex compare the same under every collation, so SQL compares the strings directly; a parent's
 * key is a prefix of its replies' keys, so it sorts first.
 */
export const COMMENT_KEY_SEGMENT = 52;
const COMMENT_KEY = new RegExp(`^(?:\\d{20}[0-9a-f]{32}){1,${LIMITS.replyMaxDepth + 1}}$`);

/** `?after=<comment thread key>` of `GET /api/comments/{postId}`. */
export const commentCursorSchema = z
  .string()
  .max(COMMENT_KEY_SEGMENT * (LIMITS.replyMaxDepth + 1), PAGING_MESSAGES.badCursor)
  .regex(COMMENT_KEY, PAGING_MESSAGES.badCursor);

/** `?limit=` of a keyset list: 1..max, `fallback` when absent. */
export const pageLimitSchema = (fallback: number, max: number = LIMITS.maxPageSize) =>
  z.coerce.number().int().min(1).max(max).default(fallback);
