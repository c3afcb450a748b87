import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAppSecret } from './secrets';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'touchline-secret-'));
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('the development secret file', () => {
  it('is created once with 32 random bytes and reused', async () => {
    const first = await resolveAppSecret(undefined, dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await resolveAppSecret(undefined, dir)).toBe(first);
    expect((await readFile(path.join(dir, 'app-secret'), 'utf8')).trim()).toBe(first);
  });

  it('is refused when shorter than 32 bytes', async () => {
    await writeFile(path.join(dir, 'app-secret'), 'short-secret\n');
    await expect(resolveAppSecret(undefined, dir)).rejects.toThrow(/shorter than 32 bytes/);
    await writeFile(path.join(dir, 'app-secret'), '');
    await expect(resolveAppSecret(undefined, dir)).rejects.toThrow(/shorter than 32 bytes/);
  });

  it('is not read when APP_SECRET is given', async () => {
    await writeFile(path.join(dir, 'app-secret'), 'short');
    expect(await resolveAppSecret('x'.repeat(32), dir)).toBe('x'.repeat(32));
  });
});
