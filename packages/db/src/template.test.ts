import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createDatabase } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';
import { rowsOf } from './sql';
import {
  TEMPLATE_DIR,
  copyPgliteTemplate,
  isFreshPgliteDir,
  readPgliteTemplate,
  templateFingerprint,
  writePgliteTemplate,
} from './template';

// The embedded database's migrated template (issue 24, item 4): what `npm run build:server`
// writes and a fresh data directory starts from. Embedded only: it is a PGlite data directory.
const work = mkdtempSync(path.join(tmpdir(), 'touchline-template-test-'));
const templateDir = path.join(work, 'dist');

beforeAll(async () => {
  await writePgliteTemplate(templateDir);
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the migrated template', () => {
  test('a fresh data directory started from it has every migration applied, and keeps its data', async () => {
    const dataDir = path.join(work, 'data-1');
    expect(isFreshPgliteDir(dataDir)).toBe(true);
    const found = await readPgliteTemplate(templateDir);
    expect(found.template).toBe(path.join(templateDir, TEMPLATE_DIR));

    // An empty directory left where the data directory goes is replaced by the copy.
    mkdirSync(dataDir);
    copyPgliteTemplate(found.template!, dataDir);
    expect(isFreshPgliteDir(dataDir)).toBe(false);
    expect(existsSync(`${dataDir}.copying`)).toBe(false);
    const first = await createDatabase({ dataDir });
    expect(await migrateDatabase(first)).toMatchObject({ applied: [] });
    await first.db.execute(sql`insert into users (id, email, password_hash, role, username)
      values (gen_random_uuid(), 'template@touchline.test', 'x', 'player', 'Template Test')`);
    await first.close();

    // Reopened as any existing data directory (no template): the row is there.
    const again = await createDatabase({ dataDir });
    const result = await again.db.execute(
      sql`select email from users where email = 'template@touchline.test'`,
    );
    expect(rowsOf(result)).toEqual([{ email: 'template@touchline.test' }]);
    await again.close();

    // The template itself is untouched: a second copy has no such row.
    const dataDir2 = path.join(work, 'data-2');
    copyPgliteTemplate(found.template!, dataDir2);
    const second = await createDatabase({ dataDir: dataDir2 });
    const none = await second.db.execute(sql`select count(*)::int as n from users`);
    expect(rowsOf(none)).toEqual([{ n: 0 }]);
    await second.close();
  }, 120_000);

  test('a template built from other migrations is refused with the reason', async () => {
    const changed = path.join(work, 'migrations-changed');
    cpSync(migrationsFolder, changed, { recursive: true });
    expect(templateFingerprint(changed)).toBe(templateFingerprint());
    writeFileSync(path.join(changed, '9999_new.sql'), 'select 1;');
    expect(templateFingerprint(changed)).not.toBe(templateFingerprint());

    const stale = path.join(work, 'stale');
    cpSync(templateDir, stale, { recursive: true });
    const metaFile = path.join(stale, 'pglite-template.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as { fingerprint: string };
    writeFileSync(metaFile, JSON.stringify({ ...meta, fingerprint: templateFingerprint(changed) }));
    expect(await readPgliteTemplate(stale)).toEqual({
      reason: 'the template was built from other migrations',
    });
    expect(await readPgliteTemplate(path.join(work, 'nowhere'))).toEqual({
      reason: `no ${TEMPLATE_DIR}`,
    });
  });
});
