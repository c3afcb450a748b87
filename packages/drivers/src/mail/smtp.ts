import type { Logger } from '../logger';
import type { MailDriver } from '../types';

export type SmtpMailOptions = {
  /** `smtp://user:pass@host:587` or `smtps://…:465`. */
  url: string;
  /** `Touchline <no-reply@touchline.ng>` */
  from: string;
  logger: Logger;
};

export type SmtpMailDriver = MailDriver & { readonly kind: 'smtp' };

/** The domain of the sender address, for Message-IDs. */
function senderDomain(from: string): string {
  const match = /@([^>\s]+)>?\s*$/.exec(from);
  return match?.[1] ?? 'touchline.invalid';
}

/**
 * SMTP through nodemailer. The Message-ID derives from the emailId, so a retried send of the same
 * e-mail carries the same id and receiving systems can drop the duplicate. nodemailer is imported
 * when SMTP_URL chooses this driver, not by every start (decision 68).
 */
export async function createSmtpMail({
  url,
  from,
  logger,
}: SmtpMailOptions): Promise<SmtpMailDriver> {
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(url);
  const domain = senderDomain(from);

  return {
    kind: 'smtp',

    async send({ emailId, to, subject, text, html, inline }) {
      const info = await transport.sendMail({
        from,
        to,
        subject,
        text,
        html,
        messageId: `<${emailId}@${domain}>`,
        ...(inline?.length
          ? {
              attachments: inline.map((image) => ({
                filename: image.filename,
                content: image.content,
                contentType: image.contentType,
                cid: image.cid,
                contentDisposition: 'inline' as const,
              })),
            }
          : {}),
      });
      logger.info({ emailId, messageId: info.messageId }, 'e-mail sent');
      return { messageId: info.messageId };
    },

    async close() {
      transport.close();
    },
  };
}
