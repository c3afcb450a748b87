import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '../testing/s3';
import { RangeNotSatisfiableError, type ByteRange, type StorageDriver } from '../types';
import { InvalidStorageKeyError } from './keys';
import { createLocalStorage } from './local';
import type { LocalStorageDriver } from './local';
import { createS3Storage } from './s3';
import type { S3StorageDriver } from './s3';

const SECRET = 'test-signing-secret-0123456789';
let now = Date.UTC(2030, 0, 1);
const clock = () => now;

let rootDir: string;
let s3rver: Awaited<ReturnType<typeof startS3rver>>;
let local: LocalStorageDriver;
let s3: S3StorageDriver;

beforeAll(async () => {
  rootDir = await mkdtemp(path.join(tmpdir(), 'touchline-storage-'));
  local = createLocalStorage({ rootDir, signingSecret: SECRET, clock });
  s3rver = await startS3rver();
  s3 = await createS3Storage({ ...s3rver, bucket: 'touchline-test', forcePathStyle: true });
  await s3.ensureBucket();
  await s3.ensureBucket(); // idempotent
});

afterAll(async () => {
  await Promise.all([local?.close(), s3?.close()]);
  await s3rver?.close();
  await rm(rootDir, { recursive: true, force: true });
});

const implementations: { name: string; storage: () => StorageDriver }[] = [
  { name: 'local', storage: () => local },
  { name: 's3', storage: () => s3 },
];
console.info(`storage drivers under test: ${implementations.map((i) => i.name).join(', ')}`);

/** A stream of unknown length, delivered in uneven chunks. */
function chunked(bytes: Buffer): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0, n = 1; at < bytes.length; n += 1) {
        const size = 1000 + ((n * 7919) % 250_000);
        yield bytes.subarray(at, at + size);
        at += size;
      }
    })(),
  );
}

const read = async (storage: StorageDriver, key: string, visibility: 'public' | 'private') => {
  const object = await storage.get(key, visibility);
  return object ? { ...object, bytes: await buffer(object.body) } : null;
};

