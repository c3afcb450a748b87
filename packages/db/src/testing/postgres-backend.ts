import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createDatabase } from '../client';
import type { PostgresHandle } from '../client';
import { migrateDatabase } from '../migrate';
import { migrationsHash } from './migrations-hash';

/** Serialises template creation across the parallel test processes sharing one server. */
const TEMPLATE_LOCK_KEY = 727_104_002;

const templates = new Map<string, Promise<string>>();

/** Test databases are named `tl_test_<base-36 creation time>_<random>`, so leftovers can age out. */
const TEST_DB_PATTERN = /^tl_test_([0-9a-z]+)_[0-9a-f]+$/;
const LEFTOVER_AGE_MS = 60 * 60 * 1000;
/** 2024-01-01: a creation time before this is some other name that happens to match. */
const EARLIEST_TEST_DB = Date.UTC(2024, 0, 1);

/**
 * Drops test databases an aborted run left behind (older than an hour). Without FORCE, so a
 * database still in use is never touched.
 */
async function dropLeftovers(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>(
    `select datname from pg_database where starts_with(datname, 'tl_test_')`,
  );
  for (const { datname } of rows) {
    const createdAt = parseInt(TEST_DB_PATTERN.exec(datname)?.[1] ?? '', 36);
    // Only names that carry a creation time: `tl_test_empty_…` parses as a time in 1970.
    if (!(createdAt > EARLIEST_TEST_DB && Date.now() - createdAt > LEFTOVER_AGE_MS)) continue;
    await admin.query(`drop database if exists "${datname}"`).catch(() => undefined);
  }
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `touchline_template_<migrations hash>` once per server: built under another name,
 * migrated, then renamed, so a crash mid-build never leaves a half-migrated template behind.
 */
function ensureTemplate(adminUrl: string): Promise<string> {
  const name = `touchline_template_${migrationsHash()}`;
  let pending = templates.get(adminUrl);
  if (!pending) {
    pending = withAdmin(adminUrl, async (admin) => {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
      try {
        await dropLeftovers(admin);
        const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
        if (found.rowCount) return name;
        const building = `${name}_building`;
        await admin.query(`drop database if exists "${building}" with (force)`);
        await admin.query(`create database "${building}"`);
        const handle = await createDatabase({ url: withDatabase(adminUrl, building), poolMax: 1 });
        try {
          await migrateDatabase(handle);
        } finally {
          await handle.close();
        }
        await admin.query(`alter database "${building}" rename to "${name}"`);
        await admin.query(`alter database "${name}" is_template true`);
        return name;
      } finally {
        await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
      }
    });
    templates.set(adminUrl, pending);
    pending.catch(() => templates.delete(adminUrl));
  }
  return pending;
}

/** A new database copied from the migrated template; closing the handle drops it. */
export async function createPostgresTestDatabase(
  adminUrl: string,
  onQuery: (sql: string) => void,
): Promise<PostgresHandle & { url: string }> {
  const template = await ensureTemplate(adminUrl);
  const name = `tl_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(adminUrl, (admin) =>
    admin.query(`create database "${name}" template "${template}"`),
  );
  const url = withDatabase(adminUrl, name);
  const handle = await createDatabase({ url, poolMax: 5, onQuery });
  if (handle.kind !== 'postgres') throw new Error('expected a Postgres handle');
  const closeConnections = handle.close;
  let dropping: Promise<void> | undefined;
  return {
    ...handle,
    url,
    close() {
      dropping ??= closeConnections().then(() =>
        withAdmin(adminUrl, async (admin) => {
          await admin.query(`drop database if exists "${name}" with (force)`);
        }),
      );
      return dropping;
    },
  };
}
