import type { Executor } from '@touchline/db';
import { createMediaObject, markMediaReady, type MediaObjectRow } from '@touchline/db/media';
import { deleteOwnedMediaObjects } from '@touchline/db/profiles';
import type { StorageDriver } from '@touchline/drivers';
import {
  deleteStoredFiles,
  processImage,
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
 * A chat picture: checked by content, re-encoded without metadata by the post image pipeline
 * (`processImage`) and written PRIVATE to storage (before, never inside, the transaction). The
 * media row is recorded inside the send's transaction (`record`); `discard` removes the files
 * when the send did not keep them.
 */
export async function preparePrivateImage(storage: StorageDriver, buffer: Buffer) {
  const image: ProcessedImage = await processImage(buffer, CHAT_IMAGE_VARIANTS, { webp: false });
  const files = [
    { key: image.display.key, variants: image.variantKeys, visibility: 'private' as const },
  ];
  try {
    await Promise.all(
      image.outputs.map((o) =>
        storage.put({ key: o.key, body: o.data, contentType: image.mime, visibility: 'private' }),
      ),
    );
  } catch (err) {
    await deleteStoredFiles(storage, files);
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
    async record(executor: Executor, ownerId: string): Promise<MediaObjectRow> {
      const created = await createMediaObject(executor, {
        id: image.id,
        ownerId,
        key: image.display.key,
        visibility: 'private',
        kind: 'image',
        contentType: image.mime,
        byteSize: image.display.data.length,
      });
      const ready = {
        width: image.display.width,
        height: image.display.height,
        variants: image.variantKeys,
      };
      await markMediaReady(executor, image.id, ready);
      return { ...created, ...ready, status: 'ready' as const };
    },
    /** Deletes the files (the send failed or was a replay). */
    discard: (onError?: (err: unknown) => void) => deleteStoredFiles(storage, files, onError),
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
