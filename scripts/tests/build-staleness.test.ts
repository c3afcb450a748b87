import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { serverBuildReason, webBuildReason } from '../lib/build-staleness.mjs';

// `npm start`'s staleness checks (scripts/start.mjs, plain node): the server's outputs are the
// bundle and the template directories a fresh data directory is copied from: the migrated one
// (decision 62) and the demo world's (decision 66).
const root = mkdtempSync(path.join(tmpdir(), 'touchline-staleness-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const file = (rel: string, at: number) => {
  const target = path.join(root, rel);
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, '');
  utimesSync(target, at, at);
};
const t = 1_700_000_000;

describe('build staleness', () => {
  test('the server: missing templates, up to date, then a source newer than the build', () => {
    file('services/api/src/app.ts', t);
    file('dist/api.js', t + 10);
    file('dist/pglite-template.json', t + 10);
    expect(serverBuildReason(root)).toBe(`${path.join('dist', 'pglite-template')} is missing`);
    file('dist/pglite-template/PG_VERSION', t + 10);
    utimesSync(path.join(root, 'dist/pglite-template'), t + 10, t + 10);
    file('dist/pglite-demo.json', t + 10);
    expect(serverBuildReason(root)).toBe(`${path.join('dist', 'pglite-demo')} is missing`);
    file('dist/pglite-demo/pglite/PG_VERSION', t + 10);
    utimesSync(path.join(root, 'dist/pglite-demo'), t + 10, t + 10);
    expect(serverBuildReason(root)).toBeNull();
    // A changed demo seed is a server source: the demo world is built again.
    file('services/api/src/seed/demo-posts.ts', t + 15);
    expect(serverBuildReason(root)).toBe('server sources changed since the last build');
    file('dist/api.js', t + 16);
    for (const out of ['dist/pglite-template', 'dist/pglite-template.json']) {
      utimesSync(path.join(root, out), t + 16, t + 16);
    }
    for (const out of ['dist/pglite-demo', 'dist/pglite-demo.json']) {
      utimesSync(path.join(root, out), t + 16, t + 16);
    }
    expect(serverBuildReason(root)).toBeNull();
    // A test file is no source of the build.
    file('services/api/src/app.test.ts', t + 20);
    expect(serverBuildReason(root)).toBeNull();
    file('migrations/0099_new.sql', t + 20);
    expect(serverBuildReason(root)).toBe('server sources changed since the last build');
  });

  test('the web app: missing, up to date, then a shared source newer than the build', () => {
    expect(webBuildReason(root)).toBe('web/dist/index.html is missing');
    file('web/src/main.tsx', t);
    file('web/dist/index.html', t + 10);
    expect(webBuildReason(root)).toBeNull();
    file('packages/shared/src/index.ts', t + 20);
    expect(webBuildReason(root)).toBe('web sources changed since the last build');
  });
});
