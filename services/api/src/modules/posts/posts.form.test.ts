import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STALE_UPLOAD_MS, sweepStaleUploads } from './posts.form';

describe('stale upload sweep', () => {
  let dir = '';
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  it('removes upload files a killed request left behind, never one still being written', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'touchline-uploads-'));
    const now = Date.now();
    const old = path.join(dir, 'left-behind.upload');
    const fresh = path.join(dir, 'in-progress.upload');
    await writeFile(old, 'half a video');
    await writeFile(fresh, 'a video arriving');
    const twoHoursAgo = new Date(now - 2 * STALE_UPLOAD_MS);
    await utimes(old, twoHoursAgo, twoHoursAgo);

    expect(await sweepStaleUploads(dir, now)).toBe(1);
    expect(await readdir(dir)).toEqual(['in-progress.upload']);
    expect(await sweepStaleUploads(path.join(dir, 'missing'), now)).toBe(0);
  });
});
