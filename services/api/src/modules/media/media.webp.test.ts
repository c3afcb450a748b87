import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { acceptsWebp } from './media.routes';
import {
  processedImageFiles,
  processImage,
  putProcessedImage,
  storageKeysOf,
  type ImageVariants,
} from './media.uploads';

const VARIANTS: ImageVariants = {
  display: { width: 640, height: 640, fit: 'inside' },
  thumb: { width: 160, height: 160, fit: 'inside' },
};

/** A photo-like picture: smooth gradients and waves (a flat colour would compress like a PNG). */
async function photo(format: 'jpeg' | 'png' | 'webp') {
  const width = 800;
  const height = 600;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128 + 90 * Math.sin(x / 23) * Math.cos(y / 31);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const BROWSER_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

describe('WebP copies of processed images', () => {
  it('a JPEG upload gets a smaller WebP copy of every variant, same size, recorded as <name>_webp', async () => {
    const image = await processImage(await photo('jpeg'), VARIANTS);
    expect(image.mime).toBe('image/jpeg');
    expect(Object.keys(image.webpKeys).sort()).toEqual(['display_webp', 'thumb_webp']);
    expect(image.webpKeys.display_webp).toBe(`images/${image.id}.display.webp`);
    for (const copy of image.webp) {
      const original = image.outputs.find((o) => `${o.name}_webp` === copy.name)!;
      const meta = await sharp(copy.data).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([original.width, original.height]);
      expect(copy.data.length).toBeLessThan(original.data.length);
      // Re-encoded from pixels: no metadata rides along.
      expect(meta.exif).toBeUndefined();
    }
    // Deleting the image deletes its copies too.
    const keys = storageKeysOf(processedImageFiles(image)).map(([key]) => key);
    expect(keys).toEqual(expect.arrayContaining(Object.values(image.webpKeys)));
  });

  it('a WebP upload needs no copy', async () => {
    const image = await processImage(await photo('webp'), VARIANTS);
    expect(image.mime).toBe('image/webp');
    expect(image.webp).toEqual([]);
    expect(image.webpKeys).toEqual({});
  });

  it('makes no copy when the caller stores the outputs itself (webp: false)', async () => {
    const image = await processImage(await photo('png'), VARIANTS, { webp: false });
    expect(image.webp).toEqual([]);
  });

  it('reads the Accept header of image requests', () => {
    expect(acceptsWebp(BROWSER_ACCEPT)).toBe(true);
    expect(acceptsWebp('image/webp;q=0.5')).toBe(true);
    expect(acceptsWebp('image/webp;q=0, image/*')).toBe(false);
    expect(acceptsWebp('image/*,*/*;q=0.8')).toBe(false);
    expect(acceptsWebp(undefined)).toBe(false);
  });
});

describe('/media/* answers the WebP copy to browsers that accept it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const get = (url: string, accept?: string) =>
    t.app.inject({ method: 'GET', url, headers: accept ? { accept } : {} });

  it('WebP with Vary: Accept when accepted and stored; the original otherwise', async () => {
    const image = await processImage(await photo('jpeg'), VARIANTS);
    await putProcessedImage(t.drivers.storage, image);
    const url = t.drivers.storage.publicUrl(image.display.key);

    const webp = await get(url, BROWSER_ACCEPT);
    expect(webp.statusCode).toBe(200);
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers.vary).toMatch(/accept/i);
    expect(webp.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(webp.rawPayload.equals(image.webp.find((o) => o.name === 'display_webp')!.data)).toBe(
      true,
    );

    const jpeg = await get(url, 'image/*,*/*;q=0.8');
    expect(jpeg.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.headers.vary).toMatch(/accept/i);
    expect(jpeg.rawPayload.equals(image.display.data)).toBe(true);

    // A byte range of the copy still answers 206.
    const ranged = await t.app.inject({
      method: 'GET',
      url,
      headers: { accept: BROWSER_ACCEPT, range: 'bytes=0-9' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-type']).toBe('image/webp');
  });

  it('an image stored without a copy answers its original; a missing one still 404', async () => {
    const image = await processImage(await photo('jpeg'), VARIANTS);
    await putProcessedImage(t.drivers.storage, { ...image, webp: [], webpKeys: {} });
    const res = await get(t.drivers.storage.publicUrl(image.variantKeys.thumb!), BROWSER_ACCEPT);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect((await get('/media/images/missing.display.jpg', BROWSER_ACCEPT)).statusCode).toBe(404);
  });
});
