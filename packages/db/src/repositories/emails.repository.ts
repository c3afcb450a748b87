import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client';
import { emails } from '../schema';
import { deleteInBatches } from './batched-delete';

export type EmailRow = typeof emails.$inferSelect;
export type NewEmail = Pick<EmailRow, 'to' | 'template'> & {
  /** The template's parameters, sealed by the caller (never the rendered text). */
  sealedContent: string;
};

/**
 * Stores a queued e-mail and returns its id. The caller (a service) writes the `email.queued`
 * event in the same transaction.
 */
export async function createEmail(executor: Executor, input: NewEmail): Promise<string> {
  const [row] = await executor
    .insert(emails)
    .values({ to: input.to, template: input.template, sealedContent: input.sealedContent })
    .returning({ id: emails.id });
  return row!.id;
}

export async function getEmail(executor: Executor, id: string): Promise<EmailRow | null> {
  const [row] = await executor.select().from(emails).where(eq(emails.id, id));
  return row ?? null;
}

/** True when the e-mail exists (and is now marked sent, its sealed content wiped). */
export async function markEmailSent(
  executor: Executor,
  id: string,
  providerMessageId: string,
): Promise<boolean> {
  const rows = await executor
    .update(emails)
    .set({
      status: 'sent',
      providerMessageId,
      sentAt: sql`now()`,
      lastError: null,
      sealedContent: null,
    })
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

/**
 * Retention: wipes the sealed content of e-mails never sent by `contentBefore` (a code is dead
 * after minutes anyway) and deletes sent or failed e-mails created before `deleteBefore`, in
 * batches (their development-mailbox copies go with them). Returns how many were deleted.
 */
export async function pruneEmails(
  db: Database,
  options: { contentBefore: Date; deleteBefore: Date },
  batchSize = 5000,
): Promise<number> {
  await db
    .update(emails)
    .set({ sealedContent: null })
    .where(and(isNotNull(emails.sealedContent), lt(emails.createdAt, options.contentBefore)));
  return deleteInBatches(batchSize, async (limit) => {
    const batch = db
      .select({ id: emails.id })
      .from(emails)
      .where(
        and(inArray(emails.status, ['sent', 'failed']), lt(emails.createdAt, options.deleteBefore)),
      )
      .limit(limit);
    const deleted = await db
      .delete(emails)
      .where(inArray(emails.id, batch))
      .returning({ id: emails.id });
    return deleted.length;
  });
}
