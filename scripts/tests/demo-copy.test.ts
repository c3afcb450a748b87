import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { stageDemoCopy } from '../lib/demo-copy.mjs';

// `npm start`'s launcher begins a first start's copy of the demo world before it imports the
// server (decision 68); the server then uses it or removes it (demo-template.test.ts).
const root = mkdtempSync(path.join(tmpdir(), 'touchline-demo-copy-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (rel: string, content: string) => {
  const target = path.join(root, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, content);
};
write('dist/pglite-demo/pglite/PG_VERSION', '18\n');
write('dist/pglite-demo/pglite/base/5/1259', 'a relation');
write('dist/pglite-demo/media/public/a/b.jpg', 'a picture');

describe("the launcher's copy of the demo world", () => {
  test('a fresh data directory on the defaults: the whole demo world, beside it', async () => {
    // A copy a stopped start left behind is replaced, not merged.
    write('.data/.demo-world.copying/pglite/left-over', 'from a stopped start');
    const staged = stageDemoCopy(root, {});
    expect(staged).toMatchObject({
      dataDir: path.join(root, '.data'),
      templateDir: path.join(root, 'dist'),
      dir: path.join(root, '.data', '.demo-world.copying'),
    });
    await staged!.done;
    const copied = (rel: string) => readFileSync(path.join(staged!.dir, rel), 'utf8');
    expect(copied('pglite/PG_VERSION')).toBe('18\n');
    expect(copied('pglite/base/5/1259')).toBe('a relation');
    expect(copied('media/public/a/b.jpg')).toBe('a picture');
    expect(existsSync(path.join(staged!.dir, 'pglite', 'left-over'))).toBe(false);
    // The data directory itself is left to the server.
    expect(existsSync(path.join(root, '.data', 'pglite'))).toBe(false);
  });

  test('the directories the environment names', async () => {
    const staged = stageDemoCopy(root, { DATA_DIR: path.join(root, 'elsewhere') });
    expect(staged?.dir).toBe(path.join(root, 'elsewhere', '.demo-world.copying'));
    await staged!.done;
    expect(
      stageDemoCopy(root, { PGLITE_TEMPLATE_DIR: path.join(root, 'nowhere') }),
    ).toBeUndefined();
  });

  test('nothing is copied for a database server, production, the demo off, or a data directory in use', () => {
    expect(stageDemoCopy(root, { DATABASE_URL: 'postgres://db/touchline' })).toBeUndefined();
    expect(stageDemoCopy(root, { APP_ENV: 'production' })).toBeUndefined();
    expect(stageDemoCopy(root, { SEED_DEMO: 'false' })).toBeUndefined();
    write('used/pglite/PG_VERSION', '18\n');
    expect(stageDemoCopy(root, { DATA_DIR: path.join(root, 'used') })).toBeUndefined();
  });
});
