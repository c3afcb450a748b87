import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tz } from './columns';

/**
 * Every e-mail the product sends: stored first, rendered and delivered by the e-mail job. The row
 * keeps metadata only: the template's parameters (a sign-in code among them) are sealed with a key
 * derived from APP_SECRET (`sealed_content`) and wiped once the e-mail is sent; the rendered text
 * is never stored (decision 21).
 */
export const emails = pgTable(
  'emails',
  {
    id: id(),
    to: text('to_address').notNull(),
    template: text('template').notNull(),
    sealedContent: text('sealed_content'),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    providerMessageId: text('provider_message_id'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: tz('sent_at'),
  },
  (t) => [
    index('emails_to_idx').on(t.to, t.createdAt),
    index('emails_status_idx').on(t.status),
    index('emails_created_idx').on(t.createdAt),
  ],
);

/** The development mailbox (embedded mode, no SMTP): one row per delivered e-mail. */
export const devMailbox = pgTable(
  'dev_mailbox',
  {
    id: id(),
    /** The e-mail delivered, or (an SMS in the development mailbox, decision 47) null. */
    emailId: uuid('email_id').references(() => emails.id, { onDelete: 'cascade' }),
    /** The SMS delivered by the `devbox` SMS provider (supplement §16), else null. */
    smsId: uuid('sms_id'),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text_body').notNull(),
    html: text('html_body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('dev_mailbox_email_key').on(t.emailId),
    uniqueIndex('dev_mailbox_sms_key').on(t.smsId),
    index('dev_mailbox_to_idx').on(t.to, t.createdAt),
  ],
);
