import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { emails } from '../schema';
import { appendEvent } from './outbox.repository';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = Pick<EmailRow, 'to' | 'subject' | 'text' | 'html' | 'template'>;

/**
 * Stores an e-mail and its `email.queued` event. Pass a transaction so the e-mail and the event
 * commit together with the change that caused them.
 */
export async function createEmail(executor: Executor, input: NewEmail): Promise<string> {
  const [row] = await executor
    .insert(emails)
    .values({
      to: input.to,
      subject: input.subject,
      text: input.text,
      html: input.html,
      template: input.template,
    })
    .returning({ id: emails.id });
  await appendEvent(executor, { type: 'email.queued', payload: { emailId: row!.id } });
  return row!.id;
}

export async function getEmail(executor: Executor, id: string): Promise<EmailRow | null> {
  const [row] = await executor.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}

/** True when the e-mail exists (and is now marked sent). */
export async function markEmailSent(
  executor: Executor,
  id: string,
  providerMessageId: string,
): Promise<boolean> {
  const rows = await executor
    .update(emails)
    .set({ status: 'sent', providerMessageId, sentAt: sql`now()`, lastError: null })
    .where(eq(emails.id, id))
    .returning({ id: emails.id });
  return rows.length > 0;
}

/** True when the e-mail exists (and is now marked failed). */
export async function markEmailFailed(
  executor: Executor,
  id: string,
  error: string,
): Promise<boolean> {
  const rows = await executor
    .update(emails)
    .set({ status: 'failed', lastError: error.slice(0, 2000) })
    .where(eq(emails.id, id))
    .returning({ id: emails.id });
  return rows.length > 0;
}

/** Counts one delivery attempt; returns the new count, or null when the e-mail does not exist. */
export async function incrementEmailAttempts(
  executor: Executor,
  id: string,
): Promise<number | null> {
  const [row] = await executor
    .update(emails)
    .set({ attempts: sql`${emails.attempts} + 1` })
    .where(eq(emails.id, id))
    .returning({ attempts: emails.attempts });
  return row?.attempts ?? null;
}
