/**
 * A send's idempotency key (`CHAT_CLIENT_ID_PATTERN`): a retry sends the same one, so the server
 * answers the message it already stored instead of storing it twice.
 */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && 'randomUUID' in crypto) return crypto.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
