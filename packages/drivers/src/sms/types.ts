/** One SMS as the `sms.send` job hands it over (the row's id makes the send idempotent). */
export type SmsMessage = { smsId: string; to: string; text: string };

/**
 * An SMS provider, as payments have theirs: `devbox` (the embedded default, the development
 * mailbox) or `termii` (REST). `send` resolves with the provider's message id, throws
 * `SmsRefusedError` when retrying cannot help, and anything else when it may.
 */
export interface SmsProvider {
  readonly kind: 'devbox' | 'termii';
  send(message: SmsMessage): Promise<{ messageId: string }>;
}

/** The provider refused the message itself (bad number, sender not approved): not retried. */
export class SmsRefusedError extends Error {
  override name = 'SmsRefusedError';
}

/** Where the devbox provider lands messages (the development mailbox, beside e-mails). */
export interface DevSmsStore {
  deliver(message: SmsMessage): Promise<{ id: string }>;
}
