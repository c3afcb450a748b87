import type { DatabaseHandle } from '../client';
import { containerDatabaseUrl } from './container-backend';
import { createPgliteTestDatabase } from './pglite-backend';
import { createPostgresTestDatabase } from './postgres-backend';

export { createTestUser } from './fixtures';
export { seed } from './seed';
export type { SeedOptions, SeedRegistration, SeedUser, SeedWorld, Seeded } from './seed';

export type TestDatabaseBackend = 'postgres' | 'testcontainers' | 'pglite';

/** A migrated, empty database of its own. `close()` releases it (and drops it on Postgres). */
export type TestDatabase = DatabaseHandle & {
  backend: TestDatabaseBackend;
  /** Postgres backends: the database's URL, for child processes of a test. */
  url?: string;
  /** Runs `fn` and returns the SQL statements it sent through `db`. */
  recordQueries<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
};

type Choice = { backend: TestDatabaseBackend; adminUrl?: string };
let choice: Promise<Choice> | undefined;

async function chooseBackend(): Promise<Choice> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return log({ backend: 'postgres', adminUrl: url }, 'postgres (TEST_DATABASE_URL)');
  const containerUrl = containerDatabaseUrl();
  if (containerUrl)
    return log(
      { backend: 'testcontainers', adminUrl: containerUrl },
      'testcontainers (the container tier)',
    );
  return log({ backend: 'pglite' }, 'pglite');
}

/**
 * The Postgres server of this run, for tests that need one of their own (TEST_DATABASE_URL, or the
 * container tier's container); undefined on PGlite.
 */
export function testDatabaseAdminUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || containerDatabaseUrl();
}

function log(chosen: Choice, label: string): Choice {
  console.log(`[test-db] using ${label}`);
  return chosen;
}

/**
 * One fresh database for a test file: Postgres when TEST_DATABASE_URL is set, else the container
 * tier's PostgreSQL container (TOUCHLINE_CONTAINER_DATABASE_URL), else PGlite. Every call is
 * isolated from the others.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  choice ??= chooseBackend();
  const { backend, adminUrl } = await choice;
  let recording: string[] | undefined;
  const onQuery = (statement: string) => recording?.push(statement);
  const handle =
    adminUrl === undefined
      ? await createPgliteTestDatabase(onQuery)
      : await createPostgresTestDatabase(adminUrl, onQuery);
  return {
    ...handle,
    backend,
    url: 'url' in handle ? handle.url : undefined,
    async recordQueries(fn) {
      const statements: string[] = [];
      recording = statements;
      try {
        return { result: await fn(), statements };
      } finally {
        recording = undefined;
      }
    },
  };
}

/** How many statements `fn` sent through the test database (a round-trip budget check). */
export async function countQueries(
  testDb: TestDatabase,
  fn: () => Promise<unknown>,
): Promise<number> {
  const { statements } = await testDb.recordQueries(fn);
  return statements.length;
}
