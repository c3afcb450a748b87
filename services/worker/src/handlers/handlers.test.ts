import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uuidv7 } from '@touchline/db';
import { createMediaObject, getMediaObject } from '@touchline/db/media';
import { JOBS } from '@touchline/shared';
import { assertHandlers, createJobHandlers, MissingHandlerError } from '.';
import { createWorkerEnv } from '../testing/worker-env';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

async function read(body: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  for await (const c of body) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks);
}

describe('job registry', () => {
  it('has a handler for every job of the contract', async () => {
    const env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    const handlers = createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() });
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(JOBS).sort());
    expect(() => assertHandlers(handlers)).not.toThrow();
    await env.close();
  });

  it('refuses to start when a job has no handler', () => {
    expect(() => assertHandlers({ 'email.send': async () => undefined })).toThrow(
      MissingHandlerError,
    );
    expect(() => assertHandlers({ 'email.send': async () => undefined })).toThrow(/media\.process/);
  });
});

describe('media.process', () => {
  let env: Env;
  afterEach(async () => env?.close());

  it('re-encodes an uploaded photo without its location data and makes display and thumbnail sizes', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    const withGps = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: '#2a7' },
    })
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 27/1 0/1' },
      })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const id = uuidv7();
    const key = `images/${id}.jpg`;
    await drivers.storage.put({
      key,
      body: withGps,
      contentType: 'image/jpeg',
      visibility: 'public',
    });
    await createMediaObject(env.db, {
      id,
      ownerId: null,
      key,
      visibility: 'public',
      kind: 'image',
      contentType: 'image/jpeg',
      byteSize: withGps.length,
    });

    const handlers = createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() });
    await handlers['media.process']({
      id: 'job-1',
      name: 'media.process',
      data: { mediaId: id },
      attempt: 1,
    });

    const media = await getMediaObject(env.db, id);
    expect(media?.status).toBe('ready');
    expect(media?.width).toBe(1600);
    const original = await read((await drivers.storage.get(key, 'public'))!.body);
    const meta = await sharp(original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.format).toBe('jpeg');
    const display = await sharp(
      await read((await drivers.storage.get(media!.variants.display!, 'public'))!.body),
    ).metadata();
    expect(display.width).toBe(1280);
    expect(display.format).toBe('webp');
    const thumb = await sharp(
      await read((await drivers.storage.get(media!.variants.thumb!, 'public'))!.body),
    ).metadata();
    expect(thumb.width).toBe(320);
  });
});
