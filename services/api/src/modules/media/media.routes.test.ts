import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3rver } from '@touchline/drivers/testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { parseRangeHeader } from './media.range';

type S3rver = Awaited<ReturnType<typeof startS3rver>>;

describe('Range header parsing', () => {
  it('reads one range of bytes and ignores what it cannot serve as one part', () => {
    expect(parseRangeHeader('bytes=0-99')).toEqual({ start: 0, end: 99 });
    expect(parseRangeHeader('bytes=100-')).toEqual({ start: 100 });
    expect(parseRangeHeader('bytes=-500')).toEqual({ suffix: 500 });
    expect(parseRangeHeader(' bytes = 5 - 9 ')).toEqual({ start: 5, end: 9 });
    for (const ignored of [
      undefined,
      '',
      'bytes=0-1,5-9',
      'bytes=9-5',
      'bytes=-',
      'items=0-5',
      'bytes=a-b',
      'bytes=1-2-3',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseRangeHeader(ignored), String(ignored)).toBeNull();
    }
  });
});

const backends: { name: string; env: () => Record<string, string> }[] = [
  { name: 'local disk', env: () => ({}) },
  {
    name: 's3',
    env: () => ({
      S3_ENDPOINT: s3rver.endpoint,
      S3_BUCKET: 'touchline-media-range',
      S3_ACCESS_KEY_ID: s3rver.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3rver.secretAccessKey,
    }),
  },
];

let s3rver: S3rver;
beforeAll(async () => {
  s3rver = await startS3rver();
});
afterAll(async () => s3rver?.close());

describe.each(backends)('/media/* byte ranges ($name)', ({ env }) => {
  let t: TestApp;
  const video = randomBytes(64 * 1024);
  const key = `videos/${randomBytes(6).toString('hex')}.mp4`;

  beforeAll(async () => {
    t = await createTestApp({ env: env() });
    await t.drivers.storage.put({
      key,
      body: video,
      contentType: 'video/mp4',
      visibility: 'public',
    });
  });
  afterAll(async () => t?.close());

  const get = (range?: string, url = `/media/${key}`) =>
    t.app.inject({ method: 'GET', url, headers: range === undefined ? {} : { range } });

  it('serves the whole file with Accept-Ranges when no range is asked', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'video/mp4',
      'content-length': String(video.length),
    });
    expect(res.headers['content-range']).toBeUndefined();
    expect(res.rawPayload.equals(video)).toBe(true);
  });

  it('answers a range with 206, Content-Range and exactly those bytes', async () => {
    const total = video.length;
    const cases: [string, number, number][] = [
      ['bytes=0-1', 0, 1], // Safari's first probe
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=60000-', 60000, total - 1], // Chrome seeking
      ['bytes=-100', total - 100, total - 1],
      ['bytes=65000-99999999', 65000, total - 1], // clipped to the end
    ];
    for (const [range, start, end] of cases) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(206);
      expect(res.headers, range).toMatchObject({
        'accept-ranges': 'bytes',
        'content-type': 'video/mp4',
        'content-range': `bytes ${start}-${end}/${total}`,
        'content-length': String(end - start + 1),
      });
      expect(res.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers 416 with the size when the range starts past the end', async () => {
    for (const range of [`bytes=${video.length}-`, 'bytes=99999999-99999999', 'bytes=-0']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range'], range).toBe(`bytes */${video.length}`);
      expect(res.headers['accept-ranges']).toBe('bytes');
    }
  });

  it('serves the whole file for several ranges or a range it cannot read', async () => {
    for (const range of ['bytes=0-1,10-20', 'bytes=20-10', 'lines=1-2']) {
      const res = await get(range);
      expect(res.statusCode, range).toBe(200);
      expect(res.rawPayload.equals(video), range).toBe(true);
    }
  });

  it('still answers 404 for a missing file, whatever the range', async () => {
    const res = await get('bytes=0-10', `/media/videos/missing.mp4`);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});

describe('/media-private/* byte ranges', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers a range of a signed private file, and nothing without the signature', async () => {
    const bytes = randomBytes(5000);
    await t.drivers.storage.put({
      key: 'licences/range.pdf',
      body: bytes,
      contentType: 'application/pdf',
      visibility: 'private',
    });
    const url = await t.drivers.storage.signedUrl('licences/range.pdf', 60);
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/5000');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes.subarray(10, 20))).toBe(true);

    const unsigned = await t.app.inject({
      method: 'GET',
      url: '/media-private/licences/range.pdf',
      headers: { range: 'bytes=10-19' },
    });
    expect([400, 404]).toContain(unsigned.statusCode);
  });
});
