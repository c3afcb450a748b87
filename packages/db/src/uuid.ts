import { randomUUID } from 'node:crypto';

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
