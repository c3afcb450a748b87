import type { Database } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import {
  findUserDataExport,
  insertDataExport,
  latestCountingExport,
  latestDataExport,
  type DataExportRow,
} from '@touchline/db/accounts';
import { appendEvent } from '@touchline/db/outbox';
import { lockUserRow } from '@touchline/db/users';
import type { StorageDriver } from '@touchline/drivers';
import {
  lagosReadableDateTime,
  YOUR_DATA_MESSAGES,
  type DataExport,
  type DataExportStatus,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { yourDataErrors } from './your-data.errors';
import { decideDownload, nextExportAt } from './your-data.rules';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** An export as its owner sees it. */
export function exportView(row: DataExportRow, now: Date): DataExport {
  const downloadable = decideDownload(row, now) === 'file';
  return {
    id: row.id,
    // A ready export past its date reads expired before the sweep deleted its file.
    status: row.status === 'ready' && !downloadable ? 'expired' : row.status,
    created_at: row.createdAt.toISOString(),
    ready_at: iso(row.readyAt),
    expires_at: iso(row.expiresAt),
    byte_size: row.byteSize,
    download_url: downloadable ? `/api/me/export/${row.id}` : null,
  };
}

/**
 * Data exports (supplement §15). Every function takes the subject (whose data) and, where it
 * acts, the actor (who asked: the owner; later a guardian route for a linked child, after its own
 * link check). One export a day per subject; the `accounts.export` job builds the ZIP.
 */
export function createExportService(deps: {
  db: Database;
  storage: StorageDriver;
  clock: () => Date;
}) {
  const { db, clock } = deps;

  return {
    /**
     * Starts an export of `subjectId`'s data asked for by `actorId`: 429 with the time of the next
     * possible one when an export (not failed) was asked for within the day. The row, its
     * `data_export.requested` event and the `account.export_requested` audit record commit
     * together; the subject's row lock makes two requests at once start one export.
     */
    async requestExport(input: { subjectId: string; actorId: string }) {
      const now = clock();
      const row = await db.transaction(async (tx) => {
        if (!(await lockUserRow(tx, input.subjectId)))
          throw commonErrors.notFound('User not found');
        const next = nextExportAt(await latestCountingExport(tx, input.subjectId), now);
        if (next) throw yourDataErrors.exportTooSoon(lagosReadableDateTime(next));
        const created = await insertDataExport(tx, {
          userId: input.subjectId,
          requestedBy: input.actorId,
          createdAt: now,
        });
        await appendEvent(tx, { type: 'data_export.requested', payload: { exportId: created.id } });
        await insertAdminAudit(tx, {
          actorId: input.actorId,
          action: 'account.export_requested',
          targetUserId: input.subjectId,
          reason:
            input.actorId === input.subjectId
              ? 'Asked by the account owner'
              : 'Asked for the account',
          details: { export_id: created.id },
        });
        return created;
      });
      return { message: YOUR_DATA_MESSAGES.exportStarted, export: exportView(row, now) };
    },

    /** The subject's latest export and when the next one may be asked for. */
    async status(subjectId: string): Promise<DataExportStatus> {
      const now = clock();
      const latest = await latestDataExport(db, subjectId);
      const next = nextExportAt(await latestCountingExport(db, subjectId), now);
      return {
        export: latest ? exportView(latest, now) : null,
        next_export_at: iso(next),
      };
    },

    /**
     * The subject's ready export as a stream: 404 for anyone else's or an unknown id, 410 once
     * its 7 days are over, 409 while it is being prepared (or failed).
     */
    async openDownload(subjectId: string, exportId: string) {
      const row = await findUserDataExport(db, subjectId, exportId);
      const decision = decideDownload(row, clock());
      if (decision === 'not_found') throw yourDataErrors.exportNotFound();
      if (decision === 'expired') throw yourDataErrors.exportExpired();
      if (decision !== 'file') throw yourDataErrors.exportNotReady(decision === 'failed');
      const stored = await deps.storage.get(row!.storageKey!, 'private');
      if (!stored) throw yourDataErrors.exportExpired();
      const day = row!.createdAt.toISOString().slice(0, 10);
      return { ...stored, fileName: `touchline-data-${day}.zip` };
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
