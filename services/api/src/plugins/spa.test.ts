import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { COMPRESS_THRESHOLD_BYTES } from './compress';

const INDEX = `<!doctype html><title>Touchline</title><div id="root"></div>${'<!-- pad -->'.repeat(80)}`;
const SCRIPT = `console.log(${JSON.stringify('touchline '.repeat(200))});`;

/** A build as `npm run build -w web` leaves it: files with their .br and .gz copies, a manifest. */
async function fakeBuild(dir: string) {
  const write = async (name: string, body: string, compressed = true) => {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), body);
    if (!compressed) return;
    await writeFile(path.join(dir, `${name}.br`), brotliCompressSync(body));
    await writeFile(path.join(dir, `${name}.gz`), gzipSync(body));
  };
  await write('index.html', INDEX);
  await write('assets/index-Abc123.js', SCRIPT);
  await write('favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>', false);
  await write('sw.js', 'self.addEventListener("fetch", () => {});', false);
  await write('manifest.webmanifest', '{"name":"Touchline"}', false);
  await write('.vite/manifest.json', '{"index.html":{"file":"assets/index-Abc123.js"}}', false);
}

describe('the SPA: precompressed files, caching, HEAD', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = await mkdtemp(path.join(tmpdir(), 'touchline-spa-'));
    await fakeBuild(dist);
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers });

  it('serves a hashed asset as its brotli copy, immutable for a year', async () => {
    const res = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('serves the gzip copy to a client without brotli, and the file itself to one without either', async () => {
    const gzip = await get('/assets/index-Abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-Abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers index.html for the root and client routes, revalidated with an ETag', async () => {
    for (const url of ['/', '/home', '/academy/home?tab=1']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);

      const again = await get(url, {
        'accept-encoding': 'br',
        'if-none-match': String(res.headers.etag),
      });
      expect(again.statusCode, url).toBe(304);
    }
  });

  it('answers HEAD like GET on SPA paths and files, without a body', async () => {
    for (const url of ['/', '/home', '/assets/index-Abc123.js']) {
      const [head, getRes] = [await get(url, {}, 'HEAD'), await get(url)];
      expect(head.statusCode, url).toBe(200);
      expect(head.headers['content-type'], url).toBe(getRes.headers['content-type']);
      expect(head.headers['cache-control'], url).toBe(getRes.headers['cache-control']);
      expect(head.body, url).toBe('');
    }
  });

  it('serves unhashed public files briefly cached, uncompressed when no copy exists', async () => {
    const res = await get('/favicon.svg', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('has the service worker and the web app manifest revalidated on every check', async () => {
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.etag, url).toBeTruthy();
    }
  });

  it("never publishes the build's manifest", async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.body).not.toContain('index-Abc123');
  });

  it('compresses API JSON above the threshold, and leaves small answers alone', async () => {
    const big = await get('/api/docs/json', { 'accept-encoding': 'gzip, deflate, br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString());
    expect(json.openapi).toBeTruthy();

    const gzip = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const small = await get('/api/no-such-route', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(404);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBeTruthy();
  });
});
