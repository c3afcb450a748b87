import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder } from '../migrate';

let cached: string | undefined;

/** A short digest of every file under `migrations/`: a new migration means a new template. */
export function migrationsHash(): string {
  if (cached) return cached;
  const hash = createHash('sha256');
  const files = readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const file of files) {
    hash.update(path.relative(migrationsFolder, file)).update('\0');
    hash.update(readFileSync(file)).update('\0');
  }
  cached = hash.digest('hex').slice(0, 16);
  return cached;
}
