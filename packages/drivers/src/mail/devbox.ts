import type { Logger } from '../logger';
import type { DevMailboxStore, MailDriver, MailMessage } from '../types';

export type DevboxMailOptions = {
  store: DevMailboxStore;
  logger: Logger;
  /** How many delivered emailIds are remembered in this process. */
  remember?: number;
};

export type DevboxMailDriver = MailDriver & { readonly kind: 'devbox' };

/**
 * The development mailbox: e-mails are stored (the web app shows them at /dev/mailbox) and logged
 * in one line with their subject, so a developer reads a sign-in code (it is in the subject) in
 * the terminal; the text is logged at debug level. Sending the same emailId twice stores
 * it once: this driver remembers recent ids, and the store is expected to be idempotent per
 * emailId as well (it survives restarts, this memory does not).
 */
export function createDevboxMail({
  store,
  logger,
  remember = 10_000,
}: DevboxMailOptions): DevboxMailDriver {
  const delivered = new Map<string, Promise<{ messageId: string }>>();

  return {
    kind: 'devbox',

    send(message) {
      const known = delivered.get(message.emailId);
      if (known) return known;
      const delivery = store.deliver(withImagesInline(message)).then(({ id }) => {
        const fields = { emailId: message.emailId, to: message.to, subject: message.subject };
        // One line each (codes are in the subjects), so the start banner is not scrolled away
        // by the demo's e-mails; the whole text at LOG_LEVEL=debug.
        logger.info(fields, `dev mailbox: to ${message.to}, subject "${message.subject}"`);
        logger.debug(fields, `dev mailbox text:\n${message.text}`);
        return { messageId: id };
      });
      delivered.set(message.emailId, delivery);
      // A failed delivery is forgotten so that the job's retry can try again.
      delivery.catch(() => delivered.delete(message.emailId));
      if (delivered.size > remember) delivered.delete(delivered.keys().next().value as string);
      return delivery;
    },

    async close() {},
  };
}

/**
 * The mailbox copy shows inline images in place: each `cid:` reference becomes a `data:` URI of
 * its image (the development mailbox page renders the stored HTML; SMTP sends real inline parts).
 */
export function withImagesInline(message: MailMessage): MailMessage {
  const { inline, ...rest } = message;
  if (!inline?.length) return rest;
  let html = rest.html;
  for (const image of inline)
    html = html
      .split(`cid:${image.cid}`)
      .join(`data:${image.contentType};base64,${image.content.toString('base64')}`);
  return { ...rest, html };
}
