import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '@touchline/db';
import { createTestDatabase, type TestDatabase } from '@touchline/db/testing';
import { ConfigError } from './config';
import { refuseUnmigrated } from './server';

/**
 * Scaled mode migrates once per release, before any instance starts (docs/operations.md): an API
 * started on a database that is behind says so and names the step, instead of failing later on
 * a missing table.
 */
describe('starting on a database that is not migrated', () => {
  let migrated: TestDatabase | undefined;
  afterAll(async () => migrated?.close());

  it('is refused with the migrations to apply and the command to run', async () => {
    const empty = await createDatabase();
    const refusal = await refuseUnmigrated(empty).catch((err: unknown) => err);
    expect(refusal).toBeInstanceOf(ConfigError);
    expect((refusal as Error).message).toMatch(
      /^The database at DATABASE_URL is not migrated: \d+ migrations to apply \(0000_extensions … \d{4}_\w+\)\.\nRun `npm run db:migrate` with the same DATABASE_URL/,
    );
  }, 60_000);

  it('lets a migrated database through', async () => {
    migrated = await createTestDatabase();
    await expect(refuseUnmigrated(migrated)).resolves.toBeUndefined();
  }, 60_000);
});
