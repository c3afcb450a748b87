import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const script = path.join(root, 'infra/containers/prune-images.sh');

/**
 * A stand-in for the podman/docker client: `images` lists the given images, `rmi` records what it
 * was asked to remove. The real client needs an engine; the script's logic does not.
 */
function fakeEngine(images: string[]): { cli: string; removed: () => string[]; dir: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'touchline-fake-engine-'));
  const log = path.join(dir, 'rmi.log');
  writeFileSync(log, '');
  const cli = path.join(dir, 'podman');
  writeFileSync(
    cli,
    [
      '#!/bin/sh',
      'case "$1" in',
      '  images) cat <<"LIST"',
      ...images,
      'LIST',
      '  ;;',
      `  rmi) echo "$2" >> '${log}' ;;`,
      '  *) exit 2 ;;',
      'esac',
    ].join('\n'),
  );
  chmodSync(cli, 0o755);
  return {
    cli,
    dir,
    removed: () => readFileSync(log, 'utf8').split('\n').filter(Boolean),
  };
}

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function prune(images: string[], keep: string[]) {
  const engine = fakeEngine(images);
  dirs.push(engine.dir);
  const result = spawnSync('bash', [script, ...keep], {
    env: { ...process.env, CONTAINER_CLI: engine.cli },
    encoding: 'utf8',
  });
  return { ...result, removed: engine.removed() };
}

const PG = 'touchline-postgres:15.20-0-deb12u1-rabcdef12';
const REDIS = 'touchline-redis:5-7.0.15-1-deb12u6-rabcdef12';

describe('the test images clean-up after a build', () => {
  it('ends cleanly on an engine that has no older images (the first build)', () => {
    const result = prune(
      [
        `localhost/${PG}`,
        `localhost/${REDIS}`,
        'localhost/touchline-postgres:15',
        'localhost/touchline-redis:7',
      ],
      [PG, REDIS],
    );
    expect(result.stderr).toContain('removed 0 older image(s)');
    expect(result.status).toBe(0);
    expect(result.removed).toEqual([]);
  });

  it('ends cleanly on an engine with no images at all', () => {
    const result = prune([], [PG, REDIS]);
    expect(result.status).toBe(0);
  });

  it('removes older builds and keeps the current ones, the aliases and other images', () => {
    const result = prune(
      [
        `localhost/${PG}`,
        'localhost/touchline-postgres:15.19-0-deb12u1-r11111111',
        'localhost/touchline-postgres:15',
        REDIS,
        'touchline-redis:5-7.0.15-1-deb12u5-rabcdef12',
        'touchline-redis:7',
        'localhost/something-else:1',
      ],
      [PG, REDIS],
    );
    expect(result.status).toBe(0);
    expect(result.removed.sort()).toEqual([
      'localhost/touchline-postgres:15.19-0-deb12u1-r11111111',
      'touchline-redis:5-7.0.15-1-deb12u5-rabcdef12',
    ]);
  });
});
