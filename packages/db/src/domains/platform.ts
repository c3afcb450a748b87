/**
 * Cross-cutting infrastructure: the outbox, the embedded queue's jobs, per-user events, outgoing
 * e-mails, the dev mailbox.
 */
export * from '../repositories/outbox.repository';
export * from '../repositories/embedded-jobs.repository';
export * from '../repositories/user-events.repository';
export * from '../repositories/emails.repository';
export * from '../repositories/dev-mailbox.repository';
export * from '../outbox-wakeups';
