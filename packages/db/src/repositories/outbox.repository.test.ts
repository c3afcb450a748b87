import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { outbox } from '../schema';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import {
  appendEvent,
  claimBatch,
  countUnpublished,
  listDeadLetteredEvents,
  pruneOutbox,
  requeueDeadLetteredEvent,
} from './outbox.repository';
import type { OutboxRow } from './outbox.repository';

let testDb: TestDatabase;

beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await testDb.db.delete(outbox); // tests share one database; the outbox is global
});

async function appendMany(n: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    ids.push(
      (await appendEvent(testDb.db, { type: 'media.uploaded', payload: { mediaId: uuidv7() } })).id,
    );
  }
  return ids;
}

const idsOf = (rows: OutboxRow[]) => rows.map((r) => r.id);

describe('appendEvent', () => {
  test('stores the event with its validated payload, unpublished', async () => {
    const emailId = uuidv7();
    const { id } = await appendEvent(testDb.db, { type: 'email.queued', payload: { emailId } });
    const [row] = await testDb.db.select().from(outbox);
    expect(row).toMatchObject({
      id,
      type: 'email.queued',
      payload: { emailId },
      publishedAt: null,
    });
  });

  test('rejects a payload that does not match its schema and writes nothing', async () => {
    const bad = { type: 'email.queued', payload: { emailId: 'not-a-uuid' } } as const;
    await expect(appendEvent(testDb.db, bad)).rejects.toMatchObject({
      code: 'outbox.invalid_event',
    });
    const missing = { type: 'media.uploaded', payload: {} } as never;
    await expect(appendEvent(testDb.db, missing)).rejects.toThrow(/media.uploaded/);
    expect(await countUnpublished(testDb.db)).toBe(0);
  });

  test('rejects an unknown event type and writes nothing', async () => {
    const unknown = { type: 'nope.happened', payload: {} } as never;
    await expect(appendEvent(testDb.db, unknown)).rejects.toThrow(/unknown type/);
    expect(await countUnpublished(testDb.db)).toBe(0);
  });

  test('an event appended in a rolled-back transaction is not stored', async () => {
    await expect(
      testDb.db.transaction(async (tx) => {
        await appendEvent(tx, { type: 'user.sessions_revoked', payload: { userId: uuidv7() } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await countUnpublished(testDb.db)).toBe(0);
  });
});

describe('claimBatch', () => {
  test('hands unpublished rows oldest first, at most `limit`, and marks them published', async () => {
    const ids = await appendMany(5);
    const batches: number[][] = [];
    expect(await claimBatch(testDb.db, 3, async (rows) => void batches.push(idsOf(rows)))).toBe(3);
    expect(await claimBatch(testDb.db, 3, async (rows) => void batches.push(idsOf(rows)))).toBe(2);
    expect(batches).toEqual([ids.slice(0, 3), ids.slice(3)]);
    expect(await countUnpublished(testDb.db)).toBe(0);
    const rows = await testDb.db.select().from(outbox);
    expect(rows.every((r) => r.publishedAt instanceof Date)).toBe(true);
  });

  test('does not call handle when nothing waits', async () => {
    let called = false;
    expect(await claimBatch(testDb.db, 10, async () => void (called = true))).toBe(0);
    expect(called).toBe(false);
  });

  test('a failing handle leaves rows unpublished, counts the attempt and records the error', async () => {
    const ids = await appendMany(2);
    const failing = claimBatch(testDb.db, 10, async () => {
      throw new Error('queue unavailable');
    });
    await expect(failing).rejects.toThrow('queue unavailable');
    const rows = await testDb.db.select().from(outbox).orderBy(outbox.id);
    expect(rows.map((r) => [r.id, r.publishedAt, r.attempts])).toEqual(
      ids.map((id) => [id, null, 1]),
    );
    expect(rows[0]!.lastError).toBe('Error: queue unavailable');

    const retried: number[][] = [];
    await claimBatch(testDb.db, 10, async (batch) => void retried.push(idsOf(batch)));
    expect(retried).toEqual([ids]);
    expect(await countUnpublished(testDb.db)).toBe(0);
  });

  test('claimBatch skips rows another relay holds, and every row is handed out once', async () => {
    const ids = await appendMany(6);
    let holding!: () => void;
    const firstHolds = new Promise<void>((resolve) => (holding = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seen: number[][] = [];

    const first = claimBatch(testDb.db, 3, async (rows) => {
      seen.push(idsOf(rows));
      holding();
      await released;
    });
    await firstHolds;
    if (testDb.kind === 'postgres') {
      // A second relay on another connection runs while the first still holds its rows locked.
      await claimBatch(testDb.db, 10, async (rows) => void seen.push(idsOf(rows)));
      release();
      await first;
    } else {
      // PGlite has one connection, so transactions run one after another: the second relay
      // starts once the first has committed, and finds only what is left.
      release();
      await first;
      await claimBatch(testDb.db, 10, async (rows) => void seen.push(idsOf(rows)));
    }
    expect(seen).toEqual([ids.slice(0, 3), ids.slice(3)]);
    expect(await countUnpublished(testDb.db)).toBe(0);
  });
});

describe('dead letters', () => {
  test('a dead-lettered row is stamped dead with its reason, never handed out again, and the rows behind it are published', async () => {
    const [poisoned, next] = await appendMany(2);
    expect(
      await claimBatch(testDb.db, 10, async (rows, batch) => {
        batch.deadLetter(rows[0]!.id, new Error('payload does not match the event contract'));
      }),
    ).toBe(2);
    const rows = await testDb.db.select().from(outbox).orderBy(outbox.id);
    expect(
      rows.map((r) => [r.id, r.publishedAt instanceof Date, r.deadAt instanceof Date]),
    ).toEqual([
      [poisoned, false, true],
      [next, true, false],
    ]);
    expect(rows[0]).toMatchObject({
      attempts: 1,
      lastError: 'Error: payload does not match the event contract',
    });
    expect(await countUnpublished(testDb.db)).toBe(0);
    let handed = 0;
    expect(await claimBatch(testDb.db, 10, async () => void (handed += 1))).toBe(0);
    expect(handed).toBe(0);

    expect(await listDeadLetteredEvents(testDb.db, { limit: 10 })).toMatchObject([
      { id: poisoned, type: 'media.uploaded', lastError: rows[0]!.lastError },
    ]);
    expect(await requeueDeadLetteredEvent(testDb.db, next!)).toBe(false);
    expect(await requeueDeadLetteredEvent(testDb.db, poisoned!)).toBe(true);
    const again: number[][] = [];
    await claimBatch(testDb.db, 10, async (batch) => void again.push(idsOf(batch)));
    expect(again).toEqual([[poisoned]]);
    expect(await listDeadLetteredEvents(testDb.db, { limit: 10 })).toEqual([]);
  });

  test('a failing handle (an outage) never dead-letters, however many attempts it takes', async () => {
    await appendMany(1);
    for (let i = 0; i < 8; i++) {
      await expect(
        claimBatch(testDb.db, 10, async () => {
          throw new Error('redis unavailable');
        }),
      ).rejects.toThrow('redis unavailable');
    }
    const [row] = await testDb.db.select().from(outbox);
    expect(row).toMatchObject({ attempts: 8, deadAt: null, publishedAt: null });
    expect(await countUnpublished(testDb.db)).toBe(1);
  });

  test('the handler gets the claim transaction: what it writes commits with the stamp', async () => {
    await appendMany(1);
    await claimBatch(testDb.db, 10, async (_rows, batch) => {
      await appendEvent(batch.tx, { type: 'media.uploaded', payload: { mediaId: uuidv7() } });
    });
    expect(await countUnpublished(testDb.db)).toBe(1); // the new event, written in the claim
  });
});

describe('pruneOutbox', () => {
  test('deletes published events older than the cutoff and keeps the rest', async () => {
    const [oldPublished, recentPublished, unpublished] = await appendMany(3);
    await claimBatch(testDb.db, 2, async () => undefined);
    const { sql, eq } = await import('drizzle-orm');
    await testDb.db
      .update(outbox)
      .set({ publishedAt: sql`now() - interval '10 days'` })
      .where(eq(outbox.id, oldPublished!));

    const deleted = await pruneOutbox(testDb.db, new Date(Date.now() - 7 * 86_400_000), 1);
    expect(deleted).toBe(1);
    const left = await testDb.db.select({ id: outbox.id }).from(outbox).orderBy(outbox.id);
    expect(left.map((r) => r.id)).toEqual([recentPublished, unpublished]);
  });
});
