import type { Database } from '@touchline/db';
import { findDataExport, markDataExportFailed, markDataExportReady } from '@touchline/db/accounts';
import { findUserById } from '@touchline/db/users';
import type { BusDriver, JobHandler, SecretBox, StorageDriver } from '@touchline/drivers';
import { JOB_RETRY, YOUR_DATA_LIMITS } from '@touchline/shared';
import { tellExportReady } from './accounts-export-notice';
import { writeExportZip } from './accounts-export-zip';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where an export's ZIP is stored (private: only its owner downloads it, through the API). */
export const exportStorageKey = (userId: string, exportId: string) =>
  `exports/${userId}/${exportId}.zip`;

/**
 * `accounts.export`: builds a pending export's ZIP into storage, marks it ready for 7 days and
 * tells the owner. Idempotent: a rerun of a ready export only repeats the (idempotent) notice; a
 * rerun mid-way writes the same key again. The last attempt that fails marks it failed, so the
 * owner sees it and may ask again at once.
 */
export function createExportHandler(deps: {
  db: Database;
  storage: StorageDriver;
  bus: BusDriver;
  secretBox: SecretBox;
  clock: () => Date;
  publicUrl?: string;
}): JobHandler<'accounts.export'> {
  return async ({ data, attempt }) => {
    const row = await findDataExport(deps.db, data.exportId);
    if (!row || (row.status !== 'pending' && row.status !== 'ready')) return;
    const user = await findUserById(deps.db, row.userId);
    if (!user || user.erasedAt) return;
    let expiresAt = row.expiresAt;
    if (row.status === 'pending') {
      const key = exportStorageKey(row.userId, row.id);
      try {
        const now = deps.clock();
        const byteSize = await writeExportZip({
          db: deps.db,
          storage: deps.storage,
          userId: user.id,
          key,
          now,
        });
        const readyAt = deps.clock();
        expiresAt = new Date(readyAt.getTime() + YOUR_DATA_LIMITS.exportDays * DAY_MS);
        await markDataExportReady(deps.db, row.id, {
          storageKey: key,
          byteSize,
          readyAt,
          expiresAt,
        });
      } catch (err) {
        if (attempt >= JOB_RETRY.attempts) {
          await deps.storage.delete(key, 'private').catch(() => undefined);
          await markDataExportFailed(deps.db, row.id, deps.clock());
        }
        throw err;
      }
    }
    await tellExportReady(deps, { exportId: row.id, user, expiresAt: expiresAt! });
  };
}
