import type { Database } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import { eraseAccountRows, listErasureDue, lockAccountForErasure } from '@touchline/db/accounts';
import { forgetUnclaimedFiles, recordUnclaimedFiles } from '@touchline/db/media';
import type { JobHandler, StorageDriver, Visibility } from '@touchline/drivers';

const DUE_BATCH = 50;

type Deps = { db: Database; storage: Pick<StorageDriver, 'delete'>; clock: () => Date };

/**
 * Erases one deleted account whose erasure is due (supplement §15): the rows in one transaction
 * (`eraseAccountRows`), with its files recorded as unclaimed and an `account.erased` audit record;
 * then the files are deleted from storage (their URLs answer 404) and the record forgotten. A
 * file that cannot be deleted now stays recorded and `maintenance.prune` deletes it later.
 * False when there was nothing to erase (restored, erased already, not due).
 */
export async function eraseAccount(deps: Deps, userId: string): Promise<boolean> {
  const now = deps.clock();
  const pending = await deps.db.transaction(async (tx) => {
    const user = await lockAccountForErasure(tx, userId, now);
    if (!user) return null;
    const files = await eraseAccountRows(tx, user, now);
    const records: { id: string; keys: string[]; visibility: Visibility }[] = [];
    for (const visibility of ['public', 'private'] as const) {
      const keys = [...new Set(files[visibility])];
      if (keys.length === 0) continue;
      records.push({ id: await recordUnclaimedFiles(tx, { keys, visibility }), keys, visibility });
    }
    await insertAdminAudit(tx, {
      actorId: null,
      action: 'account.erased',
      targetUserId: userId,
      reason: 'Erased after its owner deleted it',
      details: { role: user.role, files: records.reduce((n, r) => n + r.keys.length, 0) },
    });
    return records;
  });
  if (!pending) return false;
  const done: string[] = [];
  for (const record of pending) {
    const results = await Promise.allSettled(
      record.keys.map((key) => deps.storage.delete(key, record.visibility)),
    );
    if (results.every((r) => r.status === 'fulfilled')) done.push(record.id);
  }
  await forgetUnclaimedFiles(deps.db, done);
  return true;
}

/** `accounts.erase`: one account, at once (a deletion with `immediately`). */
export function createEraseHandler(deps: Deps): JobHandler<'accounts.erase'> {
  return async ({ data }) => {
    await eraseAccount(deps, data.userId);
  };
}

/** `accounts.erase_due` (hourly): every deleted account whose 30 days are over. */
export function createEraseDueHandler(deps: Deps): JobHandler<'accounts.erase_due'> {
  return async () => {
    for (;;) {
      const due = await listErasureDue(deps.db, deps.clock(), DUE_BATCH);
      for (const userId of due) await eraseAccount(deps, userId);
      if (due.length < DUE_BATCH) return;
    }
  };
}
