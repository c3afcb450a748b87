import { RangeNotSatisfiableError, type ByteRange } from '../types';

/**
 * The inclusive positions a range covers in an object of `total` bytes: an end past the object
 * is clipped, a suffix longer than the object means all of it. Throws
 * `RangeNotSatisfiableError` when no byte is covered.
 */
export function resolveRange(range: ByteRange, total: number): { start: number; end: number } {
  const last = total - 1;
  if ('suffix' in range) {
    if (range.suffix <= 0 || total === 0) throw new RangeNotSatisfiableError(total);
    return { start: Math.max(0, total - range.suffix), end: last };
  }
  if (range.start > last) throw new RangeNotSatisfiableError(total);
  return { start: range.start, end: Math.min(range.end ?? last, last) };
}

/** Ranges are non-negative safe integers with start ≤ end; anything else is a caller's bug. */
export function assertByteRange(range: ByteRange): void {
  const valid =
    'suffix' in range
      ? Number.isSafeInteger(range.suffix) && range.suffix >= 0
      : Number.isSafeInteger(range.start) &&
        range.start >= 0 &&
        (range.end === undefined || (Number.isSafeInteger(range.end) && range.end >= range.start));
  if (!valid) throw new RangeError(`invalid byte range ${JSON.stringify(range)}`);
}
