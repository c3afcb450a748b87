import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import { rowsOf } from '../sql';
import { appendConsentLedger, listConsentLedger } from './guardians.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

/** The database's own refusal (drizzle wraps it as the cause of 'Failed query'). */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => 'accepted',
    (err: { message: string; cause?: { message: string } }) => err.cause?.message ?? err.message,
  );

async function ledgerRow() {
  const child = await createTestUser(testDb.db, { dob: '2014-03-01' });
  const guardian = await createTestUser(testDb.db, { role: 'guardian' });
  const row = await appendConsentLedger(testDb.db, {
    childId: child.id,
    guardianId: guardian.id,
    decision: 'given',
    relationship: 'Mother',
    noticeVersion: '2026-11',
    method: 'email_link+guardian_email_code',
    ip: '127.0.0.1',
    userAgent: 'test',
    at: new Date(),
  });
  return { child, guardian, row };
}

test('the consent ledger refuses an update, whatever the client', async () => {
  const { row } = await ledgerRow();
  expect(
    await refusal(
      testDb.db.execute(sql`update consent_ledger set decision = 'declined' where id = ${row.id}`),
    ),
  ).toMatch(/append-only: UPDATE refused/);
  const [stored] = await listConsentLedger(testDb.db, {
    childId: row.childId,
    limit: 5,
    offset: 0,
  });
  expect(stored).toMatchObject({ decision: 'given', relationship: 'Mother' });
});

test('the consent ledger refuses a delete and a truncate', async () => {
  const { row } = await ledgerRow();
  expect(
    await refusal(testDb.db.execute(sql`delete from consent_ledger where id = ${row.id}`)),
  ).toMatch(/append-only: DELETE refused/);
  expect(await refusal(testDb.db.execute(sql`truncate consent_ledger`))).toMatch(
    /append-only: TRUNCATE refused/,
  );
  const count = rowsOf<{ n: number }>(
    await testDb.db.execute(
      sql`select count(*)::int as n from consent_ledger where id = ${row.id}`,
    ),
  );
  expect(count[0]!.n).toBe(1);
});

test('an account is reachable only when active and, for a child, with consent', async () => {
  const adult = await createTestUser(testDb.db, { dob: '1990-01-01' });
  const waiting = await createTestUser(testDb.db, {
    dob: '2013-01-01',
    consentStatus: 'awaiting_consent',
  });
  const given = await createTestUser(testDb.db, { dob: '2013-01-01', consentStatus: 'given' });
  const blocked = await createTestUser(testDb.db, { isActive: false });
  expect([adult.reachable, waiting.reachable, given.reachable, blocked.reachable]).toEqual([
    true,
    false,
    true,
    false,
  ]);
});
