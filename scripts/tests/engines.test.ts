import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const nvmrc = readFileSync(path.join(root, '.nvmrc'), 'utf8').trim();
const rootPackage = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<
    string,
    { engines?: { node?: string } | string[]; os?: string[]; cpu?: string[]; libc?: string[] }
  >;
};

/** npm skips a package built for another system (sharp's win32 binaries, say) and checks no engine of it. */
const forThisSystem = (list: string[] | undefined, value: string) =>
  !list ||
  list.includes(value) ||
  (list.every((v) => v.startsWith('!')) && !list.includes(`!${value}`));

/** Every package the lockfile installs that names a Node range, with that range. */
const nodeRanges = Object.entries(lock.packages).flatMap(([where, entry]) => {
  const engines = entry.engines;
  if (!where || !engines || Array.isArray(engines) || !engines.node) return [];
  if (!forThisSystem(entry.os, process.platform) || !forThisSystem(entry.cpu, process.arch))
    return [];
  return [{ where, range: engines.node }];
});

describe('the supported runtime (docs/decisions.md §39)', () => {
  it('.nvmrc names a Node the project itself accepts', () => {
    expect(semver.satisfies(nvmrc, rootPackage.engines.node)).toBe(true);
  });

  it('every installed dependency supports the Node in .nvmrc, so `npm install` on it warns of no engine', () => {
    expect(nodeRanges.length).toBeGreaterThan(50);
    const unsupported = nodeRanges.filter(({ range }) => !semver.satisfies(nvmrc, range));
    expect(unsupported).toEqual([]);
  });

  it('every installed dependency supports the oldest Node that `engines` allows', () => {
    const oldest = semver.minVersion(rootPackage.engines.node)?.version;
    expect(oldest).toBeDefined();
    const unsupported = nodeRanges.filter(({ range }) => !semver.satisfies(oldest!, range));
    expect(unsupported).toEqual([]);
  });
});
