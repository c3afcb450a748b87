import { asc, inArray, lt } from 'drizzle-orm';
import type { Executor } from '../client';
import { unclaimedFiles } from '../schema';

export type UnclaimedFilesRow = typeof unclaimedFiles.$inferSelect;
export type NewUnclaimedFiles = Pick<UnclaimedFilesRow, 'keys' | 'visibility'> & { id?: string };

/**
 * Records stored files no committed row references (yet, or any longer), before they are written
 * or in the transaction that drops their last reference. Answers the record's id.
 */
export async function recordUnclaimedFiles(
  executor: Executor,
  input: NewUnclaimedFiles,
): Promise<string> {
  const [row] = await executor
    .insert(unclaimedFiles)
    .values({ ...input, keys: [...new Set(input.keys)] })
    .returning({ id: unclaimedFiles.id });
  return row!.id;
}

/**
 * Forgets records: their files are now referenced (called in the transaction that references
 * them) or deleted. Deleting what is already gone is a no-op, so several callers may race.
 */
export async function forgetUnclaimedFiles(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return;
  await executor.delete(unclaimedFiles).where(inArray(unclaimedFiles.id, [...ids]));
}

/** Records made before `before`, oldest first: files left behind, for `maintenance.prune`. */
export function listUnclaimedFilesBefore(executor: Executor, before: Date, limit: number) {
  return executor
    .select()
    .from(unclaimedFiles)
    .where(lt(unclaimedFiles.createdAt, before))
    .orderBy(asc(unclaimedFiles.createdAt), asc(unclaimedFiles.id))
    .limit(limit);
}
