import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../client';
import { devMailbox } from '../schema';

export type DevMailboxRow = typeof devMailbox.$inferSelect;

/** Same shape as `MailMessage` in @touchline/drivers (kept local so db does not depend on drivers). */
export type DevMailboxMessage = {
  emailId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
};

/** Implements `DevMailboxStore` of @touchline/drivers: delivering an e-mail twice stores it once. */
export function createDevMailboxStore(db: Executor) {
  return {
    async deliver(message: DevMailboxMessage): Promise<{ id: string }> {
      const [inserted] = await db
        .insert(devMailbox)
        .values({
          emailId: message.emailId,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        })
        .onConflictDoNothing({ target: devMailbox.emailId })
        .returning({ id: devMailbox.id });
      if (inserted) return inserted;
      const [existing] = await db
        .select({ id: devMailbox.id })
        .from(devMailbox)
        .where(eq(devMailbox.emailId, message.emailId));
      if (!existing) throw new Error(`dev mailbox: no row for e-mail ${message.emailId}`);
      return existing;
    },
  };
}

/** Newest first, optionally only one recipient's mail. */
export function listDevMailbox(
  executor: Executor,
  options: { to?: string; limit: number },
): Promise<DevMailboxRow[]> {
  return executor
    .select()
    .from(devMailbox)
    .where(options.to === undefined ? undefined : eq(devMailbox.to, options.to))
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(options.limit);
}
