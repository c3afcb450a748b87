import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  copyPgliteTemplate,
  createDatabase,
  pgliteDataDir,
  readPgliteTemplate,
  writePgliteTemplate,
  type Database,
} from '@touchline/db';
import { createLocalStorage, createSecretBox } from '@touchline/drivers';
import { createGuardianAsker } from '../modules/guardians/guardians.requests';
import { DEMO_LOGINS, DEMO_TOBI_GUARDIAN, seedDemoWorld } from './demo';
import {
  adoptDemoWorld,
  copyDemoWorld,
  readDemoTemplate,
  writeDemoTemplate,
  type StagedDemoCopy,
} from './demo-template';

// The demo world made at build time (decision 66): a first start copies it and moves its dates
// to the day; what a user then sees is the world a seed on that day makes.
const work = mkdtempSync(path.join(tmpdir(), 'touchline-demo-template-'));
const dist = path.join(work, 'dist');
const logger = pino({ level: 'silent' });
const HOUR = 3_600_000;
/** node-postgres and PGlite both answer `{ rows }`. */
const rowsOf = <T = Record<string, unknown>>(result: unknown) => (result as { rows: T[] }).rows;
// The build seeds on the real clock (the database's own defaults stamp that clock too); the start
// comes 3 days, 7 hours and 13 minutes later: another Lagos day and another time of day.
const seededAt = new Date();
const startedAt = new Date(seededAt.getTime() + 3 * 24 * HOUR + 7 * HOUR + 13 * 60_000);
const askGuardian = createGuardianAsker({
  clock: () => startedAt,
  publicUrl: 'http://localhost:3000',
  secretBox: createSecretBox('a data directory secret of its own'),
});

