import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { outbox } from '../schema';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import {
  createEmail,
  getEmail,
  incrementEmailAttempts,
  markEmailFailed,
  markEmailSent,
} from './emails.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

const message = {
  to: 'coach@example.test',
  subject: 'Your code',
  text: 'Code: 123456',
  html: '<p>Code: <b>123456</b></p>',
  template: 'otp',
};

async function queuedEventsFor(emailId: string) {
  const rows = await testDb.db.select().from(outbox).where(eq(outbox.type, 'email.queued'));
  return rows.filter((r) => (r.payload as { emailId: string }).emailId === emailId);
}

test('createEmail stores a queued e-mail and its email.queued event together', async () => {
  const id = await testDb.db.transaction((tx) => createEmail(tx, message));
  expect(await getEmail(testDb.db, id)).toMatchObject({
    ...message,
    status: 'queued',
    attempts: 0,
  });
  expect(await queuedEventsFor(id)).toHaveLength(1);
});

test('a rolled-back transaction stores neither the e-mail nor its event', async () => {
  let id = '';
  await expect(
    testDb.db.transaction(async (tx) => {
      id = await createEmail(tx, message);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await getEmail(testDb.db, id)).toBeNull();
  expect(await queuedEventsFor(id)).toHaveLength(0);
});

test('delivery attempts are counted and a sent e-mail records the provider id', async () => {
  const id = await createEmail(testDb.db, message);
  expect(await incrementEmailAttempts(testDb.db, id)).toBe(1);
  expect(await incrementEmailAttempts(testDb.db, id)).toBe(2);
  expect(await markEmailSent(testDb.db, id, '<abc@smtp>')).toBe(true);
  const sent = await getEmail(testDb.db, id);
  expect(sent).toMatchObject({ status: 'sent', attempts: 2, providerMessageId: '<abc@smtp>' });
  expect(sent!.sentAt).toBeInstanceOf(Date);
});

test('a failed e-mail records the error', async () => {
  const id = await createEmail(testDb.db, message);
  expect(await markEmailFailed(testDb.db, id, 'mailbox unavailable')).toBe(true);
  expect(await getEmail(testDb.db, id)).toMatchObject({
    status: 'failed',
    lastError: 'mailbox unavailable',
  });
});

test('updates of an unknown e-mail report that nothing matched', async () => {
  const missing = '01890000-0000-7000-8000-000000000000';
  expect(await getEmail(testDb.db, missing)).toBeNull();
  expect(await markEmailSent(testDb.db, missing, 'x')).toBe(false);
  expect(await markEmailFailed(testDb.db, missing, 'x')).toBe(false);
  expect(await incrementEmailAttempts(testDb.db, missing)).toBeNull();
});