describe.each(implementations)('$name storage', ({ name, storage: get }) => {
  const key = (label: string) => `test/${name}/${label}-${randomBytes(4).toString('hex')}.bin`;

  it('returns exactly the bytes and content type that were put', async () => {
    const storage = get();
    const bytes = randomBytes(200_000);
    const k = key('buffer');
    await storage.put({ key: k, body: bytes, contentType: 'image/webp', visibility: 'public' });
    const object = await read(storage, k, 'public');
    expect(object?.contentType).toBe('image/webp');
    expect(object?.contentLength).toBe(bytes.length);
    expect(object?.bytes.equals(bytes)).toBe(true);
  });

  it('stores a streamed body of unknown length byte for byte (small and multi-part)', async () => {
    const storage = get();
    for (const size of [0, 300_000, 9 * 1024 * 1024 + 12_345]) {
      const bytes = randomBytes(size);
      const k = key(`stream-${size}`);
      await storage.put({
        key: k,
        body: chunked(bytes),
        contentType: 'video/mp4',
        visibility: 'private',
      });
      const object = await read(storage, k, 'private');
      expect(object?.bytes.length).toBe(size);
      expect(object?.bytes.equals(bytes)).toBe(true);
    }
  });

  it('stores a streamed body of known length', async () => {
    const storage = get();
    const bytes = randomBytes(123_456);
    const k = key('known');
    await storage.put({
      key: k,
      body: chunked(bytes),
      contentLength: bytes.length,
      contentType: 'application/pdf',
      visibility: 'public',
    });
    expect((await read(storage, k, 'public'))?.bytes.equals(bytes)).toBe(true);
  });

  it('replaces an object that is put again', async () => {
    const storage = get();
    const k = key('replace');
    await storage.put({
      key: k,
      body: Buffer.from('one'),
      contentType: 'text/plain',
      visibility: 'public',
    });
    await storage.put({
      key: k,
      body: Buffer.from('two'),
      contentType: 'text/csv',
      visibility: 'public',
    });
    const object = await read(storage, k, 'public');
    expect(object?.bytes.toString()).toBe('two');
    expect(object?.contentType).toBe('text/csv');
  });

  it('reads a byte range, an open-ended range and a suffix, with the part’s and the whole’s length', async () => {
    const storage = get();
    const bytes = randomBytes(100_000);
    const k = key('video');
    await storage.put({ key: k, body: bytes, contentType: 'video/mp4', visibility: 'public' });
    const cases: [ByteRange, number, number][] = [
      [{ start: 10, end: 19 }, 10, 19],
      [{ start: 0, end: 1 }, 0, 1],
      [{ start: 99_990 }, 99_990, 99_999],
      [{ suffix: 500 }, 99_500, 99_999],
      [{ start: 99_000, end: 250_000 }, 99_000, 99_999], // an end past the object is clipped
      [{ suffix: 250_000 }, 0, 99_999], // a suffix longer than the object is all of it
    ];
    for (const [range, start, end] of cases) {
      const object = await storage.get(k, 'public', range);
      expect(object, JSON.stringify(range)).toMatchObject({
        contentType: 'video/mp4',
        contentLength: end - start + 1,
        totalLength: bytes.length,
        range: { start, end },
      });
      expect((await buffer(object!.body)).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('refuses a range that starts past the end, naming the object’s size', async () => {
    const storage = get();
    const k = key('short');
    await storage.put({
      key: k,
      body: Buffer.from('0123456789'),
      contentType: 'text/plain',
      visibility: 'public',
    });
    for (const range of [{ start: 10 }, { start: 50, end: 60 }, { suffix: 0 }]) {
      const attempt = storage.get(k, 'public', range);
      await expect(attempt).rejects.toThrow(RangeNotSatisfiableError);
      await expect(attempt).rejects.toMatchObject({ totalLength: 10 });
    }
    const empty = key('empty');
    await storage.put({
      key: empty,
      body: Buffer.alloc(0),
      contentType: 'text/plain',
      visibility: 'public',
    });
    await expect(storage.get(empty, 'public', { start: 0 })).rejects.toMatchObject({
      name: 'RangeNotSatisfiableError',
      totalLength: 0,
    });
    expect(await storage.get(key('missing'), 'public', { start: 0 })).toBeNull();
    expect(await storage.get(key('missing'), 'public', { suffix: 5 })).toBeNull();
  });

  it('answers null for a missing key', async () => {
    expect(await get().get(key('missing'), 'public')).toBeNull();
    expect(await get().get(key('missing'), 'private')).toBeNull();
  });

  it('deletes an object, and deleting a missing one is fine', async () => {
    const storage = get();
    const k = key('delete');
    await storage.put({
      key: k,
      body: Buffer.from('x'),
      contentType: 'text/plain',
      visibility: 'public',
    });
    await storage.delete(k, 'public');
    expect(await storage.get(k, 'public')).toBeNull();
    await storage.delete(k, 'public');
  });

  it('keeps private objects apart from public ones', async () => {
    const storage = get();
    const k = key('licence');
    await storage.put({
      key: k,
      body: Buffer.from('secret'),
      contentType: 'application/pdf',
      visibility: 'private',
    });
    expect(await storage.get(k, 'public')).toBeNull();
    expect(storage.publicUrl(k)).toBe(`/media/${k}`);
    const signed = await storage.signedUrl(k, 60);
    expect(signed.startsWith('/media/')).toBe(false);
    expect(signed).toContain(k);
  });

  it('refuses keys that could leave their directory', async () => {
    const storage = get();
    const bad = ['../escape', 'a/../../b', '/etc/passwd', 'a//b', './a', 'a b', 'a\\b', '', 'é'];
    for (const k of bad) {
      await expect(
        storage.put({
          key: k,
          body: Buffer.from('x'),
          contentType: 'text/plain',
          visibility: 'public',
        }),
      ).rejects.toThrow(InvalidStorageKeyError);
      await expect(storage.get(k, 'public')).rejects.toThrow(InvalidStorageKeyError);
      expect(() => storage.publicUrl(k)).toThrow(InvalidStorageKeyError);
    }
  });
});

describe('local storage signed URLs', () => {
  const parse = (url: string) => {
    const parsed = new URL(url, 'http://localhost');
    return {
      path: parsed.pathname,
      key: parsed.pathname.replace(/^\/media-private\//, ''),
      expires: Number(parsed.searchParams.get('expires')),
      signature: parsed.searchParams.get('signature') ?? '',
    };
  };

  it('verifies its own signed URL until it expires', async () => {
    const url = parse(await local.signedUrl('licences/a.pdf', 300));
    expect(url.path).toBe('/media-private/licences/a.pdf');
    expect(url.expires).toBe(now / 1000 + 300);
    expect(local.verifySignature(url.key, url.expires, url.signature)).toBe(true);

    now += 301_000;
    expect(local.verifySignature(url.key, url.expires, url.signature)).toBe(false);
  });

  it('rejects a tampered key, expiry or signature', async () => {
    const url = parse(await local.signedUrl('licences/b.pdf', 300));
    const flipped = (url.signature[0] === 'a' ? 'b' : 'a') + url.signature.slice(1);
    expect(local.verifySignature('licences/c.pdf', url.expires, url.signature)).toBe(false);
    expect(local.verifySignature(url.key, url.expires + 3600, url.signature)).toBe(false);
    expect(local.verifySignature(url.key, url.expires, flipped)).toBe(false);
    expect(local.verifySignature(url.key, url.expires, url.signature.slice(2))).toBe(false);
    expect(local.verifySignature('../licences/b.pdf', url.expires, url.signature)).toBe(false);
  });

  it('writes public and private objects under their own directories', async () => {
    await local.put({
      key: 'p/x.txt',
      body: Buffer.from('x'),
      contentType: 'text/plain',
      visibility: 'private',
    });
    expect(local.filePath('p/x.txt', 'private')).toBe(path.join(rootDir, 'private', 'p/x.txt'));
    expect(await local.get('p/x.txt', 'public')).toBeNull();
  });
});

describe('s3 presigned URLs', () => {
  it('can be fetched with plain fetch and return the bytes', async () => {
    const bytes = randomBytes(50_000);
    await s3.put({
      key: 'licences/l.pdf',
      body: bytes,
      contentType: 'application/pdf',
      visibility: 'private',
    });
    const url = await s3.signedUrl('licences/l.pdf', 60);
    expect(url.startsWith(s3rver.endpoint)).toBe(true);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
  });
});
