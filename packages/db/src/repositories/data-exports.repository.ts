import { and, asc, desc, eq, inArray, lte, ne } from 'drizzle-orm';
import type { Executor } from '../client';
import { dataExports } from '../schema';

export type DataExportRow = typeof dataExports.$inferSelect;

/** A new pending export of `userId`'s data, asked for by `requestedBy` (the owner, or a guardian). */
export async function insertDataExport(
  executor: Executor,
  input: { userId: string; requestedBy: string; createdAt: Date },
): Promise<DataExportRow> {
  const [row] = await executor.insert(dataExports).values(input).returning();
  return row!;
}

/** The user's newest export (any status), or null. */
export async function latestDataExport(executor: Executor, userId: string) {
  const [row] = await executor
    .select()
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** The user's newest export that counts toward the daily limit (a failed one does not). */
export async function latestCountingExport(executor: Executor, userId: string) {
  const [row] = await executor
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), ne(dataExports.status, 'failed')))
    .orderBy(desc(dataExports.createdAt), desc(dataExports.id))
    .limit(1);
  return row ?? null;
}

/** One export of the user's: another user's answers null (scoped in the WHERE clause). */
export async function findUserDataExport(executor: Executor, userId: string, exportId: string) {
  const [row] = await executor
    .select()
    .from(dataExports)
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** One export by id (the worker). */
export async function findDataExport(executor: Executor, exportId: string) {
  const [row] = await executor
    .select()
    .from(dataExports)
    .where(eq(dataExports.id, exportId))
    .limit(1);
  return row ?? null;
}

/** A pending export is ready; false when it is no longer pending (a rerun, an erased account). */
export async function markDataExportReady(
  executor: Executor,
  exportId: string,
  input: { storageKey: string; byteSize: number; readyAt: Date; expiresAt: Date },
): Promise<boolean> {
  const rows = await executor
    .update(dataExports)
    .set({ status: 'ready', ...input })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')))
    .returning({ id: dataExports.id });
  return rows.length > 0;
}

/** A pending export failed for good (the owner may ask again at once). */
export async function markDataExportFailed(executor: Executor, exportId: string, at: Date) {
  await executor
    .update(dataExports)
    .set({ status: 'failed', failedAt: at })
    .where(and(eq(dataExports.id, exportId), eq(dataExports.status, 'pending')));
}

/** Ready exports whose download time is over at `now`, oldest first (their files go). */
export function listExpiredDataExports(executor: Executor, now: Date, limit: number) {
  return executor
    .select({ id: dataExports.id, storageKey: dataExports.storageKey })
    .from(dataExports)
    .where(and(eq(dataExports.status, 'ready'), lte(dataExports.expiresAt, now)))
    .orderBy(asc(dataExports.expiresAt), asc(dataExports.id))
    .limit(limit);
}

/** Marks exports expired once their files are deleted. */
export async function markDataExportsExpired(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await executor
    .update(dataExports)
    .set({ status: 'expired', storageKey: null })
    .where(inArray(dataExports.id, [...ids]));
}

/** Deletes every export of the user (an erasure) and answers the storage keys of their files. */
export async function deleteUserDataExports(executor: Executor, userId: string) {
  const rows = await executor
    .delete(dataExports)
    .where(eq(dataExports.userId, userId))
    .returning({ storageKey: dataExports.storageKey });
  return rows.map((row) => row.storageKey).filter((key): key is string => key !== null);
}
