import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageDriver, StoredObject, Visibility } from '../types';
import { assertStorageKey, joinUrl } from './keys';
import { assertByteRange, resolveRange } from './range';

export type LocalStorageOptions = {
  rootDir: string;
  /** Where the API serves `rootDir/public` (default `/media`). */
  publicBaseUrl?: string;
  /** Where the API serves signed private objects (default `/media-private`). */
  privateBaseUrl?: string;
  signingSecret: string;
  /** Milliseconds since the epoch; tests move it to expire signed URLs. */
  clock?: () => number;
};

export type LocalStorageDriver = StorageDriver & {
  readonly kind: 'local';
  verifySignature(key: string, expires: number, signature: string): boolean;
  /** Absolute path of an object, for a static file server. */
  filePath(key: string, visibility: Visibility): string;
};

type Meta = { contentType: string };

/**
 * Media on the local disk: `rootDir/public/<key>` and `rootDir/private/<key>`, content types in
 * `rootDir/.meta/` (outside both trees, so a static server never shows them). Writes go to a
 * temporary file in the same directory and are renamed into place, so readers never see half a
 * file. Private objects are reached through HMAC-signed, expiring URLs.
 */
export function createLocalStorage({
  rootDir,
  publicBaseUrl = '/media',
  privateBaseUrl = '/media-private',
  signingSecret,
  clock = Date.now,
}: LocalStorageOptions): LocalStorageDriver {
  if (!signingSecret || signingSecret.length < 16) {
    throw new Error('local storage needs a signing secret of at least 16 characters');
  }
  const root = path.resolve(rootDir);

  function filePath(key: string, visibility: Visibility): string {
    assertStorageKey(key);
    return path.join(root, visibility, key);
  }

  function metaPath(key: string, visibility: Visibility): string {
    return path.join(root, '.meta', visibility, `${key}.json`);
  }

  async function writeAtomically(target: string, body: Buffer | Readable): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(temp, body);
      else await pipeline(body, createWriteStream(temp));
      await rename(temp, target);
    } catch (err) {
      await rm(temp, { force: true });
      throw err;
    }
  }

  function sign(key: string, expires: number): string {
    return createHmac('sha256', signingSecret).update(`${key}\n${expires}`).digest('hex');
  }

  return {
    kind: 'local',
    filePath,

    async put({ key, body, contentType, visibility }) {
      const target = filePath(key, visibility);
      await writeAtomically(target, body);
      const meta: Meta = { contentType };
      await writeAtomically(metaPath(key, visibility), Buffer.from(JSON.stringify(meta)));
    },

    async get(key, visibility, range): Promise<StoredObject | null> {
      if (range) assertByteRange(range);
      const target = filePath(key, visibility);
      // Opened first, then measured: a file deleted meanwhile is either not found (null) or
      // still read whole through the open handle, never a stream that fails after the answer.
      let handle: FileHandle;
      try {
        handle = await open(target, 'r');
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR') return null;
        throw err;
      }
      let size: number;
      try {
        const stats = await handle.stat();
        if (!stats.isFile()) {
          await handle.close();
          return null;
        }
        size = stats.size;
      } catch (err) {
        await handle.close();
        throw err;
      }
      let contentType = 'application/octet-stream';
      try {
        contentType = (JSON.parse(await readFile(metaPath(key, visibility), 'utf8')) as Meta)
          .contentType;
      } catch {
        // no metadata (a file copied in by hand): serve it as bytes
      }
      if (!range) return { body: handle.createReadStream(), contentType, contentLength: size };
      let part: { start: number; end: number };
      try {
        part = resolveRange(range, size);
      } catch (err) {
        await handle.close();
        throw err;
      }
      return {
        body: handle.createReadStream(part),
        contentType,
        contentLength: part.end - part.start + 1,
        totalLength: size,
        range: part,
      };
    },

    async delete(key, visibility) {
      await rm(filePath(key, visibility), { force: true });
      await rm(metaPath(key, visibility), { force: true });
    },

    publicUrl(key) {
      assertStorageKey(key);
      return joinUrl(publicBaseUrl, key);
    },

    async signedUrl(key, ttlSeconds) {
      assertStorageKey(key);
      const expires = Math.floor(clock() / 1000) + Math.max(1, Math.floor(ttlSeconds));
      const query = new URLSearchParams({
        expires: String(expires),
        signature: sign(key, expires),
      });
      return `${joinUrl(privateBaseUrl, key)}?${query.toString()}`;
    },

    verifySignature(key, expires, signature) {
      try {
        assertStorageKey(key);
      } catch {
        return false;
      }
      if (!Number.isSafeInteger(expires) || expires * 1000 <= clock()) return false;
      if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
      return timingSafeEqual(Buffer.from(sign(key, expires), 'hex'), Buffer.from(signature, 'hex'));
    },

    async close() {},
  };
}
