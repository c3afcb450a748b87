import { countUnpublished } from '@touchline/db/outbox';
import type { Database } from '@touchline/db';
import type { QueueAdminView } from '@touchline/drivers';

export type SettleDeps = {
  db: Database;
  queue: { admin: QueueAdminView };
  /** Longest wait; the start never hangs on work that keeps coming. */
  maxMs?: number;
  pollMs?: number;
};

/**
 * Waits until the work the demo seed started has gone out — its events relayed and the jobs they
 * queued (e-mails, notices) finished — so that the start banner is printed after the development
 * mailbox's log lines, not scrolled away by them. Quiet means two looks in a row with no unrelayed
 * event and no waiting or running job (a job may queue another through the outbox). Answers
 * whether it settled within `maxMs`.
 */
export async function settleStartWork({ db, queue, maxMs = 5_000, pollMs = 50 }: SettleDeps) {
  const deadline = Date.now() + maxMs;
  let quietLooks = 0;
  while (Date.now() < deadline) {
    const [unpublished, counts] = await Promise.all([countUnpublished(db), queue.admin.counts()]);
    const busy = Object.values(counts).some((c) => c.waiting + c.active > 0);
    quietLooks = unpublished === 0 && !busy ? quietLooks + 1 : 0;
    if (quietLooks >= 2) return true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return false;
}
