import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions, wrapPglite } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

/**
 * The embedded database's pre-migrated template (issue 24, item 4): a PGlite data directory with
 * every migration applied, dumped at build time (`npm run build:server`) beside the server's
 * bundle. A fresh data directory starts from it instead of running initdb and the migrations
 * (most of a cold start's CPU). It is used only when its fingerprint (the migrations' files and
 * PGlite's version) matches the running code; otherwise the start migrates as before.
 */
export const TEMPLATE_FILE = 'pglite-template.tar.gz';
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

/** Builds the template into `outDir` (two files, each written whole, then renamed into place). */
export async function writePgliteTemplate(outDir: string): Promise<TemplateMeta> {
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    await migrateDatabase(wrapPglite(client));
    const dump = await client.dumpDataDir('gzip');
    const bytes = Buffer.from(await dump.arrayBuffer());
    const meta: TemplateMeta = {
      fingerprint: templateFingerprint(),
      bytes: bytes.length,
      builtAt: new Date().toISOString(),
    };
    await mkdir(outDir, { recursive: true });
    const file = path.join(outDir, TEMPLATE_FILE);
    await writeFile(`${file}.tmp`, bytes);
    await rename(`${file}.tmp`, file);
    await writeFile(path.join(outDir, META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
    return meta;
  } finally {
    await client.close();
  }
}

/**
 * The template in `dir` as a Blob for `createDatabase({ loadDataDir })`, or why it cannot be
 * used (missing, or built from other migrations or another PGlite).
 */
export async function readPgliteTemplate(
  dir: string,
): Promise<{ template: Blob } | { template?: undefined; reason: string }> {
  const file = path.join(dir, TEMPLATE_FILE);
  const metaFile = path.join(dir, META_FILE);
  if (!existsSync(file) || !existsSync(metaFile)) return { reason: `no ${TEMPLATE_FILE}` };
  const meta = JSON.parse(await readFile(metaFile, 'utf8')) as TemplateMeta;
  if (meta.fingerprint !== templateFingerprint()) {
    return { reason: 'the template was built from other migrations' };
  }
  return { template: new Blob([await readFile(file)]) };
}

/** True when PGlite has never initialised this data directory (no PG_VERSION in it). */
export function isFreshPgliteDir(dataDir: string): boolean {
  return !existsSync(path.join(dataDir, 'PG_VERSION'));
}
