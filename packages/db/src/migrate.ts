import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

/** The repository's `migrations/` folder, found from this file so any working directory works. */
export const migrationsFolder = fileURLToPath(new URL('../../../migrations', import.meta.url));

/** Serialises migrators of every process sharing one Postgres database. */
const MIGRATION_LOCK_KEY = 727_104_001;

export type MigrationResult = {
  /** Tags of the migrations this call applied, oldest first (empty when already up to date). */
  applied: string[];
  total: number;
};

const pgliteRuns = new WeakMap<object, Promise<MigrationResult>>();

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

function journalTags(folder: string): string[] {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((e) => e.tag);
}

async function appliedCount(query: Query): Promise<number> {
  const exists = await query(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as ok`,
  );
  if (!exists.rows[0]?.ok) return 0;
  const { rows } = await query('select count(*)::int as n from drizzle.__drizzle_migrations');
  return Number(rows[0]?.n ?? 0);
}

async function run(query: Query, folder: string, apply: () => Promise<void>) {
  const tags = journalTags(folder);
  const before = await appliedCount(query);
  await apply();
  const after = await appliedCount(query);
  return { applied: tags.slice(before, after), total: tags.length };
}

/**
 * The migrations not applied to the database yet, oldest first (empty: up to date). A database
 * migrated by a newer release answers empty too: old code runs on a newer schema during a
 * rolling upgrade (docs/operations.md "Migrations and upgrades").
 */
export async function pendingMigrations(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string } = {},
): Promise<string[]> {
  const query: Query =
    handle.kind === 'pglite'
      ? (text) => handle.client.query<Record<string, unknown>>(text)
      : (text) => handle.client.query(text);
  return journalTags(options.migrationsFolder ?? migrationsFolder).slice(await appliedCount(query));
}

/**
 * Why a process of the scaled mode must not start on this database — it has migrations to apply —
 * with the step to take; null when it is up to date. The API and the worker refuse to start with
 * it (scaled mode migrates once per release, before any instance starts).
 */
export async function notMigratedReason(handle: DatabaseHandle): Promise<string | null> {
  const pending = await pendingMigrations(handle);
  if (pending.length === 0) return null;
  const range = pending.length > 1 ? `${pending[0]} … ${pending.at(-1)}` : pending[0];
  return (
    `The database at DATABASE_URL is not migrated: ${pending.length} migration${pending.length === 1 ? '' : 's'} to apply (${range}).\n` +
    'Run `npm run db:migrate` with the same DATABASE_URL (in the image: `node dist/migrate.js`), then start again.'
  );
}

/**
 * Applies pending migrations. On Postgres it holds a session advisory lock on one connection
 * for the whole run, so several processes starting together migrate once, one after another.
 */
export async function migrateDatabase(
  handle: DatabaseHandle,
  options: { migrationsFolder?: string } = {},
): Promise<MigrationResult> {
  const folder = options.migrationsFolder ?? migrationsFolder;
  if (handle.kind === 'pglite') {
    // One process owns a PGlite: an in-process queue is the lock (advisory locks are re-entrant
    // within its single session, so they would not serialise two calls here).
    const pglite = handle.client;
    const previous = pgliteRuns.get(pglite) ?? Promise.resolve();
    const current = previous
      .catch(() => undefined)
      .then(() =>
        run(
          (text) => pglite.query<Record<string, unknown>>(text),
          folder,
          () => migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: folder }),
        ),
      );
    pgliteRuns.set(pglite, current);
    return current;
  }
  const [{ drizzle: drizzleNodePg }, { migrate: migrateNodePg }] = await Promise.all([
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const client = await handle.client.connect();
  let broken: Error | undefined;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      return await run(
        (text) => client.query(text),
        folder,
        () => migrateNodePg(drizzleNodePg({ client }), { migrationsFolder: folder }),
      );
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch((error) => {
        broken = error as Error; // a connection that may still hold the lock must not be reused
      });
    }
  } finally {
    client.release(broken);
  }
}
