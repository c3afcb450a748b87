import type { Database } from '@touchline/db';
import { getEmail, markEmailFailed, markEmailSent } from '@touchline/db/emails';
import {
  UnrecoverableJobError,
  type JobHandler,
  type MailDriver,
  type SecretBox,
} from '@touchline/drivers';
import { EMAIL_TEMPLATES, isEmailTemplate, type EmailParams } from '@touchline/shared';
import { emailImages, renderEmail } from './email-templates';

/**
 * Delivers a stored e-mail: opens its sealed parameters, renders the template and hands the text
 * to the mail driver; marking it sent wipes the sealed parameters, so a code lives at rest only
 * sealed and only until sent. Idempotent: a message already sent is not sent again; the
 * development mailbox also keeps one copy per e-mail id.
 */
export function createEmailSendHandler(deps: {
  db: Database;
  mail: MailDriver;
  secretBox: SecretBox;
}): JobHandler<'email.send'> {
  return async ({ data }) => {
    const email = await getEmail(deps.db, data.emailId);
    if (!email) throw new UnrecoverableJobError(`email ${data.emailId} does not exist`);
    if (email.status === 'sent') return;
    const opened = openContent(deps.secretBox, email.template, email.sealedContent);
    if (typeof opened === 'string') {
      await markEmailFailed(deps.db, email.id, opened);
      throw new UnrecoverableJobError(`email ${email.id}: ${opened}`);
    }
    const content = renderEmail(opened.template, opened.params);
    const inline = await emailImages(opened.template, opened.params);
    try {
      const { messageId } = await deps.mail.send({
        emailId: email.id,
        to: email.to,
        ...content,
        ...(inline.length ? { inline } : {}),
      });
      await markEmailSent(deps.db, email.id, messageId);
    } catch (err) {
      await markEmailFailed(deps.db, email.id, err instanceof Error ? err.message : String(err));
      throw err;
    }
  };
}

/** The rendered e-mail, or why it cannot be (never retried: nothing would change). */
function openContent(box: SecretBox, template: string, sealed: string | null) {
  if (!isEmailTemplate(template)) return `unknown template ${template}`;
  if (!sealed) return 'content wiped before sending (expired)';
  let params: unknown;
  try {
    params = JSON.parse(box.open(sealed));
  } catch {
    return 'sealed content cannot be opened (another APP_SECRET?)';
  }
  const parsed = EMAIL_TEMPLATES[template].safeParse(params);
  if (!parsed.success) return `parameters break the ${template} template`;
  return { template, params: parsed.data as EmailParams<typeof template> };
}
