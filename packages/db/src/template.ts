import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, wrapPglite } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/**
 * The embedded database's pre-migrated template (issue 24, item 4): a PGlite data directory with
 * every migration applied, made at build time (`npm run build:server`) beside the server's
 * bundle. A fresh data directory starts as a copy of it instead of running initdb and the
 * migrations (most of a cold start's CPU). It is a plain directory, not a `dumpDataDir()` archive:
 * copying 40 MB of files costs a fraction of what unpacking the archive inside PGlite does
 * (decision 62). It is used only when its fingerprint (the migrations' files and PGlite's
 * version) matches the running code; otherwise the start migrates as before.
 */
export const TEMPLATE_DIR = 'pglite-template';
const META_FILE = 'pglite-template.json';

type TemplateMeta = { fingerprint: string; bytes: number; builtAt: string };

function pgliteVersion(): string {
  try {
    const manifest = new URL('../package.json', import.meta.resolve('@electric-sql/pglite'));
    return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/** What the template depends on: every migration file (journal included) and PGlite's version. */
export function templateFingerprint(folder = migrationsFolder): string {
  const hash = createHash('sha256').update(`pglite ${pgliteVersion()}\n`);
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(`${path.relative(folder, file)}\n`).update(readFileSync(file));
    }
  };
  walk(folder);
  return hash.digest('hex');
}

/** Builds the template into `outDir`: the directory made beside it, then renamed into place. */
export async function writePgliteTemplate(outDir: string): Promise<TemplateMeta> {
  const target = path.join(outDir, TEMPLATE_DIR);
  const building = `${target}.building`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  const client = await PGlite.create({ dataDir: building, extensions: pgliteExtensions });
  try {
    await migrateDatabase(wrapPglite(client));
  } finally {
    // Closed cleanly: a copy then starts without crash recovery.
    await client.close();
  }
  const meta: TemplateMeta = {
    fingerprint: templateFingerprint(),
    bytes: directoryBytes(building),
    builtAt: new Date().toISOString(),
  };
  await rm(target, { recursive: true, force: true });
  await rename(building, target);
  await writeFile(path.join(outDir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  return meta;
}

function directoryBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return bytes;
}

/**
 * The template directory in `dir`, or why it cannot be used (missing, or built from other
 * migrations or another PGlite).
 */
export async function readPgliteTemplate(
  dir: string,
): Promise<{ template: string } | { template?: undefined; reason: string }> {
  const template = path.join(dir, TEMPLATE_DIR);
  const metaFile = path.join(dir, META_FILE);
  if (!existsSync(path.join(template, 'PG_VERSION')) || !existsSync(metaFile)) {
    return { reason: `no ${TEMPLATE_DIR}` };
  }
  const meta = JSON.parse(await readFile(metaFile, 'utf8')) as TemplateMeta;
  if (meta.fingerprint !== templateFingerprint()) {
    return { reason: 'the template was built from other migrations' };
  }
  return { template };
}

/**
 * Makes the fresh data directory `dataDir` a copy of the template: copied beside it, then renamed
 * into place, so a start stopped halfway leaves no half-copied database that looks initialised.
 * Synchronous on purpose: nothing else runs yet, and Node's `cpSync` costs a third less CPU than
 * `fs.promises.cp` for the template's 1,300 files.
 */
export function copyPgliteTemplate(template: string, dataDir: string): void {
  const partial = `${dataDir}.copying`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(path.dirname(dataDir), { recursive: true });
  cpSync(template, partial, { recursive: true });
  // An empty directory left where the data directory goes (made by an earlier start) is replaced.
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(partial, dataDir);
}

/** True when PGlite has never initialised this data directory (no PG_VERSION in it). */
export function isFreshPgliteDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}