beforeAll(async () => {
  await writePgliteTemplate(dist);
  await writeDemoTemplate(dist, { buildId: 'build-1', now: seededAt });
}, 180_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** What the seed dates, as a user reads it: people's ages, trials' days, posts', chats' times. */
async function datedFacts(db: Database) {
  const q = async (query: ReturnType<typeof sql>) => rowsOf(await db.execute(query));
  return {
    people: await q(sql`select email, dob::text, established_on::text from users order by email`),
    trials: await q(
      sql`select name, trial_date::text, deadline::text, created_at from trials order by name`,
    ),
    registrations: await q(sql`
      select t.name, r.email, r.status, r.dob::text, r.created_at, r.checked_in_at
      from trial_registrations r join trials t on t.id = r.trial_id order by t.name, r.email`),
    posts: await q(sql`select content, created_at from posts order by created_at, content`),
    // Chat lines keep their age, not their clock ("yesterday at 18:30" moves with the hours too).
    messages: await q(sql`select text from chat_messages order by created_at, text`),
  };
}

describe('the demo world built with the server', () => {
  test('a first start copies it and it reads as the world a seed on that day makes', async () => {
    const dataDir = path.join(work, 'started');
    const copied = await copyDemoWorld(dataDir, dist, 'build-1', logger);
    expect(copied?.seededAt.toISOString()).toBe(seededAt.toISOString());
    expect(copied?.datedColumns.length).toBeGreaterThan(0);
    const started = await createDatabase({ dataDir: pgliteDataDir(dataDir) });
    const adopted = await adoptDemoWorld({
      db: started.db,
      ...copied!,
      now: startedAt,
      askGuardian,
    });
    expect(adopted).toMatchObject({ seeded: true, logins: [...DEMO_LOGINS] });

    // The same world seeded directly at the start's moment.
    const direct = path.join(work, 'direct');
    copyPgliteTemplate((await readPgliteTemplate(dist)).template!, pgliteDataDir(direct));
    const seeded = await createDatabase({ dataDir: pgliteDataDir(direct) });
    await seedDemoWorld({
      db: seeded.db,
      storage: createLocalStorage({
        rootDir: path.join(direct, 'media'),
        signingSecret: 'a direct seed signing secret',
      }),
      logger,
      askGuardian,
      now: startedAt,
    });
    try {
      const [fromTemplate, fromSeed] = [await datedFacts(started.db), await datedFacts(seeded.db)];
      expect(fromTemplate.trials.length).toBeGreaterThan(0);
      expect(fromTemplate.registrations.some((r) => r.checked_in_at)).toBe(true);
      expect(fromTemplate).toEqual(fromSeed);
      const [newest] = rowsOf<{ at: string }>(
        await started.db.execute(sql`select max(created_at)::text as at from chat_messages`),
      );
      expect(new Date(newest!.at).getTime()).toBeLessThan(startedAt.getTime());

      // Tobi's guardian is asked at the start, with the start's clock and address.
      const asks = rowsOf<{ guardian_email: string; at: string }>(
        await started.db.execute(
          sql`select guardian_email, created_at::text as at from consent_requests`,
        ),
      );
      expect(asks.map((a) => [a.guardian_email, new Date(a.at).getTime()])).toEqual([
        [DEMO_TOBI_GUARDIAN, startedAt.getTime()],
      ]);
      // Every stored picture came along.
      const keys = rowsOf<{ key: string; visibility: string }>(
        await started.db.execute(sql`select key, visibility from media_objects`),
      );
      expect(keys.length).toBeGreaterThan(0);
      for (const { key, visibility } of keys) {
        expect(existsSync(path.join(dataDir, 'media', visibility, key))).toBe(true);
      }
    } finally {
      await started.close();
      await seeded.close();
    }
  }, 180_000);

  test('only the server built with it uses it, and only on a fresh data directory', async () => {
    expect((await readDemoTemplate(dist, 'another-build')).template).toBeUndefined();
    expect((await readDemoTemplate(dist, undefined)).template).toBeUndefined();
    expect((await readDemoTemplate(dist, 'build-1')).template).toBe(path.join(dist, 'pglite-demo'));
    // The first test's data directory exists: it is opened as it is, never copied over.
    expect(await copyDemoWorld(path.join(work, 'started'), dist, 'build-1', logger)).toBeNull();
  });
});

/** A copy of the demo world as `npm start`'s launcher stages it (scripts/lib/demo-copy.mjs). */
function staged(dataDir: string, templateDir = dist): StagedDemoCopy {
  const dir = path.join(dataDir, '.demo-world.copying');
  const done = cp(path.join(dist, 'pglite-demo'), dir, { recursive: true }).then(() =>
    // Marked, to tell the staged database from a copy made anew.
    writeFileSync(path.join(dir, 'pglite', 'staged'), 'staged'),
  );
  return { dataDir, templateDir, dir, done };
}

describe('the copy begun by the launcher while the modules load (decision 68)', () => {
  test('becomes the fresh data directory: database and pictures, nothing left beside them', async () => {
    const dataDir = path.join(work, 'staged');
    const copy = staged(dataDir);
    const copied = await copyDemoWorld(dataDir, dist, 'build-1', logger, copy);
    expect(copied?.seededAt.toISOString()).toBe(seededAt.toISOString());
    expect(readFileSync(path.join(pgliteDataDir(dataDir), 'staged'), 'utf8')).toBe('staged');
    expect(existsSync(copy.dir)).toBe(false);
    const database = await createDatabase({ dataDir: pgliteDataDir(dataDir) });
    try {
      const keys = rowsOf<{ key: string; visibility: string }>(
        await database.db.execute(sql`select key, visibility from media_objects`),
      );
      expect(keys.length).toBeGreaterThan(0);
      for (const { key, visibility } of keys) {
        expect(existsSync(path.join(dataDir, 'media', visibility, key))).toBe(true);
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  test('is removed when this start does not use it, and the start copies for itself', async () => {
    // Staged for another data directory (the launcher guessed from other settings).
    const dataDir = path.join(work, 'guessed-wrong');
    const elsewhere = staged(path.join(work, 'elsewhere'));
    expect(await copyDemoWorld(dataDir, dist, 'build-1', logger, elsewhere)).not.toBeNull();
    expect(existsSync(elsewhere.dir)).toBe(false);
    expect(existsSync(path.join(pgliteDataDir(dataDir), 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(pgliteDataDir(dataDir), 'staged'))).toBe(false);
    // A data directory in use, or a demo world another server built: nothing copied, none left.
    for (const [dir, build] of [
      [dataDir, 'build-1'],
      [path.join(work, 'other-build'), 'another-build'],
    ] as const) {
      const copy = staged(dir);
      expect(await copyDemoWorld(dir, dist, build, logger, copy)).toBeNull();
      expect(existsSync(copy.dir)).toBe(false);
    }
    expect(existsSync(pgliteDataDir(path.join(work, 'other-build')))).toBe(false);
  }, 120_000);
});
