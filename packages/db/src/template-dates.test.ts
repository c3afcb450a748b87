import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from './testing';
import type { TestDatabase } from './testing';
import { rowsOf } from './sql';
import { appendConsentLedger } from './repositories/guardians.repository';
import { moveTemplateDates, templateDatedColumns } from './template-dates';

// A seeded template's dates moved to the day it is copied (decision 66).
let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

const HOUR = 3_600_000;
const GIVEN = {
  decision: 'given',
  relationship: 'Aunt',
  noticeVersion: '2026-11',
  method: 'email_link+guardian_account_email_code',
  ip: '127.0.0.1',
  userAgent: 'demo seed',
} as const;

test('times move by the clock, dates by Lagos days, kept columns stay, the ledger moves too', async () => {
  const child = await createTestUser(testDb.db, { dob: '2014-03-01' });
  const guardian = await createTestUser(testDb.db, { role: 'guardian' });
  const at = new Date('2026-11-20T09:15:00Z');
  // The seed's consent for a child, as the demo guardian gives it.
  await appendConsentLedger(testDb.db, {
    ...GIVEN,
    childId: child.id,
    guardianId: guardian.id,
    at,
  });
  const columns = await templateDatedColumns(testDb.db);
  // Only tables that hold rows: an empty table is never touched at start.
  expect(columns).toContainEqual({ table: 'users', column: 'dob', type: 'date' });
  expect(columns).toContainEqual({
    table: 'consent_ledger',
    column: 'recorded_at',
    type: 'timestamp',
  });
  expect(columns.some((c) => c.table === 'trials')).toBe(false);

  const moved = await testDb.db.transaction((tx) =>
    moveTemplateDates(tx, columns, {
      ms: 2 * 24 * HOUR + 5 * HOUR,
      days: 2,
      keep: ['users.created_at'],
    }),
  );
  expect(moved).toBeGreaterThan(0);
  const [user] = rowsOf<{ dob: string; created: string }>(
    await testDb.db.execute(
      sql`select dob::text as dob, created_at::text as created from users where id = ${child.id}`,
    ),
  );
  expect(user!.dob).toBe('2014-03-03');
  expect(new Date(user!.created).getTime()).toBe(child.createdAt.getTime());
  const [entry] = rowsOf<{ at: string }>(
    await testDb.db.execute(
      sql`select recorded_at::text as at from consent_ledger where child_id = ${child.id}`,
    ),
  );
  expect(new Date(entry!.at).toISOString()).toBe('2026-11-22T14:15:00.000Z');
  // Outside the move the ledger is append-only again.
  const update = testDb.db.execute(sql`update consent_ledger set ip = '10.0.0.1'`);
  await expect(update).rejects.toThrow();
});
