import type { Database } from '@touchline/db';
import { forgetUnclaimedFiles, listUnclaimedFilesBefore } from '@touchline/db/media';
import { pruneEmails } from '@touchline/db/emails';
import { pruneEmbeddedJobs } from '@touchline/db/jobs';
import { pruneOutbox } from '@touchline/db/outbox';
import { pruneUserEvents } from '@touchline/db/user-events';
import { pruneReach } from '@touchline/db/reach';
import type { JobHandler, StorageDriver } from '@touchline/drivers';
import { pruneExpiredExports } from './accounts-exports-prune';

const DAY = 24 * 60 * 60 * 1000;
/** Sent and failed e-mails (metadata only) are kept this long for support, then deleted. */
export const EMAIL_RETENTION_DAYS = 30;
/**
 * Files no committed row references are deleted once their record is this old: far longer than
 * any request that stores a chat picture and then commits (or discards) it.
 */
export const UNCLAIMED_FILES_GRACE_MS = 24 * 60 * 60 * 1000;
const UNCLAIMED_BATCH = 200;

/**
 * Deletes the files of unclaimed-file records older than `before` (a chat picture stored by a
 * send whose process died before its message committed, a deleted picture whose files could not
 * be deleted), then the records, in batches. Storage deletes are idempotent and so are the record
 * deletes, so several workers may prune at once; a record whose files could not all be deleted
 * stays for the next run. Answers how many records were done.
 */
export async function pruneUnclaimedFiles(
  db: Database,
  storage: Pick<StorageDriver, 'delete'>,
  before: Date,
  batchSize = UNCLAIMED_BATCH,
): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await listUnclaimedFilesBefore(db, before, batchSize);
    const deleted: string[] = [];
    for (const row of rows) {
      const results = await Promise.allSettled(
        row.keys.map((key) => storage.delete(key, row.visibility)),
      );
      if (results.every((r) => r.status === 'fulfilled')) deleted.push(row.id);
    }
    await forgetUnclaimedFiles(db, deleted);
    done += deleted.length;
    // A short batch was the last one; a failed file stops the run (it stays for the next).
    if (rows.length < batchSize || deleted.length < rows.length) return done;
  }
}

/**
 * Deletes published outbox rows after 7 days and stored socket events after 30; the embedded
 * queue's done jobs after a day (like BullMQ's completed jobs) and failed ones after 30 (admins
 * see them meanwhile). Dead-lettered events stay until an admin deals with them. Sent and failed
 * e-mails go after EMAIL_RETENTION_DAYS (their development-mailbox copies with them); the sealed
 * parameters of an e-mail still unsent after a day are wiped (its code expired long ago). Stored
 * files no committed row references go after UNCLAIMED_FILES_GRACE_MS (`pruneUnclaimedFiles`).
 * Data exports whose 7 days are over lose their file (`pruneExpiredExports`). Phone codes go after
 * a day, push records and SMS after EMAIL_RETENTION_DAYS (`pruneReach`).
 */
export function createPruneHandler(deps: {
  db: Database;
  storage: Pick<StorageDriver, 'delete'>;
  clock: () => Date;
}): JobHandler<'maintenance.prune'> {
  return async () => {
    const now = deps.clock().getTime();
    await pruneOutbox(deps.db, new Date(now - 7 * DAY));
    await pruneUserEvents(deps.db, new Date(now - 30 * DAY));
    await pruneEmbeddedJobs(deps.db, {
      doneBefore: new Date(now - DAY),
      failedBefore: new Date(now - 30 * DAY),
    });
    await pruneEmails(deps.db, {
      contentBefore: new Date(now - DAY),
      deleteBefore: new Date(now - EMAIL_RETENTION_DAYS * DAY),
    });
    await pruneUnclaimedFiles(deps.db, deps.storage, new Date(now - UNCLAIMED_FILES_GRACE_MS));
    await pruneExpiredExports(deps.db, deps.storage, new Date(now));
    await pruneReach(deps.db, {
      codesBefore: new Date(now - DAY),
      deleteBefore: new Date(now - EMAIL_RETENTION_DAYS * DAY),
    });
  };
}
