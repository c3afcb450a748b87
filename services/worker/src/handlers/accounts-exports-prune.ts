import type { Database } from '@touchline/db';
import { listExpiredDataExports, markDataExportsExpired } from '@touchline/db/accounts';
import type { StorageDriver } from '@touchline/drivers';

const BATCH = 100;

/**
 * Deletes the files of data exports whose download time is over at `now` and marks them
 * `expired` (the owner then reads 'This export has expired'). An export whose file could not be
 * deleted stays `ready` (still refused as expired by its date) and is tried again next run.
 * Answers how many were done.
 */
export async function pruneExpiredExports(
  db: Database,
  storage: Pick<StorageDriver, 'delete'>,
  now: Date,
): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await listExpiredDataExports(db, now, BATCH);
    const expired: string[] = [];
    for (const row of rows) {
      try {
        if (row.storageKey) await storage.delete(row.storageKey, 'private');
        expired.push(row.id);
      } catch {
        // kept for the next run
      }
    }
    await markDataExportsExpired(db, expired);
    done += expired.length;
    if (rows.length < BATCH || expired.length < rows.length) return done;
  }
}
