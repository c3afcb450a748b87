import type { Database } from '@touchline/db';
import { getMediaObject, markMediaFailed, markMediaReady } from '@touchline/db/media';
import { UnrecoverableJobError, type JobHandler, type StorageDriver } from '@touchline/drivers';
import { JOB_RETRY } from '@touchline/shared';

const VARIANTS = { display: 1280, thumb: 320 } as const;

async function toBuffer(stream: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/**
 * Processes an uploaded image: re-encodes the original in its own format with every metadata
 * block (EXIF, GPS location, XMP) dropped and the orientation applied, and writes WebP display and
 * thumbnail sizes beside it. Videos and documents are stored as uploaded. Idempotent: re-running
 * overwrites the same keys.
 */
export function createMediaProcessHandler(deps: {
  db: Database;
  storage: StorageDriver;
}): JobHandler<'media.process'> {
  return async ({ data, attempt }) => {
    const media = await getMediaObject(deps.db, data.mediaId);
    if (!media) throw new UnrecoverableJobError(`media ${data.mediaId} does not exist`);
    if (media.status === 'ready') return;
    if (media.kind !== 'image') {
      await markMediaReady(deps.db, media.id, { width: null, height: null, variants: {} });
      return;
    }
    const stored = await deps.storage.get(media.key, media.visibility);
    if (!stored)
      throw new UnrecoverableJobError(`media ${media.id}: object ${media.key} is missing`);
    try {
      const input = await toBuffer(stored.body);
      // Imported on the first picture, not by every start (decision 68).
      const { default: sharp } = await import('sharp');
      const oriented = sharp(input, { failOn: 'error' }).rotate();
      const format =
        media.contentType === 'image/png'
          ? 'png'
          : media.contentType === 'image/webp'
            ? 'webp'
            : 'jpeg';
      const { data: original, info } = await oriented
        .clone()
        .toFormat(format)
        .toBuffer({ resolveWithObject: true });
      await deps.storage.put({
        key: media.key,
        body: original,
        contentType: media.contentType,
        visibility: media.visibility,
      });
      const base = media.key.replace(/\.[a-z0-9]+$/i, '');
      const variants: Record<string, string> = {};
      for (const [name, size] of Object.entries(VARIANTS)) {
        const key = `${base}.${name}.webp`;
        const body = await oriented
          .clone()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer();
        await deps.storage.put({
          key,
          body,
          contentType: 'image/webp',
          visibility: media.visibility,
        });
        variants[name] = key;
      }
      await markMediaReady(deps.db, media.id, { width: info.width, height: info.height, variants });
    } catch (err) {
      if (
        err instanceof Error &&
        /unsupported image format|Input buffer contains/i.test(err.message)
      ) {
        await markMediaFailed(deps.db, media.id);
        throw new UnrecoverableJobError(err.message);
      }
      if (attempt >= JOB_RETRY.attempts) await markMediaFailed(deps.db, media.id);
      throw err;
    }
  };
}
