import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { devMailbox, emails, outbox } from '../schema';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { createDevMailboxStore } from './dev-mailbox.repository';
import {
  createEmail,
  getEmail,
  incrementEmailAttempts,
  markEmailFailed,
  markEmailSent,
  pruneEmails,
} from './emails.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

const message = {
  to: 'coach@example.test',
  template: 'auth.verify_code',
  sealedContent: 'v1.sealed-by-the-caller',
};
const DAY = 24 * 3600_000;

test('createEmail stores a queued e-mail with metadata and sealed content only, no event', async () => {
  const id = await testDb.db.transaction((tx) => createEmail(tx, message));
  const row = await getEmail(testDb.db, id);
  expect(row).toMatchObject({ ...message, status: 'queued', attempts: 0 });
  // No rendered text column exists any more: a code can only be in the sealed content.
  expect(Object.keys(row!).sort()).toEqual(
    [
      'attempts',
      'createdAt',
      'id',
      'lastError',
      'providerMessageId',
      'sealedContent',
      'sentAt',
      'status',
      'template',
      'to',
    ].sort(),
  );
  // The domain event is the service's to write (repositories own SQL only).
  const events = await testDb.db.select().from(outbox).where(eq(outbox.type, 'email.queued'));
  expect(events.filter((e) => (e.payload as { emailId: string }).emailId === id)).toHaveLength(0);
});

test('a rolled-back transaction stores no e-mail', async () => {
  let id = '';
  await expect(
    testDb.db.transaction(async (tx) => {
      id = await createEmail(tx, message);
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect(await getEmail(testDb.db, id)).toBeNull();
});

test('a sent e-mail records the provider id and its sealed content is wiped', async () => {
  const id = await createEmail(testDb.db, message);
  expect(await incrementEmailAttempts(testDb.db, id)).toBe(1);
  expect(await incrementEmailAttempts(testDb.db, id)).toBe(2);
  expect(await markEmailSent(testDb.db, id, '<abc@smtp>')).toBe(true);
  const sent = await getEmail(testDb.db, id);
  expect(sent).toMatchObject({
    status: 'sent',
    attempts: 2,
    providerMessageId: '<abc@smtp>',
    sealedContent: null,
  });
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

test('pruneEmails deletes old sent and failed e-mails in batches, wipes stale content', async () => {
  const now = Date.now();
  const at = (daysAgo: number) => new Date(now - daysAgo * DAY);
  const make = async (daysAgo: number, status: 'queued' | 'sent' | 'failed') => {
    const id = await createEmail(testDb.db, { ...message, to: `prune-${status}@example.test` });
    await testDb.db
      .update(emails)
      .set({ status, createdAt: at(daysAgo) })
      .where(eq(emails.id, id));
    return id;
  };
  const oldSent = [await make(40, 'sent'), await make(40, 'sent'), await make(40, 'sent')];
  const oldFailed = await make(40, 'failed');
  const recentSent = await make(5, 'sent');
  const staleQueued = await make(2, 'queued');
  const freshQueued = await make(0, 'queued');
  await createDevMailboxStore(testDb.db).deliver({
    emailId: oldSent[0]!,
    to: 'prune-sent@example.test',
    subject: 's',
    text: 't',
    html: 'h',
  });

  const deleted = await pruneEmails(
    testDb.db,
    { contentBefore: at(1), deleteBefore: at(30) },
    2, // batches of two: three rounds
  );
  expect(deleted).toBe(4);
  for (const id of [...oldSent, oldFailed]) expect(await getEmail(testDb.db, id)).toBeNull();
  expect(
    await testDb.db.select().from(devMailbox).where(eq(devMailbox.emailId, oldSent[0]!)),
  ).toHaveLength(0);
  expect(await getEmail(testDb.db, recentSent)).not.toBeNull();
  expect(await getEmail(testDb.db, staleQueued)).toMatchObject({ sealedContent: null });
  expect(await getEmail(testDb.db, freshQueued)).toMatchObject({
    sealedContent: message.sealedContent,
  });
});
