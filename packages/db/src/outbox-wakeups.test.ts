import { afterAll, beforeAll, expect, test } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client';
import { outboxWakeups } from './outbox-wakeups';
import { appendEvent } from './repositories/outbox.repository';
import { createTestDatabase, type TestDatabase } from './testing';
import { uuidv7 } from './uuid';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb?.close());

/** Resolves on the next wake-up. */
function nextWake() {
  let wake!: () => void;
  const woken = new Promise<void>((resolve) => (wake = resolve));
  return { woken, onWake: () => wake() };
}

const event = () => ({ type: 'media.uploaded' as const, payload: { mediaId: uuidv7() } });

test('a transaction that writes an outbox row wakes a listener when it commits', async () => {
  const { woken, onWake } = nextWake();
  let committed = false;
  const stop = await outboxWakeups(testDb)(() => {
    expect(committed).toBe(true); // never before the commit
    onWake();
  });
  try {
    await testDb.db.transaction(async (tx) => {
      await appendEvent(tx, event());
      await tx.execute('select 1'); // still open: nothing delivered yet
      committed = true;
    });
    await woken;
  } finally {
    await stop();
  }
});

test('a relay elsewhere is woken too (its own connection on Postgres; PGlite is one process)', async () => {
  const other: DatabaseHandle = testDb.url ? await createDatabase({ url: testDb.url }) : testDb;
  const { woken, onWake } = nextWake();
  const stop = await outboxWakeups(other)(onWake);
  try {
    await appendEvent(testDb.db, event());
    await woken;
  } finally {
    await stop();
    if (other !== testDb) await other.close();
  }
});
