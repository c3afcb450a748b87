import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { embeddedJobs } from '../schema';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import {
  createEmbeddedJobStore,
  listFailedJobs,
  pruneEmbeddedJobs,
} from './embedded-jobs.repository';

let testDb: TestDatabase;
let store: ReturnType<typeof createEmbeddedJobStore>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  store = createEmbeddedJobStore(testDb);
});
afterAll(() => testDb?.close());
beforeEach(async () => {
  await testDb.db.delete(embeddedJobs);
});

function emailJob(delayMs = 0) {
  const emailId = uuidv7();
  return {
    id: `email.send:${emailId}`,
    queue: 'email' as const,
    name: 'email.send',
    payload: { emailId },
    delayMs,
  };
}

const row = async (id: string) =>
  (await testDb.db.select().from(embeddedJobs).where(eq(embeddedJobs.id, id)))[0];

describe('the embedded job store', () => {
  test('names the queues with due work: due waiting jobs and running ones past their lease', async () => {
    expect(await store.dueQueues()).toEqual([]);
    await store.insert(emailJob(60_000)); // not due yet
    expect(await store.dueQueues()).toEqual([]);
    const media = { ...emailJob(), queue: 'media' as const, id: `media.process:${uuidv7()}` };
    await store.insert(media);
    expect(await store.dueQueues()).toEqual(['media']);
    await store.claim('media', 1, 60_000); // running, lease held
    expect(await store.dueQueues()).toEqual([]);
    await testDb.db
      .update(embeddedJobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(embeddedJobs.id, media.id)); // its process died
    expect(await store.dueQueues()).toEqual(['media']);
  });

  test('stores a job once per id and hands due jobs out oldest first, counting the attempt', async () => {
    const [a, b, c] = [emailJob(), emailJob(), emailJob()];
    expect(await store.insert(a)).toBe(true);
    expect(await store.insert(a)).toBe(false);
    await store.insert(b);
    await store.insert(c);
    const claimed = await store.claim('email', 2, 60_000);
    expect(claimed).toEqual([
      { id: a.id, name: 'email.send', payload: a.payload, attempt: 1 },
      { id: b.id, name: 'email.send', payload: b.payload, attempt: 1 },
    ]);
    expect((await store.claim('email', 5, 60_000)).map((j) => j.id)).toEqual([c.id]);
    expect(await store.claim('email', 5, 60_000)).toEqual([]);
    expect(await store.claim('media', 5, 60_000)).toEqual([]);
    expect(await store.state(a.id)).toBe('running');
  });

  test('inserts inside a transaction: the job exists only if it commits', async () => {
    const kept = emailJob();
    const rolledBack = emailJob();
    await testDb.db.transaction((tx) => store.insert(kept, tx).then(() => undefined));
    await expect(
      testDb.db.transaction(async (tx) => {
        await store.insert(rolledBack, tx);
        throw new Error('the relay died');
      }),
    ).rejects.toThrow('the relay died');
    expect(await store.state(kept.id)).toBe('waiting');
    expect(await store.state(rolledBack.id)).toBeNull();
  });

  test('a delayed job is not handed out before its time', async () => {
    const job = emailJob(60_000);
    await store.insert(job);
    expect(await store.claim('email', 5, 60_000)).toEqual([]);
    await testDb.db.update(embeddedJobs).set({ runAt: sql`now() - interval '1 second'` });
    expect((await store.claim('email', 5, 60_000)).map((j) => j.id)).toEqual([job.id]);
  });

  test('completes, retries later and fails only the attempt it names', async () => {
    const [done, later, failed] = [emailJob(), emailJob(), emailJob()];
    for (const job of [done, later, failed]) await store.insert(job);
    await store.claim('email', 3, 60_000);

    await store.complete(done.id, 2); // a stale attempt changes nothing
    expect(await store.state(done.id)).toBe('running');
    await store.complete(done.id, 1);
    await store.retryLater(later.id, 1, 60_000, 'Error: smtp timeout');
    await store.fail(failed.id, 1, 'UnrecoverableJobError: no such e-mail');

    expect(await row(done.id)).toMatchObject({ status: 'done', lockedUntil: null });
    expect(await row(later.id)).toMatchObject({
      status: 'waiting',
      lastError: 'Error: smtp timeout',
    });
    expect(await store.claim('email', 5, 60_000)).toEqual([]); // `later` waits a minute
    expect(await listFailedJobs(testDb.db, { limit: 10 })).toMatchObject([
      {
        id: failed.id,
        name: 'email.send',
        attempts: 1,
        lastError: 'UnrecoverableJobError: no such e-mail',
      },
    ]);

    expect(await store.retry(done.id)).toBe(false);
    expect(await store.retry(failed.id)).toBe(true);
    expect(await store.claim('email', 5, 60_000)).toMatchObject([{ id: failed.id, attempt: 1 }]);
  });

  test('takes over a running job whose lease ran out, and renews the leases of live ones', async () => {
    const [dead, alive] = [emailJob(), emailJob()];
    await store.insert(dead);
    await store.insert(alive);
    await store.claim('email', 2, 60_000);
    await testDb.db.update(embeddedJobs).set({ lockedUntil: sql`now() - interval '1 second'` });
    await store.extend([alive.id], 60_000);
    expect(await store.claim('email', 5, 60_000)).toMatchObject([{ id: dead.id, attempt: 2 }]);
  });

  test('on PGlite (one process) recovers every running job at start; on Postgres leases decide', async () => {
    const job = emailJob();
    await store.insert(job);
    await store.claim('email', 1, 60_000);
    const recovered = await store.recover();
    if (testDb.kind === 'pglite') {
      expect(recovered).toBe(1);
      expect(await store.claim('email', 1, 60_000)).toMatchObject([{ id: job.id, attempt: 2 }]);
    } else {
      expect(recovered).toBe(0);
      expect(await store.state(job.id)).toBe('running');
    }
  });

  test('prunes done jobs and failed jobs past their cutoffs', async () => {
    const jobs = [emailJob(), emailJob(), emailJob(), emailJob()];
    for (const job of jobs) await store.insert(job);
    await store.claim('email', 4, 60_000);
    const [oldDone, recentDone, oldFailed, running] = jobs.map((j) => j.id);
    await store.complete(oldDone!, 1);
    await store.complete(recentDone!, 1);
    await store.fail(oldFailed!, 1, 'Error: x');
    await testDb.db
      .update(embeddedJobs)
      .set({ finishedAt: sql`now() - interval '10 days'` })
      .where(sql`${embeddedJobs.id} in (${oldDone}, ${oldFailed})`);

    const day = 86_400_000;
    expect(
      await pruneEmbeddedJobs(testDb.db, {
        doneBefore: new Date(Date.now() - day),
        failedBefore: new Date(Date.now() - 30 * day),
      }),
    ).toBe(1);
    expect(
      await pruneEmbeddedJobs(
        testDb.db,
        { doneBefore: new Date(Date.now() - day), failedBefore: new Date(Date.now() - day) },
        1,
      ),
    ).toBe(1);
    const left = await testDb.db.select({ id: embeddedJobs.id }).from(embeddedJobs);
    expect(left.map((r) => r.id).sort()).toEqual([recentDone, running].sort());
  });
});
