import type { ByteRange } from '@touchline/drivers';

const SINGLE_RANGE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * The one byte range a `Range` header asks for (RFC 9110 §14.1.2): `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. Null means "serve the whole object": no header, another unit, several ranges (we
 * do not send multipart/byteranges) or a form we cannot read; the RFC lets a server ignore those.
 */
export function parseRangeHeader(header: string | undefined): ByteRange | null {
  if (!header) return null;
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') return { suffix: Number(last) };
  const start = Number(first);
  if (last === '') return { start };
  const end = Number(last);
  return end < start ? null : { start, end };
}
