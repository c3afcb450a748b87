import type { Database } from '@touchline/db';
import type { SecretBox } from '@touchline/drivers';
import { storedInOneStatement, storeNotices, type Notice } from './notices';
import type { Publisher } from './publisher';

type DeliverDeps = { db: Database; publisher: Publisher; secretBox?: SecretBox | null };

/**
 * Stores the notices (and their e-mails) in one transaction of their own, then publishes them.
 * For work that has no transaction of its own to join; inside one, call `storeNotices` and
 * publish its answer after the commit.
 */
export async function deliverNotices(deps: DeliverDeps, notices: readonly Notice[]) {
  if (notices.length === 0) return [];
  if (storedInOneStatement(notices)) {
    // One statement is its own transaction: no BEGIN and COMMIT round trips around it (issue 24).
    const outbound = await storeNotices(deps.db, null, notices);
    await deps.publisher.publish(outbound);
    return outbound;
  }
  return deps.publisher.deliver(deps.db, (tx) => storeNotices(tx, deps.secretBox ?? null, notices));
}

/** What became of one notice of `deliverEachNotice`. */
export type NoticeOutcome = { ok: true } | { ok: false; error: unknown };

/**
 * Delivers independent notices (each the work of its own job) with one transaction for all of
 * them, and answers each notice's own outcome, in order. When the batch fails (a recipient or
 * actor deleted meanwhile: a violated foreign key), nothing of it was stored, and each notice is
 * delivered again alone, one after the other, so only the notice at fault fails. A notice whose
 * source key is already stored stores nothing, in the batch as alone.
 */
export async function deliverEachNotice(
  deps: DeliverDeps,
  notices: readonly Notice[],
): Promise<NoticeOutcome[]> {
  if (notices.length === 0) return [];
  try {
    await deliverNotices(deps, notices);
    return notices.map(() => ({ ok: true }));
  } catch (error) {
    if (notices.length === 1) return [{ ok: false, error }];
  }
  const outcomes: NoticeOutcome[] = [];
  for (const notice of notices) {
    try {
      await deliverNotices(deps, [notice]);
      outcomes.push({ ok: true });
    } catch (error) {
      outcomes.push({ ok: false, error });
    }
  }
  return outcomes;
}
