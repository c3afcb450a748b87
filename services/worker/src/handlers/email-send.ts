import { getEmail, markEmailFailed, markEmailSent, type Database } from '@touchline/db';
import { UnrecoverableJobError, type JobHandler, type MailDriver } from '@touchline/drivers';

/**
 * Delivers a stored e-mail. Idempotent: a message already sent is not sent again; the
 * development mailbox also keeps one copy per e-mail id.
 */
export function createEmailSendHandler(deps: {
  db: Database;
  mail: MailDriver;
}): JobHandler<'email.send'> {
  return async ({ data }) => {
    const email = await getEmail(deps.db, data.emailId);
    if (!email) throw new UnrecoverableJobError(`email ${data.emailId} does not exist`);
    if (email.status === 'sent') return;
    try {
      const { messageId } = await deps.mail.send({
        emailId: email.id,
        to: email.to,
        subject: email.subject,
        text: email.text,
        html: email.html,
      });
      await markEmailSent(deps.db, email.id, messageId);
    } catch (err) {
      await markEmailFailed(deps.db, email.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };
}
