import { afterEach, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { schema, uuidv7 } from '@touchline/db';
import { HOLD_EXPIRY_DELAY_MS } from '@touchline/shared';
import { appendEvent, countUnpublished, listDeadLetteredEvents } from '@touchline/db/outbox';
import { getEmail } from '@touchline/db/emails';
import { createSecretBox, type QueueDriver } from '@touchline/drivers';
import { waitForQueueSettled } from '@touchline/drivers/testing';
import { createJobHandlers } from './handlers';
import { createOutboxRelay } from './relay';
import { queueCodeEmail } from './testing/emails';
import { createWorkerEnv, silentLogger } from './testing/worker-env';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

async function waitFor(check: () => Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in time');
}

/** Enqueues for real, then dies before the relay can stamp the rows published. */
function crashingAfterEnqueue(queue: QueueDriver): QueueDriver {
  return {
    ...queue,
    kind: queue.kind,
    add: async (...args: Parameters<QueueDriver['add']>) => {
      await queue.add(...args);
      throw new Error('process crashed after enqueueing');
    },
  } as QueueDriver;
}

describe('outbox relay', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function queueEmail(to: string) {
    // The same secret as the worker env's drivers, so their handlers open the e-mail.
    const box = createSecretBox('test-signing-secret');
    return env.db.transaction((tx) => queueCodeEmail(tx, box, to));
  }

  async function mailboxCount(emailId: string) {
    const [row] = await env.db
      .select({ n: count() })
      .from(schema.devMailbox)
      .where(eq(schema.devMailbox.emailId, emailId));
    return row?.n ?? 0;
  }

  it('delivers an event committed with its change exactly once', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    await drivers.queue.process(
      createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() }),
    );
    const emailId = await queueEmail('ada@example.test');
    const relay = createOutboxRelay({ db: env.db, queue: drivers.queue, logger: silentLogger });
    expect(await relay.drain()).toBe(1);
    expect(await relay.drain()).toBe(0);
    await waitFor(async () => (await getEmail(env.db, emailId))?.status === 'sent');
    expect(await mailboxCount(emailId)).toBe(1);
  });

  it('an event survives a crash between enqueue and publish and still arrives once (same queue)', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    const emailId = await queueEmail('bola@example.test');
    const dying = createOutboxRelay({
      db: env.db,
      queue: crashingAfterEnqueue(drivers.queue),
      logger: silentLogger,
    });
    await expect(dying.runOnce()).rejects.toThrow('process crashed');
    expect(await countUnpublished(env.db)).toBe(1);

    const relay = createOutboxRelay({ db: env.db, queue: drivers.queue, logger: silentLogger });
    expect(await relay.drain()).toBe(1);
    expect(await countUnpublished(env.db)).toBe(0);
    await drivers.queue.process(
      createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() }),
    );
    await waitFor(async () => (await getEmail(env.db, emailId))?.status === 'sent');
    // Both enqueues made one job: once it ran, no copy waits to send the e-mail again.
    const counts = await waitForQueueSettled(drivers.queue.admin, 'email');
    expect(counts).toMatchObject({ completed: 1, failed: 0 });
    expect(await mailboxCount(emailId)).toBe(1);
  });

  it('an event survives a crash that also lost the in-flight job, and arrives once after restart', async () => {
    env = await createWorkerEnv();
    const before = await env.newDrivers();
    const emailId = await queueEmail('chidi@example.test');
    const dying = createOutboxRelay({
      db: env.db,
      queue: crashingAfterEnqueue(before.queue),
      logger: silentLogger,
    });
    await expect(dying.runOnce()).rejects.toThrow();
    await before.close(); // the process is gone

    const after = await env.newDrivers();
    await after.queue.process(createJobHandlers({ ...after, db: env.db, clock: () => new Date() }));
    const relay = createOutboxRelay({ db: env.db, queue: after.queue, logger: silentLogger });
    await relay.drain();
    await waitFor(async () => (await getEmail(env.db, emailId))?.status === 'sent');
    // The job the dead process enqueued and the one enqueued again are one: nothing else waits.
    const counts = await waitForQueueSettled(after.queue.admin, 'email');
    expect(counts).toMatchObject({ completed: 1, failed: 0 });
    expect(await mailboxCount(emailId)).toBe(1);
    expect(await countUnpublished(env.db)).toBe(0);
  });

  it('retries through an outage with a growing pause, logs it once and its recovery, and delivers once', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    await drivers.queue.process(
      createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() }),
    );
    const emailId = await queueEmail('dayo@example.test');
    // The queue is down for the first attempts (Redis unreachable), then back.
    const attemptsAt: number[] = [];
    const down = 6;
    const flaky = {
      ...drivers.queue,
      kind: drivers.queue.kind,
      add: async (...args: Parameters<QueueDriver['add']>) => {
        attemptsAt.push(Date.now());
        if (attemptsAt.length <= down) throw new Error('Redis is not reachable');
        await drivers.queue.add(...args);
      },
    } as QueueDriver;
    const logs: { level: string; msg: string | undefined }[] = [];
    const logger = {
      warn: (_: object, msg?: string) => void logs.push({ level: 'warn', msg }),
      error: (_: object, msg?: string) => void logs.push({ level: 'error', msg }),
    };
    const relay = createOutboxRelay({
      db: env.db,
      queue: flaky,
      logger,
      intervalMs: 5,
      maxBackoffMs: 80,
    });
    relay.start();
    try {
      await waitFor(async () => (await getEmail(env.db, emailId))?.status === 'sent');
    } finally {
      await relay.stop();
    }
    expect(await mailboxCount(emailId)).toBe(1);
    expect(await countUnpublished(env.db)).toBe(0);
    // One error for the whole outage, one recovery line.
    expect(logs).toEqual([
      { level: 'error', msg: 'outbox relay batch failed; will retry' },
      { level: 'warn', msg: 'outbox relay recovered' },
    ]);
    // The pause grew: the last gaps of the outage are longer than the first (5 ms → 80 ms).
    const gaps = attemptsAt.slice(1, down + 1).map((t, i) => t - attemptsAt[i]!);
    expect(Math.max(...gaps.slice(-2))).toBeGreaterThanOrEqual(40);
  });

  it('dead-letters a poisoned event at once and delivers the events behind it', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    await drivers.queue.process(
      createJobHandlers({ ...drivers, db: env.db, clock: () => new Date() }),
    );
    // Written around appendEvent's check, as an older release or a hand-made row could be.
    const [badPayload, unknownType] = await env.db
      .insert(schema.outbox)
      .values([
        { type: 'email.queued', payload: { emailId: 'not-a-uuid' } },
        { type: 'nope.happened', payload: {} },
      ])
      .returning({ id: schema.outbox.id });
    const emailId = await queueEmail('dayo@example.test');

    const relay = createOutboxRelay({ db: env.db, queue: drivers.queue, logger: silentLogger });
    await relay.drain();
    await waitFor(async () => (await getEmail(env.db, emailId))?.status === 'sent');
    expect(await mailboxCount(emailId)).toBe(1);
    expect(await countUnpublished(env.db)).toBe(0);
    const dead = await listDeadLetteredEvents(env.db, { limit: 10 });
    expect(dead.map((e) => e.id).sort()).toEqual([badPayload!.id, unknownType!.id].sort());
    expect(dead.find((e) => e.id === badPayload!.id)?.lastError).toMatch(
      /PoisonedEventError: payload breaks the event contract/,
    );
    expect(dead.find((e) => e.id === unknownType!.id)?.lastError).toMatch(
      /unknown event type "nope.happened"/,
    );
    expect(await relay.drain()).toBe(0); // never handed out again
  });

  it('leaves nothing published when the change is rolled back', async () => {
    env = await createWorkerEnv();
    await expect(
      env.db.transaction(async (tx) => {
        await queueCodeEmail(tx, createSecretBox('test-signing-secret'), 'x@example.test');
        throw new Error('validation failed later in the transaction');
      }),
    ).rejects.toThrow();
    expect(await countUnpublished(env.db)).toBe(0);
    const [row] = await env.db.select({ n: count() }).from(schema.emails);
    expect(row?.n).toBe(0);
  });

  it('adds a routed job with its delay (a payment hold expires 30 minutes after registration)', async () => {
    env = await createWorkerEnv();
    const drivers = await env.newDrivers();
    const added: { name: string; jobId: string; delayMs?: number }[] = [];
    const recording = {
      ...drivers.queue,
      kind: drivers.queue.kind,
      add: async (...args: Parameters<QueueDriver['add']>) => {
        added.push({ name: args[0], jobId: args[2].jobId, delayMs: args[2].delayMs });
        await drivers.queue.add(...args);
      },
    } as QueueDriver;
    const registrationId = uuidv7();
    const { id } = await appendEvent(env.db, {
      type: 'registration.created',
      payload: { registrationId, trialId: uuidv7() },
    });
    const relay = createOutboxRelay({ db: env.db, queue: recording, logger: silentLogger });
    expect(await relay.drain()).toBe(1);
    expect(added).toEqual([
      { name: 'notifications.registration', jobId: `notifications.registration:${id}` },
      {
        name: 'trials.expire_hold',
        jobId: `trials.expire_hold:${id}`,
        delayMs: HOLD_EXPIRY_DELAY_MS,
      },
      // The academy's and the player's open pages hear of it (issue 22, typed change events).
      { name: 'changes.registration', jobId: `changes.registration:${id}` },
    ]);
    expect(HOLD_EXPIRY_DELAY_MS).toBeGreaterThanOrEqual(30 * 60_000);
  });
});
