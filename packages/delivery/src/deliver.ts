import type { Database } from '@touchline/db';
import type { SecretBox } from '@touchline/drivers';
import { storeNotices, type Notice } from './notices';
import type { Publisher } from './publisher';

/**
 * Stores the notices (and their e-mails) in one transaction of their own, then publishes them.
 * For work that has no transaction of its own to join; inside one, call `storeNotices` and
 * publish its answer after the commit.
 */
export async function deliverNotices(
  deps: { db: Database; publisher: Publisher; secretBox?: SecretBox | null },
  notices: readonly Notice[],
) {
  if (notices.length === 0) return [];
  return deps.publisher.deliver(deps.db, (tx) => storeNotices(tx, deps.secretBox ?? null, notices));
}
