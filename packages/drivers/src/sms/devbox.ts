import type { Logger } from '../logger';
import type { DevSmsStore, SmsProvider } from './types';

/**
 * The embedded SMS provider: each message lands in the development mailbox (to the phone number,
 * subject 'SMS: <text>'), once per SMS id, and is logged in one line so a developer reads the code.
 */
export function createDevboxSms(options: { store: DevSmsStore; logger: Logger }): SmsProvider & {
  kind: 'devbox';
} {
  return {
    kind: 'devbox',
    async send(message) {
      const { id } = await options.store.deliver(message);
      options.logger.info(
        { smsId: message.smsId, to: message.to },
        `dev mailbox: SMS to ${message.to}`,
      );
      return { messageId: id };
    },
  };
}
