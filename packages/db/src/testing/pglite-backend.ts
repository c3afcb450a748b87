import { readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, wrapPglite } from '../client';
import type { PgliteHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { migrationsHash } from './migrations-hash';

/*
 * Vitest runs every test file in a fresh process, so "once per process" alone would migrate a
 * new PGlite per file (2–5 s). The migrated template's data directory is therefore also kept
 * as a tarball in the OS temp directory, keyed by PGlite version and migrations; each process
 * loads it once, and every test database is a copy of it (what `PGlite.clone()` does inside:
 * dump the data directory, create an instance from the dump).
 */
const pgliteEntry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const pgliteVersion = (
  JSON.parse(readFileSync(path.join(pgliteEntry, '../../package.json'), 'utf8')) as {
    version: string;
  }
).version;
const cacheDir = path.join(os.tmpdir(), 'touchline-db-test');

let templateDump: Promise<Blob> | undefined;

async function buildTemplateDump(): Promise<Blob> {
  const file = path.join(cacheDir, `pglite-${pgliteVersion}-${migrationsHash()}.tar.gz`);
  try {
    const bytes = await readFile(file);
    return new Blob([bytes]);
  } catch {
    // not cached yet: build it below
  }
  const template = wrapPglite(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    await migrateDatabase(template);
    const dump = await template.client.dumpDataDir('gzip');
    await mkdir(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.${Date.now()}.partial`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file); // atomic: a concurrent reader sees all of it or nothing
    return dump;
  } finally {
    await template.close();
  }
}

/** A fresh in-memory PGlite holding the migrated schema and nothing else. */
export async function createPgliteTestDatabase(
  onQuery: (sql: string) => void,
): Promise<PgliteHandle> {
  templateDump ??= buildTemplateDump();
  const dump = await templateDump;
  const client = await PGlite.create({ loadDataDir: dump, extensions: pgliteExtensions });
  return wrapPglite(client, onQuery);
}
