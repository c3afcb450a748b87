/** Outgoing e-mails (stored first, sent by the e-mail job) and the development mailbox. */
export * from '../repositories/emails.repository';
export * from '../repositories/dev-mailbox.repository';
