import type { Database } from '@touchline/db';
import { listDevMailbox } from '@touchline/db/emails';

/** The development mailbox: e-mails the dev driver delivered instead of sending them. */
export function createDevMailboxService(deps: { db: Database }) {
  return {
    /** Newest first, optionally for one address. */
    async list(query: { to?: string; limit: number }) {
      const rows = await listDevMailbox(deps.db, query);
      return {
        messages: rows.map((m) => ({
          id: m.id,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          created_at: m.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type DevMailboxService = ReturnType<typeof createDevMailboxService>;
