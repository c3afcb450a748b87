import type { Readable } from 'node:stream';
import { RangeNotSatisfiableError } from '../types';
import type { StorageDriver, StoredObject, Visibility } from '../types';
import { assertStorageKey, joinUrl } from './keys';
import { assertByteRange, resolveRange } from './range';
import { uploadStream } from './s3-upload';

export type S3StorageOptions = {
  /** Omit for AWS; set for MinIO, s3rver or another S3-compatible server. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** Where the API serves public objects (it streams them itself; default `/media`). */
  publicBaseUrl?: string;
  /** Part size for streams of unknown length (default 8 MiB, S3's minimum is 5 MiB). */
  partSize?: number;
};

export type S3StorageDriver = StorageDriver & {
  readonly kind: 's3';
  /** Creates the bucket when it does not exist yet (start-up of a fresh MinIO, tests). */
  ensureBucket(): Promise<void>;
};

function isNotFound(err: unknown): boolean {
  const error = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    error?.name === 'NoSuchKey' ||
    error?.name === 'NotFound' ||
    error?.name === 'NoSuchBucket' ||
    error?.$metadata?.httpStatusCode === 404
  );
}

function isInvalidRange(err: unknown): boolean {
  const error = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return error?.name === 'InvalidRange' || error?.$metadata?.httpStatusCode === 416;
}

/** `bytes <start>-<end>/<total>` → its numbers; null when absent or not of that form. */
export function parseContentRange(
  value: string | undefined,
): { start: number; end: number; total: number } | null {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return { start: Number(match[1]), end: Number(match[2]), total: Number(match[3]) };
}

/**
 * Media on S3-compatible storage, public objects under `public/`, private ones under `private/`
 * in one bucket. Checksums only when required: otherwise non-AWS servers (s3rver, MinIO) store
 * streamed uploads with the aws-chunked framing inside the object. The AWS SDK is imported when
 * S3_BUCKET chooses this driver, not by every start (decision 68).
 */
export async function createS3Storage({
  endpoint,
  region,
  bucket,
  accessKeyId,
  secretAccessKey,
  forcePathStyle,
  publicBaseUrl = '/media',
  partSize = 8 * 1024 * 1024,
}: S3StorageOptions): Promise<S3StorageDriver> {
  const [
    {
      CreateBucketCommand,
      DeleteObjectCommand,
      GetObjectCommand,
      HeadBucketCommand,
      HeadObjectCommand,
      PutObjectCommand,
      S3Client,
    },
    { getSignedUrl },
  ] = await Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]);
  const client = new S3Client({
    ...(endpoint ? { endpoint } : {}),
    region,
    forcePathStyle,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  /** An object's size; throws the not-found error of S3 when it does not exist. */
  async function sizeOf(Key: string): Promise<number> {
    const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
    return head.ContentLength ?? 0;
  }

  function objectKey(key: string, visibility: Visibility): string {
    assertStorageKey(key);
    return `${visibility}/${key}`;
  }

  return {
    kind: 's3',

    async put({ key, body, contentType, visibility, contentLength }) {
      const Key = objectKey(key, visibility);
      if (Buffer.isBuffer(body) || contentLength !== undefined) {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key,
            Body: body,
            ContentType: contentType,
            ContentLength: Buffer.isBuffer(body) ? body.length : contentLength,
          }),
        );
        return;
      }
      // Unknown length: S3 needs Content-Length, so buffer one part or upload in parts.
      await uploadStream(client, { bucket, key: Key, contentType, body, partSize });
    },

    async get(key, visibility, range): Promise<StoredObject | null> {
      if (range) assertByteRange(range);
      const Key = objectKey(key, visibility);
      try {
        // A suffix is turned into explicit positions first: S3-compatible servers (s3rver) do
        // not all understand `bytes=-n`.
        const part = range && 'suffix' in range ? resolveRange(range, await sizeOf(Key)) : range;
        const result = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            ...(part ? { Range: `bytes=${part.start}-${part.end ?? ''}` } : {}),
          }),
        );
        if (!result.Body) return null;
        const object: StoredObject = {
          body: result.Body as Readable,
          contentType: result.ContentType ?? 'application/octet-stream',
          ...(result.ContentLength !== undefined ? { contentLength: result.ContentLength } : {}),
        };
        if (!range) return object;
        const served = parseContentRange(result.ContentRange);
        // No Content-Range: the server sent the whole object (it may ignore a range).
        if (!served) return { ...object, totalLength: result.ContentLength };
        if (served.end >= served.total) {
          // s3rver answers a range of an empty object with `bytes 0-0/0`; S3 answers 416.
          object.body.destroy();
          throw new RangeNotSatisfiableError(served.total);
        }
        return {
          ...object,
          totalLength: served.total,
          range: { start: served.start, end: served.end },
        };
      } catch (err) {
        if (err instanceof RangeNotSatisfiableError) throw err;
        if (isInvalidRange(err)) throw new RangeNotSatisfiableError(await sizeOf(Key));
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key, visibility) {
      await client.send(
        new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }),
      );
    },

    publicUrl(key) {
      assertStorageKey(key);
      return joinUrl(publicBaseUrl, key);
    },

    signedUrl(key, ttlSeconds) {
      const command = new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, 'private') });
      return getSignedUrl(client, command, { expiresIn: Math.max(1, Math.floor(ttlSeconds)) });
    },

    async ensureBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (err) {
        if (!isNotFound(err)) throw err;
      }
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const name = (err as { name?: string }).name;
        if (name !== 'BucketAlreadyOwnedByYou' && name !== 'BucketAlreadyExists') throw err;
      }
    },

    async close() {
      client.destroy();
    },
  };
}
