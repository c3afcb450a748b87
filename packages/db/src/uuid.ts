import { createHash, randomUUID } from 'node:crypto';

/**
 * RFC 9562 version 7 UUID: time-ordered, so new rows land at the end of the primary-key index.
 * The random bits come from `randomUUID` (a version 4 UUID, drawn from Node's pooled entropy: a
 * fan-out makes a thousand ids at once, and a `randomBytes` call each cost ≈ 10 µs); its first
 * 48 bits are replaced by the time in milliseconds and its version nibble by 7. The variant bits
 * of a version 4 UUID are already RFC 9562's.
 */
export function uuidv7(now: number = Date.now()): string {
  const random = randomUUID();
  const time = now.toString(16).padStart(12, '0');
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(15)}`;
}

/**
 * A version 7 UUID that is the same every time for the same time and key: the time in
 * milliseconds, then bits of the key's SHA-256. For ids fixed ahead of a row that a retried job
 * must fix again the same (a notice previewed before it is stored, decision 60).
 */
export function uuidv7For(at: number, key: string): string {
  const hash = createHash('sha256').update(key).digest('hex');
  const time = at.toString(16).padStart(12, '0');
  const variant = ((parseInt(hash[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${hash.slice(13, 16)}-${variant}${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}
