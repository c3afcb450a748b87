import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { createDatabase } from './client';
import type { DatabaseHandle } from './client';
import { migrateDatabase, migrationsFolder, pendingMigrations } from './migrate';
import { createTestDatabase, testDatabaseAdminUrl } from './testing';

const adminUrl = testDatabaseAdminUrl();
const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
  entries: { tag: string }[];
};
const allTags = journal.entries.map((e) => e.tag);
const cleanups: (() => Promise<void>)[] = [];

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A database with nothing in it: a new PGlite, or a new empty database on the test server. */
async function emptyDatabase(): Promise<{ open: () => Promise<DatabaseHandle> }> {
  if (!adminUrl) return { open: () => createDatabase() };
  // The helpers' naming (creation time, then random), so their sweep of leftovers can age it.
  const name = `tl_test_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists "${name}" with (force)`);
    await dropper.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { open: () => createDatabase({ url: url.toString(), poolMax: 2 }) };
}

async function rows<T>(handle: DatabaseHandle, text: string): Promise<T[]> {
  if (handle.kind === 'pglite') return (await handle.client.query<T>(text)).rows;
  return (await handle.client.query(text)).rows as T[];
}

async function tableNames(handle: DatabaseHandle): Promise<string[]> {
  const query = `select table_name from information_schema.tables where table_schema = 'public'`;
  return (await rows<{ table_name: string }>(handle, query)).map((r) => r.table_name);
}

describe('migrateDatabase', () => {
  test('migrations apply on a fresh database, once even with two migrators at once', async () => {
    const empty = await emptyDatabase();
    const a = await empty.open();
    // Postgres: a second pool, as a second process would have. PGlite has a single owner.
    const b = adminUrl ? await empty.open() : a;
    cleanups.push(
      () => a.close(),
      () => b.close(),
    );

    const [ra, rb] = await Promise.all([migrateDatabase(a), migrateDatabase(b)]);
    expect([...ra.applied, ...rb.applied]).toEqual(allTags);
    expect(allTags.slice(0, 2)).toEqual(['0000_extensions', '0001_init']);
    const [applied] = await rows<{ n: number }>(
      a,
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    );
    expect(applied!.n).toBe(allTags.length);
    expect(await tableNames(a)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'outbox',
        'user_events',
        'emails',
        'dev_mailbox',
      ]),
    );
    const [trgm] = await rows<{ similarity: number }>(
      a,
      `select similarity('touchline', 'touchlnie') as similarity`,
    );
    expect(trgm!.similarity).toBeGreaterThan(0);

    const again = await migrateDatabase(a);
    expect(again).toEqual({ applied: [], total: allTags.length });
  });

  test('a test database is already fully migrated', async () => {
    const testDb = await createTestDatabase();
    cleanups.push(() => testDb.close());
    expect((await migrateDatabase(testDb)).applied).toEqual([]);
  });
});

describe('pendingMigrations', () => {
  test('names every migration of an empty database, and none once it is migrated', async () => {
    const empty = await emptyDatabase();
    const handle = await empty.open();
    try {
      expect(await pendingMigrations(handle)).toEqual(allTags);
      await migrateDatabase(handle);
      expect(await pendingMigrations(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  }, 120_000);
});
