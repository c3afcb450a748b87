import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';

type UploadInput = {
  bucket: string;
  key: string;
  contentType: string;
  body: Readable;
  partSize: number;
};

/** Reads a stream into buffers of exactly `partSize` bytes (the last one may be shorter). */
async function* parts(body: Readable, partSize: number): AsyncGenerator<Buffer> {
  let chunks: Buffer[] = [];
  let size = 0;
  let emitted = false;
  for await (const chunk of body) {
    let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    while (size + data.length >= partSize) {
      const take = partSize - size;
      chunks.push(data.subarray(0, take));
      yield Buffer.concat(chunks);
      emitted = true;
      data = data.subarray(take);
      chunks = [];
      size = 0;
    }
    if (data.length > 0) {
      chunks.push(data);
      size += data.length;
    }
  }
  if (size > 0 || !emitted) yield Buffer.concat(chunks);
}

/**
 * Uploads a stream of unknown length with bounded memory: a stream shorter than one part is one
 * PutObject with its exact length; a longer one is a multipart upload, aborted on failure.
 * (The SDK alone cannot: PutObject needs Content-Length, and @aws-sdk/lib-storage is not a
 * dependency.)
 */
export async function uploadStream(client: S3Client, input: UploadInput): Promise<void> {
  // Loaded already by the S3 driver that calls this (decision 68: not by every start).
  const {
    AbortMultipartUploadCommand,
    CompleteMultipartUploadCommand,
    CreateMultipartUploadCommand,
    PutObjectCommand,
    UploadPartCommand,
  } = await import('@aws-sdk/client-s3');
  const { bucket, key, contentType, body, partSize } = input;
  const iterator = parts(body, partSize);
  const first = await iterator.next();
  const firstPart = first.done ? Buffer.alloc(0) : first.value;
  const second = first.done ? first : await iterator.next();
  if (second.done) {
    await client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: key,
        Body: firstPart,
        ContentType: contentType,
        ContentLength: firstPart.length,
      }),
    );
    return;
  }

  const { UploadId } = await client.send(
    new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: contentType }),
  );
  if (!UploadId) throw new Error('S3 did not return an upload id');
  const completed: CompletedPart[] = [];
  const sendPart = async (part: Buffer) => {
    const PartNumber = completed.length + 1;
    const { ETag } = await client.send(
      new UploadPartCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        PartNumber,
        Body: part,
        ContentLength: part.length,
      }),
    );
    completed.push({ ETag, PartNumber });
  };
  try {
    await sendPart(firstPart);
    await sendPart(second.value);
    for await (const part of iterator) await sendPart(part);
    await client.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: key,
        UploadId,
        MultipartUpload: { Parts: completed },
      }),
    );
  } catch (err) {
    await iterator.return(undefined); // stops reading and destroys the source stream
    await client
      .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId }))
      .catch(() => {});
    throw err;
  }
}
