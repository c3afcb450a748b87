import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { uuidv7, type Database } from '@touchline/db';
import { createMediaObject, deleteOwnedMediaObjects, markMediaReady } from '@touchline/db/media';
import type { StorageDriver } from '@touchline/drivers';
import { MEDIA_ERRORS, MESSAGES, VIDEO_TYPES } from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import { isFfmpegFailure, runFfmpeg } from './media.ffmpeg';
import { deleteStoredFiles, type StoredImage } from './media.uploads';

export const videoUploadErrors = {
  invalidType: () =>
    new AppError(400, MEDIA_ERRORS.invalidVideoType, MESSAGES.invalidVideoType, {
      video: MESSAGES.invalidVideoType,
    }),
  /** Typed MP4 or WebM by its first bytes, but ffmpeg cannot read a video stream from it. */
  unreadable: () =>
    new AppError(400, MEDIA_ERRORS.unreadableVideo, MESSAGES.invalidVideoType, {
      video: MESSAGES.invalidVideoType,
    }),
};

type VideoMime = (typeof VIDEO_TYPES)[number];

/** ffmpeg's reader and writer per accepted type: the input is read only as what it was typed. */
const FORMATS: Record<VideoMime, { ext: string; demuxer: string; muxer: string; flags: string[] }> =
  {
    // faststart moves the index to the front, so playback starts before the download ends.
    'video/mp4': { ext: 'mp4', demuxer: 'mov', muxer: 'mp4', flags: ['-movflags', '+faststart'] },
    'video/webm': { ext: 'webm', demuxer: 'matroska', muxer: 'webm', flags: [] },
  };

/** A stream copy of 100 MB takes seconds; past this the file is pathological. */
const REMUX_TIMEOUT_MS = 60_000;
const POSTER_TIMEOUT_MS = 30_000;
/** Past a fade-in, yet inside the shortest clip worth posting. */
const POSTER_AT = '0.5';

/** Reads only local files (no `concat:`, `http:` or other protocol tricks inside the input). */
const input = (mime: VideoMime, file: string) => [
  '-protocol_whitelist',
  'file',
  '-f',
  FORMATS[mime].demuxer,
  '-i',
  `file:${file}`,
];

/**
 * Re-muxes a video without any metadata (stream copy, nothing re-encoded): only the first video
 * stream and the first audio stream are kept (no timed-metadata, subtitle or data tracks), and
 * global and per-stream tags (location `©xyz` and Apple's ISO 6709 key, creation time, make,
 * model, software) and chapters are dropped; `bitexact` keeps the muxer from writing its own
 * version and dates. Fails when there is no video stream.
 */
export async function stripVideoMetadata(source: string, target: string, mime: VideoMime) {
  const { muxer, flags } = FORMATS[mime];
  await runFfmpeg(
    [
      ...input(mime, source),
      ...['-map', '0:V:0', '-map', '0:a:0?', '-c', 'copy'],
      ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact'],
      ...flags,
      ...['-f', muxer, '-y', `file:${target}`],
    ],
    { timeoutMs: REMUX_TIMEOUT_MS },
  );
}

/**
 * A poster frame as a JPEG without metadata (sharp writes none), upright (ffmpeg applies the
 * rotation) and fitted inside `size`: the frame at 0.5 s, or the first one of a shorter clip.
 * Null when no frame decodes.
 */
export async function videoPoster(
  file: string,
  mime: VideoMime,
  size: { width: number; height: number },
) {
  const frame = (at: string | null) =>
    runFfmpeg(
      [
        ...['-threads', '1'],
        ...(at ? ['-ss', at] : []),
        ...input(mime, file),
        ...['-map', '0:V:0', '-frames:v', '1'],
        // Bounds the frame before it leaves ffmpeg (a 4K PNG would be tens of MB).
        ...[
          '-vf',
          `scale='min(iw,${size.width})':'min(ih,${size.height})':force_original_aspect_ratio=decrease`,
        ],
        ...['-f', 'image2pipe', '-c:v', 'png', 'pipe:1'],
      ],
      { timeoutMs: POSTER_TIMEOUT_MS, maxOutputBytes: 32 * 1024 * 1024 },
    );
  let png = await frame(POSTER_AT);
  if (png.length === 0) png = await frame(null);
  if (png.length === 0) return null;
  // Imported on the first poster, not by every start (decision 68).
  const { default: sharp } = await import('sharp');
  const { data, info } = await sharp(png)
    .resize({ ...size, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Stores an uploaded video from a file on disk (the request streamed it there, so a 100 MB video
 * never sits in memory): checks the type by content (MP4 or WebM only), re-muxes it without
 * metadata (`stripVideoMetadata`) and takes a poster frame, then streams both to storage as
 * `videos/<id>.<ext>` and its `poster` variant `videos/<id>.poster.jpg`, and records a ready,
 * public `media_objects` row. Runs within the request: a stream copy is quick, and ffmpeg runs
 * are bounded in number and time (`runFfmpeg`). The caller owns and deletes `filePath`; the
 * cleaned copy beside it is always deleted here.
 */
export async function storeVideo(input: {
  db: Database;
  storage: StorageDriver;
  ownerId: string;
  filePath: string;
  /** The poster fits inside this box (post images' display size). */
  poster: { width: number; height: number };
}): Promise<StoredImage> {
  const { db, storage, ownerId, filePath } = input;
  const type = await fileTypeFromFile(filePath);
  if (!type || !(VIDEO_TYPES as readonly string[]).includes(type.mime))
    throw videoUploadErrors.invalidType();
  const mime = type.mime as VideoMime;
  const id = uuidv7();
  const key = `videos/${id}.${FORMATS[mime].ext}`;
  const posterKey = `videos/${id}.poster.jpg`;
  const cleanPath = `${filePath}.clean`;
  const files = [{ key, variants: { poster: posterKey }, visibility: 'public' as const }];
  try {
    let poster: Awaited<ReturnType<typeof videoPoster>>;
    try {
      await stripVideoMetadata(filePath, cleanPath, mime);
      poster = await videoPoster(cleanPath, mime, input.poster);
    } catch (err) {
      if (isFfmpegFailure(err)) throw videoUploadErrors.unreadable();
      throw err;
    }
    if (!poster) throw videoUploadErrors.unreadable();
    const byteSize = (await stat(cleanPath)).size;
    try {
      await storage.put({
        key,
        body: createReadStream(cleanPath),
        contentType: mime,
        visibility: 'public',
        contentLength: byteSize,
      });
      await storage.put({
        key: posterKey,
        body: poster.data,
        contentType: 'image/jpeg',
        visibility: 'public',
      });
      const media = await db.transaction(async (tx) => {
        const created = await createMediaObject(tx, {
          id,
          ownerId,
          key,
          visibility: 'public',
          kind: 'video',
          contentType: mime,
          byteSize,
        });
        // The poster's size: the video's shape at display size, as images record theirs.
        const ready = {
          width: poster.width,
          height: poster.height,
          variants: { poster: posterKey },
        };
        await markMediaReady(tx, id, ready);
        return { ...created, ...ready, status: 'ready' as const };
      });
      return {
        media,
        url: storage.publicUrl(key),
        async discard() {
          await deleteOwnedMediaObjects(db, ownerId, [id]);
          await deleteStoredFiles(storage, files);
        },
      };
    } catch (err) {
      await deleteStoredFiles(storage, files);
      throw err;
    }
  } finally {
    await rm(cleanPath, { force: true });
  }
}
