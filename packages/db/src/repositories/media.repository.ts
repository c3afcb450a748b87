import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { mediaObjects } from '../schema';

export type MediaObjectRow = typeof mediaObjects.$inferSelect;
export type NewMediaObject = Pick<
  MediaObjectRow,
  'ownerId' | 'key' | 'visibility' | 'kind' | 'contentType' | 'byteSize'
> & { id?: string };

export async function createMediaObject(
  executor: Executor,
  input: NewMediaObject,
): Promise<MediaObjectRow> {
  const [row] = await executor.insert(mediaObjects).values(input).returning();
  return row!;
}

export async function getMediaObject(
  executor: Executor,
  id: string,
): Promise<MediaObjectRow | null> {
  const [row] = await executor.select().from(mediaObjects).where(eq(mediaObjects.id, id));
  return row ?? null;
}

/** True when the object exists (and is now ready with its processed variants). */
export async function markMediaReady(
  executor: Executor,
  id: string,
  result: { width: number | null; height: number | null; variants: Record<string, string> },
): Promise<boolean> {
  const rows = await executor
    .update(mediaObjects)
    .set({ status: 'ready', width: result.width, height: result.height, variants: result.variants })
    .where(eq(mediaObjects.id, id))
    .returning({ id: mediaObjects.id });
  return rows.length > 0;
}

/** True when the object exists (and is now marked failed). */
export async function markMediaFailed(executor: Executor, id: string): Promise<boolean> {
  const rows = await executor
    .update(mediaObjects)
    .set({ status: 'failed' })
    .where(eq(mediaObjects.id, id))
    .returning({ id: mediaObjects.id });
  return rows.length > 0;
}

/** Several objects in one query (list pages resolving photo URLs). */
export function getMediaObjectsByIds(executor: Executor, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as MediaObjectRow[]);
  return executor
    .select()
    .from(mediaObjects)
    .where(inArray(mediaObjects.id, [...ids]));
}

/**
 * Deletes the user's own media rows (replaced or removed images) and answers their storage keys,
 * which the caller deletes from storage after the transaction commits.
 */
export async function deleteOwnedMediaObjects(
  executor: Executor,
  ownerId: string,
  ids: readonly (string | null | undefined)[],
) {
  const wanted = ids.filter((id): id is string => Boolean(id));
  if (wanted.length === 0) return [];
  return executor
    .delete(mediaObjects)
    .where(and(eq(mediaObjects.ownerId, ownerId), inArray(mediaObjects.id, wanted)))
    .returning({
      key: mediaObjects.key,
      variants: mediaObjects.variants,
      visibility: mediaObjects.visibility,
    });
}
