import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookHeaders } from './types';

/** HMAC-SHA512 of the raw body, lower-case hex (Paystack's `x-paystack-signature`). */
export function hmacSha512Hex(key: string | Buffer, rawBody: Buffer): string {
  return createHmac('sha512', key).update(rawBody).digest('hex');
}

/**
 * True when `headers[name]` is exactly one value equal to the expected signature, compared in
 * constant time. A missing, repeated or malformed header is false.
 */
export function signatureMatches(
  headers: WebhookHeaders,
  name: string,
  expectedHex: string,
): boolean {
  const given = headers[name];
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given.trim().toLowerCase(), 'utf8');
  const b = Buffer.from(expectedHex, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A stable key for a body that carries no event id of its own. */
export function bodyHash(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}
