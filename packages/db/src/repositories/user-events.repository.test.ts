import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { userEvents } from '../schema';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import {
  appendUserEvent,
  appendUserEventsBatch,
  lastUserSeq,
  listUserEventsSince,
  pruneUserEvents,
} from './user-events.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

test('per-user seq numbers are gapless and increase under 20 concurrent appends', async () => {
  const user = await createTestUser(testDb.db);
  const results = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      testDb.db.transaction((tx) => appendUserEvent(tx, user.id, 'notification', { i })),
    ),
  );
  expect(results.map((r) => r.seq).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 20 }, (_, i) => i + 1),
  );
  expect(results.every((r) => r.createdAt instanceof Date)).toBe(true);
  expect(await lastUserSeq(testDb.db, user.id)).toBe(20);
  const stored = await listUserEventsSince(testDb.db, user.id, 0, 100);
  expect(stored.map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
});

test('each user has their own numbering', async () => {
  const [a, b] = await Promise.all([createTestUser(testDb.db), createTestUser(testDb.db)]);
  await appendUserEvent(testDb.db, a.id, 'notification', {});
  await appendUserEvent(testDb.db, a.id, 'notification', {});
  expect((await appendUserEvent(testDb.db, b.id, 'notification', {})).seq).toBe(1);
  expect((await appendUserEvent(testDb.db, a.id, 'notification', {})).seq).toBe(3);
});

test('a batch gives each user their next number and interleaves with single appends', async () => {
  const [a, b, c] = await Promise.all([
    createTestUser(testDb.db),
    createTestUser(testDb.db),
    createTestUser(testDb.db),
  ]);
  await appendUserEvent(testDb.db, b.id, 'notification', { n: 0 });
  const batch = await Promise.all(
    Array.from({ length: 5 }, (_, i) =>
      testDb.db.transaction((tx) =>
        appendUserEventsBatch(
          tx,
          [c, a, b].map((user) => ({ userId: user.id, type: 'notification', data: { i } })),
        ),
      ),
    ),
  );
  expect(batch[0]!.map((r) => r.userId)).toEqual([c.id, a.id, b.id]);
  expect(await lastUserSeq(testDb.db, a.id)).toBe(5);
  expect(await lastUserSeq(testDb.db, b.id)).toBe(6);
  const events = await listUserEventsSince(testDb.db, b.id, 0, 10);
  expect(events.map((e) => e.seq)).toEqual([1, 2, 3, 4, 5, 6]);
  expect((await appendUserEvent(testDb.db, c.id, 'notification', {})).seq).toBe(6);
  await expect(
    appendUserEventsBatch(testDb.db, [
      { userId: a.id, type: 'x', data: {} },
      { userId: a.id, type: 'x', data: {} },
    ]),
  ).rejects.toThrow(/one event per user/);
  expect(await appendUserEventsBatch(testDb.db, [])).toEqual([]);
});

test('an append in a rolled-back transaction leaves no gap', async () => {
  const user = await createTestUser(testDb.db);
  await appendUserEvent(testDb.db, user.id, 'notification', {});
  await expect(
    testDb.db.transaction(async (tx) => {
      await appendUserEvent(tx, user.id, 'notification', {});
      throw new Error('roll back');
    }),
  ).rejects.toThrow('roll back');
  expect((await appendUserEvent(testDb.db, user.id, 'notification', {})).seq).toBe(2);
});

test('listUserEventsSince returns exactly the events after n, oldest first, up to the limit', async () => {
  const user = await createTestUser(testDb.db);
  const other = await createTestUser(testDb.db);
  for (let i = 1; i <= 6; i++) {
    await appendUserEvent(testDb.db, user.id, 'chat.message', { n: i });
    await appendUserEvent(testDb.db, other.id, 'chat.message', { n: -i });
  }
  const after3 = await listUserEventsSince(testDb.db, user.id, 3, 100);
  expect(after3.map((e) => [e.seq, e.type, e.data])).toEqual([
    [4, 'chat.message', { n: 4 }],
    [5, 'chat.message', { n: 5 }],
    [6, 'chat.message', { n: 6 }],
  ]);
  expect(after3.every((e) => e.userId === user.id)).toBe(true);
  expect((await listUserEventsSince(testDb.db, user.id, 0, 2)).map((e) => e.seq)).toEqual([1, 2]);
  expect(await listUserEventsSince(testDb.db, user.id, 6, 100)).toEqual([]);
});

test('lastUserSeq is 0 for a user without events', async () => {
  const user = await createTestUser(testDb.db);
  expect(await lastUserSeq(testDb.db, user.id)).toBe(0);
});

test('pruning removes old events and numbering continues after them', async () => {
  const user = await createTestUser(testDb.db);
  await appendUserEvent(testDb.db, user.id, 'notification', { old: true });
  await appendUserEvent(testDb.db, user.id, 'notification', { old: true });
  await testDb.db
    .update(userEvents)
    .set({ createdAt: new Date(Date.now() - 40 * 86_400_000) })
    .where(eq(userEvents.userId, user.id));
  await appendUserEvent(testDb.db, user.id, 'notification', { old: false });

  const pruned = await pruneUserEvents(testDb.db, new Date(Date.now() - 30 * 86_400_000), 1);
  expect(pruned).toBeGreaterThanOrEqual(2);
  expect((await listUserEventsSince(testDb.db, user.id, 0, 10)).map((e) => e.seq)).toEqual([3]);
  expect((await appendUserEvent(testDb.db, user.id, 'notification', {})).seq).toBe(4);
});
