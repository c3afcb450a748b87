import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase, migrateDatabase, pgliteDataDir, writePgliteTemplate } from '@touchline/db';
import { embeddedOptions } from './server';

// `npm start` on a fresh data directory (decision 62): the embedded database is a copy of the
// migrated template `npm run build:server` leaves in dist/, opened with nothing left to migrate.
const work = mkdtempSync(path.join(tmpdir(), 'touchline-server-template-'));
const templateDir = path.join(work, 'dist');
const logger = pino({ level: 'silent' });

beforeAll(async () => {
  await writePgliteTemplate(templateDir);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the embedded database of a start', () => {
  test('a fresh data directory is copied from the template and needs no migration', async () => {
    const dataDir = path.join(work, 'fresh');
    const options = await embeddedOptions(dataDir, templateDir, logger);
    expect(options).toEqual({ dataDir: pgliteDataDir(dataDir) });
    expect(existsSync(path.join(pgliteDataDir(dataDir), 'PG_VERSION'))).toBe(true);
    const database = await createDatabase(options);
    expect(await migrateDatabase(database)).toMatchObject({ applied: [] });
    await database.close();
    // Started again: the existing database is opened as it is, not copied over.
    expect(await embeddedOptions(dataDir, templateDir, logger)).toEqual(options);
  }, 120_000);

  test('without a usable template a fresh directory is left to initdb and the migrations', async () => {
    const dataDir = path.join(work, 'no-template');
    const options = await embeddedOptions(dataDir, path.join(work, 'nowhere'), logger);
    expect(options).toEqual({ dataDir: pgliteDataDir(dataDir) });
    expect(existsSync(pgliteDataDir(dataDir))).toBe(false);
  });
});
