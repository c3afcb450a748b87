import type { Database, Executor } from '@touchline/db';
import {
  deleteOwnedMediaObjects,
  forgetUnclaimedFiles,
  type MediaObjectRow,
  recordUnclaimedFiles,
} from '@touchline/db/media';
import type { StorageDriver } from '@touchline/drivers';
import {
  processImage,
  recordProcessedImage,
  storageKeysOf,
  type ImageVariants,
  type ProcessedImage,
} from '../media/media.uploads';

/** One size: chat pictures are shown at most this large (the bubble and the full view). */
export const CHAT_IMAGE_VARIANTS: ImageVariants = {
  display: { width: 1280, height: 1280, fit: 'inside' },
};

/** Signed URLs of chat pictures live a day (socket events are read later than answers). */
export const CHAT_IMAGE_URL_TTL_SECONDS = 24 * 60 * 60;

/** A stored media reference as message rows carry it. */
export type ChatImageRef = {
  key: string;
  variants: Record<string, string>;
  visibility: 'public' | 'private';
};

/**
 * Deletes files whose rows are gone, then their unclaimed-files record (`recordId`): a file that
 * could not be deleted keeps the record, and `maintenance.prune` tries again a day later.
 */
export async function deleteUnclaimedFiles(
  deps: { db: Database; storage: StorageDriver },
  recordId: string,
  files: readonly Pick<MediaObjectRow, 'key' | 'variants' | 'visibility'>[],
  onError: (err: unknown) => void = () => undefined,
) {
  const results = await Promise.allSettled(
    storageKeysOf(files).map(([key, visibility]) => deps.storage.delete(key, visibility)),
  );
  const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
  for (const failure of failed) onError(failure.reason);
  if (failed.length === 0) await forgetUnclaimedFiles(deps.db, [recordId]).catch(onError);
}

/**
 * A chat picture: checked by content, re-encoded without metadata by the post image pipeline
 * (`processImage`) and written PRIVATE to storage (before, never inside, the transaction). An
 * unclaimed-files record is written before the files: `claim` deletes it in the send's
 * transaction, with the media row (`record`) and the message; `discard` removes the files, then
 * the record, when the send did not keep them. A process that dies in between leaves the record,
 * and `maintenance.prune` deletes the files a day later.
 */
export async function preparePrivateImage(
  deps: { db: Database; storage: StorageDriver },
  buffer: Buffer,
) {
  const { storage } = deps;
  const image: ProcessedImage = await processImage(buffer, CHAT_IMAGE_VARIANTS, { webp: false });
  const files = [
    { key: image.display.key, variants: image.variantKeys, visibility: 'private' as const },
  ];
  await recordUnclaimedFiles(deps.db, {
    id: image.id,
    keys: storageKeysOf(files).map(([key]) => key),
    visibility: 'private',
  });
  const discard = (onError?: (err: unknown) => void) =>
    deleteUnclaimedFiles(deps, image.id, files, onError);
  try {
    await Promise.all(
      image.outputs.map((o) =>
        storage.put({ key: o.key, body: o.data, contentType: image.mime, visibility: 'private' }),
      ),
    );
  } catch (err) {
    await discard();
    throw err;
  }
  return {
    id: image.id,
    ref: {
      key: image.display.key,
      variants: image.variantKeys,
      visibility: 'private',
    } as ChatImageRef,
    /** The ready, private `media_objects` row owned by the sender (in the caller's transaction). */
    record: (executor: Executor, ownerId: string): Promise<MediaObjectRow> =>
      recordProcessedImage(executor, ownerId, image, 'private'),
    /** The message referencing the files commits with this (in its transaction). */
    claim: (executor: Executor) => forgetUnclaimedFiles(executor, [image.id]),
    /** Deletes the files, then their record (the send failed or was a replay). */
    discard,
  };
}

export type PreparedImage = Awaited<ReturnType<typeof preparePrivateImage>>;

/** A picture's signed URL (private) or public URL, or null. */
export async function imageUrlOf(
  storage: Pick<StorageDriver, 'signedUrl' | 'publicUrl'>,
  ref: ChatImageRef | null,
  ttlSeconds = CHAT_IMAGE_URL_TTL_SECONDS,
): Promise<string | null> {
  if (!ref) return null;
  const key = ref.variants.display ?? ref.key;
  return ref.visibility === 'private' ? storage.signedUrl(key, ttlSeconds) : storage.publicUrl(key);
}

/** Removes deleted messages' pictures: their rows now, their files after the commit. */
export async function deleteImageRows(executor: Executor, ownerId: string, ids: string[]) {
  return deleteOwnedMediaObjects(executor, ownerId, ids);
}
