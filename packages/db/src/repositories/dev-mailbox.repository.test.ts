import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { createDevMailboxStore, listDevMailbox } from './dev-mailbox.repository';
import { createEmail } from './emails.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

async function storedEmail(to: string, subject: string) {
  const emailId = await createEmail(testDb.db, { to, template: 'test', sealedContent: 'x' });
  return { emailId, to, subject, text: subject, html: `<p>${subject}</p>` };
}

test('devMailbox deliver is idempotent per email id', async () => {
  const store = createDevMailboxStore(testDb.db);
  const message = await storedEmail('idem@example.test', 'Welcome');
  const first = await store.deliver(message);
  const again = await store.deliver(message);
  const concurrent = await Promise.all([store.deliver(message), store.deliver(message)]);
  expect(new Set([first.id, again.id, ...concurrent.map((r) => r.id)])).toEqual(
    new Set([first.id]),
  );
  expect(await listDevMailbox(testDb.db, { to: 'idem@example.test', limit: 10 })).toHaveLength(1);
});

test('listDevMailbox lists newest first, optionally for one recipient', async () => {
  const store = createDevMailboxStore(testDb.db);
  for (const [to, subject] of [
    ['ada@example.test', 'one'],
    ['bola@example.test', 'two'],
    ['ada@example.test', 'three'],
  ] as const) {
    await store.deliver(await storedEmail(to, subject));
  }
  const ada = await listDevMailbox(testDb.db, { to: 'ada@example.test', limit: 10 });
  expect(ada.map((m) => m.subject)).toEqual(['three', 'one']);
  const latest = await listDevMailbox(testDb.db, { limit: 2 });
  expect(latest.map((m) => m.subject)).toEqual(['three', 'two']);
});
