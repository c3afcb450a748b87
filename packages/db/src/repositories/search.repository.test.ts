import { sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import {
  searchPeople,
  searchPeopleQuery,
  searchTrialsQuery,
  setSearchThresholds,
} from './search.repository';

let testDb: TestDatabase;
let viewerId: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  viewerId = (await createTestUser(testDb.db, { username: 'Viewer' })).id;
  // Enough names that the table is not trivially small for the planner.
  await testDb.db.execute(sql`
    insert into users (id, email, username, role, email_verified_at)
    select gen_random_uuid(), 'crowd' || i || '@example.test', 'Crowd Player ' || i, 'player', now()
    from generate_series(1, 2000) as i`);
  await createTestUser(testDb.db, { username: 'Tunde Bakare', emailVerifiedAt: new Date() });
  await testDb.db.execute(sql`analyze users`);
}, 60_000);
afterAll(() => testDb?.close());

const search = (q: string) =>
  searchPeople(testDb.db, { viewerId, q, roles: ['player', 'academy'], limit: 5, offset: 0 });

test('name search matches substrings in any case and tolerates typos', async () => {
  expect((await search('BAKARE')).map((h) => h.username)).toEqual(['Tunde Bakare']);
  expect((await search('tunde bak')).map((h) => h.username)).toEqual(['Tunde Bakare']);
  expect((await search('Bakre')).map((h) => h.username)).toEqual(['Tunde Bakare']);
  expect(await search('zzqxj')).toEqual([]);
});

test('the name search can use the trigram index (EXPLAIN names users_username_trgm_idx)', async () => {
  let plan = '';
  await testDb.db
    .transaction(async (tx) => {
      await setSearchThresholds(tx);
      // A table this small is cheaper to scan whole (at 200,000 names Postgres 15 picks the
      // trigram index unprompted). Taking the other ways in away (sequential scans, and the role
      // index that covers every searchable row; the drop is rolled back) proves the statement can
      // use the trigram index: one written on lower(username) or with function comparisons
      // could not, and the plan would name no index on the name.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index users_role_created_idx`);
      const query = searchPeopleQuery({
        viewerId,
        q: 'bakre',
        roles: ['player', 'academy'],
        limit: 8,
        offset: 0,
      });
      const result = await tx.execute(sql`explain ${query}`);
      plan = (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  expect(plan).toMatch(/Bitmap Index Scan on users_username_trgm_idx/);
  expect(await search('Bakre')).toHaveLength(1); // the role index is back
});

test('the trial search can use the trigram indexes on name, venue and district', async () => {
  let plan = '';
  await testDb.db
    .transaction(async (tx) => {
      await setSearchThresholds(tx);
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`drop index trials_status_date_idx`);
      await tx.execute(sql`drop index trials_academy_date_idx`);
      const query = searchTrialsQuery({
        viewerId,
        q: 'surulre',
        today: '2026-01-01',
        limit: 8,
        offset: 0,
      });
      const result = await tx.execute(sql`explain ${query}`);
      plan = (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
      tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  for (const index of ['trials_name_trgm_idx', 'trials_venue_trgm_idx', 'trials_district_trgm_idx'])
    expect(plan).toContain(`Bitmap Index Scan on ${index}`);
});
