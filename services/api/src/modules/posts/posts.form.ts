import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { uuidv7 } from '@touchline/db';
import { ERROR_CODES, LIMITS } from '@touchline/shared';
import { AppError } from '../../lib/app-error';
import { postsErrors } from './posts.errors';

/** A file part written to a temporary file (never held in memory). */
export type SavedPart = {
  fieldname: string;
  path: string;
  size: number;
  /** More bytes arrived than the field allows; the file holds only the first ones. */
  tooLarge: boolean;
};

export type PostForm = {
  fields: Record<string, string>;
  files: SavedPart[];
  /** Deletes the temporary files; call it in `finally`, whatever happened. */
  cleanup(): Promise<void>;
};

const FIELD_LIMITS: Record<string, number> = {
  image: LIMITS.imageMaxBytes,
  video: LIMITS.videoMaxBytes,
};

/**
 * Reads the post form: text fields, and every file part streamed to a temporary file in
 * `tmpDir`, counting bytes against its field's limit (image 10 MB, video 100 MB). Bytes past the
 * limit are read and dropped, so the client gets the 413 answer rather than a reset. A JSON body
 * is accepted too (text only).
 */
export async function readPostForm(request: FastifyRequest, tmpDir: string): Promise<PostForm> {
  const fields: Record<string, string> = {};
  const files: SavedPart[] = [];
  const form: PostForm = {
    fields,
    files,
    async cleanup() {
      await Promise.all(files.map((f) => rm(f.path, { force: true })));
    },
  };
  if (!request.isMultipart()) {
    const body = (request.body ?? {}) as Record<string, unknown>;
    for (const [k, v] of Object.entries(body)) {
      if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')
        fields[k] = String(v);
    }
    return form;
  }
  await mkdir(tmpDir, { recursive: true });
  try {
    for await (const part of request.parts({
      limits: { fileSize: LIMITS.videoMaxBytes, files: 2 },
    })) {
      if (part.type === 'file') await savePart(part, tmpDir, files);
      else fields[part.fieldname] ??= String(part.value);
    }
  } catch (err) {
    await form.cleanup();
    const code = (err as { code?: string }).code;
    if (code === 'FST_FILES_LIMIT') throw postsErrors.oneMediaOnly();
    // Past the largest size any field allows (the request-wide limit).
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      const field = (err as { part?: { fieldname?: string } }).part?.fieldname;
      throw field === 'image' ? postsErrors.imageTooLarge() : postsErrors.videoTooLarge();
    }
    if (err instanceof AppError) throw err;
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status < 500) throw err;
    throw new AppError(400, ERROR_CODES.badMultipart, 'The form could not be read; please try again');
  }
  return form;
}

async function savePart(part: MultipartFile, tmpDir: string, files: SavedPart[]) {
  const limit = FIELD_LIMITS[part.fieldname] ?? LIMITS.imageMaxBytes;
  const saved: SavedPart = {
    fieldname: part.fieldname,
    path: path.join(tmpDir, `${uuidv7()}.upload`),
    size: 0,
    tooLarge: false,
  };
  files.push(saved);
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      saved.size += chunk.length;
      if (saved.size > limit) {
        saved.tooLarge = true;
        done();
      } else done(null, chunk);
    },
  });
  await pipeline(part.file, counter, createWriteStream(saved.path));
  if (part.file.truncated) saved.tooLarge = true;
}

/** Uploads older than this are leftovers of a crashed or killed request, never in progress. */
export const STALE_UPLOAD_MS = 60 * 60 * 1000;

/**
 * Removes temporary upload files older than `maxAgeMs` (a process killed mid-request leaves its
 * file behind: `cleanup` never ran). Answers how many were removed; a missing folder is empty.
 */
export async function sweepStaleUploads(tmpDir: string, now: number, maxAgeMs = STALE_UPLOAD_MS) {
  const names = await readdir(tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || now - info.mtimeMs < maxAgeMs) continue;
    await rm(file, { force: true });
    removed += 1;
  }
  return removed;
}
