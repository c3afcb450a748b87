import { fileTypeFromBuffer } from 'file-type';
import { uuidv7, type Database, type Executor } from '@touchline/db';
import {
  createMediaObject,
  deleteOwnedMediaObjects,
  markMediaReady,
  type MediaObjectRow,
} from '@touchline/db/media';
import type { StorageDriver, Visibility } from '@touchline/drivers';
import { IMAGE_TYPES, LIMITS, MEDIA_ERRORS, MESSAGES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import type { UploadedFile } from '../../lib/form';

/** One output size: `cover` crops to exactly width × height, `inside` fits within it. */
export type ImageVariantSpec = { width: number; height: number; fit: 'cover' | 'inside' };
/** The sizes to produce; `display` is the object's main key (the URL the API answers). */
export type ImageVariants = { display: ImageVariantSpec } & Record<string, ImageVariantSpec>;

/** A decoded image larger than this (a decompression bomb, or a huge panorama) is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

const FORMATS = {
  'image/jpeg': { format: 'jpeg', ext: 'jpg', options: { quality: 82, mozjpeg: true } },
  'image/png': { format: 'png', ext: 'png', options: { compressionLevel: 9 } },
  'image/webp': { format: 'webp', ext: 'webp', options: { quality: 82 } },
} as const;
type ImageMime = keyof typeof FORMATS;

/**
 * Every JPEG or PNG variant also gets a WebP copy beside it (`images/<id>.<name>.webp`, recorded
 * as the `<name>_webp` variant); `/media/*` serves it instead to browsers that accept WebP.
 */
const WEBP_ALTERNATE = { quality: 78, effort: 4 } as const;
export const webpVariantName = (name: string) => `${name}_webp`;

export const imageUploadErrors = {
  required: () =>
    new AppError(400, MEDIA_ERRORS.imageRequired, 'Select an image', { file: 'Select an image' }),
  invalidType: () =>
    new AppError(400, MEDIA_ERRORS.invalidImageType, MESSAGES.invalidImageType, {
      file: MESSAGES.invalidImageType,
    }),
  tooLarge: () =>
    new AppError(413, MEDIA_ERRORS.imageTooLarge, 'Image must be at most 10 MB', {
      file: 'Image must be at most 10 MB',
    }),
  tooManyPixels: () =>
    new AppError(400, MEDIA_ERRORS.imageDimensions, 'Image dimensions are too large', {
      file: 'Image dimensions are too large',
    }),
};

/** The uploaded file of a form, present and within the image size limit. */
export function requireImageFile(file: UploadedFile | null): Buffer {
  if (!file || file.buffer.length === 0) throw imageUploadErrors.required();
  if (file.truncated || file.buffer.length > LIMITS.imageMaxBytes)
    throw imageUploadErrors.tooLarge();
  return file.buffer;
}

/** The image's real type, read from its content (never from its name or declared type). */
export async function detectImageType(buffer: Buffer): Promise<ImageMime | null> {
  const type = await fileTypeFromBuffer(buffer);
  return type && (IMAGE_TYPES as readonly string[]).includes(type.mime)
    ? (type.mime as ImageMime)
    : null;
}

/** Every storage key of media rows (the main key and its variants), without repeats. */
export function storageKeysOf(
  rows: readonly Pick<MediaObjectRow, 'key' | 'variants' | 'visibility'>[],
) {
  const keys = new Map<string, Visibility>();
  for (const row of rows) {
    keys.set(row.key, row.visibility);
    for (const key of Object.values(row.variants)) keys.set(key, row.visibility);
  }
  return [...keys];
}

/**
 * Deletes stored files of media rows that are already gone from the database (call after the
 * transaction commits). A failure leaves an unreferenced file behind, never a broken reference.
 */
export async function deleteStoredFiles(
  storage: StorageDriver,
  rows: readonly Pick<MediaObjectRow, 'key' | 'variants' | 'visibility'>[],
  onError: (err: unknown) => void = () => undefined,
) {
  await Promise.all(
    storageKeysOf(rows).map(([key, visibility]) => storage.delete(key, visibility).catch(onError)),
  );
}

export type StoredImage = {
  media: MediaObjectRow;
  /** The display variant's public URL. */
  url: string;
  /** Removes the row and its files again (the caller's own change failed). */
  discard(): Promise<void>;
};

/** An image checked by content and re-encoded into its variants, not yet stored anywhere. */
export type ProcessedImage = {
  id: string;
  mime: ImageMime;
  outputs: { name: string; key: string; data: Buffer; width: number; height: number }[];
  /** The `display` output: the object's main key and size. */
  display: { key: string; data: Buffer; width: number; height: number };
  variantKeys: Record<string, string>;
  /**
   * WebP copies of the outputs (same sizes), none when the upload is WebP already. Stored and
   * recorded by `putProcessedImage` / `recordProcessedImage` (public images); their keys are in
   * `webpKeys` (`<name>_webp` → key), not in `variantKeys`.
   */
  webp: { name: string; key: string; data: Buffer }[];
  webpKeys: Record<string, string>;
};

/**
 * Checks the type by content (JPEG, PNG or WebP), applies the EXIF orientation and re-encodes
 * every variant in the upload's own format without any metadata (sharp writes no EXIF, GPS, XMP
 * or ICC unless asked), plus a WebP copy of each (JPEG and PNG uploads, kept only when smaller).
 * Nothing is stored yet.
 */
export async function processImage(
  buffer: Buffer,
  variants: ImageVariants,
  /** `webp: false` skips the WebP copies (callers that store the outputs themselves). */
  settings: { webp?: boolean } = {},
): Promise<ProcessedImage> {
  const mime = await detectImageType(buffer);
  if (!mime) throw imageUploadErrors.invalidType();
  const { format, ext, options } = FORMATS[mime];

  const id = uuidv7();
  let outputs: ProcessedImage['outputs'];
  let webp: ProcessedImage['webp'] = [];
  // Imported on the first picture, not by every start (decision 68).
  const { default: sharp } = await import('sharp');
  try {
    const source = sharp(buffer, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const resized = (spec: ImageVariantSpec) =>
      source.clone().resize({
        width: spec.width,
        height: spec.height,
        fit: spec.fit,
        withoutEnlargement: spec.fit === 'inside',
      });
    outputs = await Promise.all(
      Object.entries(variants).map(async ([name, spec]) => {
        const { data, info } = await resized(spec)
          .toFormat(format, options)
          .toBuffer({ resolveWithObject: true });
        return {
          name,
          key: `images/${id}.${name}.${ext}`,
          data,
          width: info.width,
          height: info.height,
        };
      }),
    );
    if (settings.webp !== false && mime !== 'image/webp') {
      const copies = await Promise.all(
        Object.entries(variants).map(async ([name, spec]) => ({
          name: webpVariantName(name),
          key: `images/${id}.${name}.webp`,
          data: await resized(spec).webp(WEBP_ALTERNATE).toBuffer(),
          original: outputs.find((o) => o.name === name)!.data.length,
        })),
      );
      // A copy only where it saves bytes (a small flat PNG can be smaller than its WebP).
      webp = copies
        .filter((copy) => copy.data.length < copy.original)
        .map(({ name, key, data }) => ({ name, key, data }));
    }
  } catch (err) {
    if (err instanceof Error && /pixel limit/i.test(err.message))
      throw imageUploadErrors.tooManyPixels();
    // The content looked like an image but does not decode: as good as the wrong type.
    throw imageUploadErrors.invalidType();
  }
  const display = outputs.find((o) => o.name === 'display')!;
  const variantKeys = Object.fromEntries(outputs.map((o) => [o.name, o.key]));
  const webpKeys = Object.fromEntries(webp.map((o) => [o.name, o.key]));
  return { id, mime, outputs, display, variantKeys, webp, webpKeys };
}

/** The storage files of a processed image, as `deleteStoredFiles` takes them. */
export const processedImageFiles = (image: ProcessedImage) => [
  {
    key: image.display.key,
    variants: { ...image.variantKeys, ...image.webpKeys },
    visibility: 'public' as const,
  },
];

/**
 * Writes every variant and its WebP copy to storage (before, never inside, a database
 * transaction).
 */
export async function putProcessedImage(storage: StorageDriver, image: ProcessedImage) {
  await Promise.all([
    ...image.outputs.map((o) =>
      storage.put({ key: o.key, body: o.data, contentType: image.mime, visibility: 'public' }),
    ),
    ...image.webp.map((o) =>
      storage.put({ key: o.key, body: o.data, contentType: 'image/webp', visibility: 'public' }),
    ),
  ]);
}

/**
 * Records a stored image as a ready `media_objects` row owned by `ownerId`: public (posts,
 * profiles, trials) or private (children's chat pictures, served by signed URL).
 */
export async function recordProcessedImage(
  executor: Executor,
  ownerId: string,
  image: ProcessedImage,
  visibility: 'public' | 'private' = 'public',
): Promise<MediaObjectRow> {
  const created = await createMediaObject(executor, {
    id: image.id,
    ownerId,
    key: image.display.key,
    visibility,
    kind: 'image',
    contentType: image.mime,
    byteSize: image.display.data.length,
  });
  const ready = {
    width: image.display.width,
    height: image.display.height,
    variants: { ...image.variantKeys, ...image.webpKeys },
  };
  await markMediaReady(executor, image.id, ready);
  return { ...created, ...ready, status: 'ready' as const };
}

/**
 * Stores an uploaded image at once, so the answer carries its final URL: processes it
 * (`processImage`), writes the files, then records a ready, public `media_objects` row owned by
 * `ownerId`. Storage writes happen before (never inside) a database transaction.
 */
export async function storeProcessedImage(input: {
  db: Database;
  storage: StorageDriver;
  ownerId: string;
  buffer: Buffer;
  variants: ImageVariants;
}): Promise<StoredImage> {
  const { db, storage, ownerId } = input;
  const image = await processImage(input.buffer, input.variants);
  const files = processedImageFiles(image);
  try {
    await putProcessedImage(storage, image);
    const media = await db.transaction((tx) => recordProcessedImage(tx, ownerId, image));
    return {
      media,
      url: storage.publicUrl(image.display.key),
      async discard() {
        await deleteOwnedMediaObjects(db, ownerId, [image.id]);
        await deleteStoredFiles(storage, files);
      },
    };
  } catch (err) {
    await deleteStoredFiles(storage, files);
    throw err;
  }
}
