/**
 * BullMQ: the same queue driver (`createBullQueue`, payload checks and all) at concurrency 50
 * running N `notifications.create` jobs with a no-op handler (the baseline) and with the real
 * notification handler (stores the notification, numbers it in the recipient's realtime stream,
 * publishes it on the bus). Jobs/s from the worker's start to the last completion; each run on a
 * queue prefix of its own, deleted afterwards. Needs Redis (TEST_REDIS_URL).
 */
import { createBullQueue, type JobHandlers } from '@touchline/drivers';
import { deleteRedisKeys } from '@touchline/drivers/testing';
import { JOBS } from '@touchline/shared';
import type { Database } from '@touchline/db';
import { createJobHandlers } from '@touchline/worker';
import { silentLogger, type BenchApp } from './app';
import { ROUNDS, log, median, redisUrl, rows, sized, until } from './lib';
import { profiled } from './profile';
import { TABLE, uid } from './seed';

const CONCURRENCY = 50;

export async function benchQueue(input: { bench: BenchApp; db: Database; players: number[] }) {
  const name = `BullMQ notification worker, concurrency ${CONCURRENCY}`;
  if (!redisUrl) {
    rows.push({
      name,
      baseline: 'no-op worker',
      unit: 'jobs/s',
      target: '≥ 20 %',
      meets: null,
      note: 'not run: needs Redis',
    });
    log('\nqueue row: not run (needs Redis: TEST_REDIS_URL)');
    return;
  }
  const url = redisUrl;
  const jobs = sized(3000, 100);
  const { drivers } = input.bench;
  const real = createJobHandlers({
    db: input.db,
    mail: drivers.mail,
    storage: drivers.storage,
    bus: drivers.bus,
    secretBox: drivers.secretBox,
    payments: drivers.payments,
    push: drivers.push,
    sms: drivers.sms,
    queue: drivers.queue,
    clock: () => new Date(),
  });
  const noop = Object.fromEntries(
    Object.keys(JOBS).map((job) => [job, async () => undefined]),
  ) as unknown as JobHandlers;

  let run = 0;
  const once = async (handlers: JobHandlers, profile?: string) => {
    run += 1;
    const prefix = `tlbench-${process.pid}-q${run}`;
    const queue = await createBullQueue({ redisUrl: url, prefix, logger: silentLogger });
    try {
      const { players } = input;
      // Connected before the first batch: 200 adds waiting for a connecting client each add a
      // 'ready' and an 'end' listener to it (ioredis's MaxListenersExceededWarning), which the
      // relay, adding one row's jobs at a time to a client long connected, never does.
      await queue.ping();
      for (let i = 0; i < jobs; i += 200) {
        await Promise.all(
          Array.from({ length: Math.min(200, jobs - i) }, (_, k) => {
            const j = i + k;
            const recipient = players[j % players.length]!;
            const actor = players[(j + 1) % players.length]!;
            return queue.add(
              'notifications.create',
              {
                eventId: `bench-${run}-${j}`,
                event: 'friend.accepted',
                actorId: uid(TABLE.users, actor),
                recipientId: uid(TABLE.users, recipient),
              },
              { jobId: `bench-${run}-${j}` },
            );
          }),
        );
      }
      const drain = async () => {
        const started = performance.now();
        await queue.process(handlers, { queues: ['notifications'], concurrency: CONCURRENCY });
        await until(
          async () => {
            const counts = (await queue.admin.counts()).notifications;
            if (counts.failed > 0 || counts.delayed > 0)
              throw new Error(`queue jobs failed: ${JSON.stringify(counts)}`);
            return counts.completed >= jobs;
          },
          'the queue to drain',
          600_000,
        );
        return jobs / ((performance.now() - started) / 1000);
      };
      // BENCH_PROFILE: this process (the worker, its handler, the bus) from the worker's start.
      return profile ? await profiled(profile, drain) : await drain();
    } finally {
      await queue.close();
      await deleteRedisKeys(url, prefix);
    }
  };

  log(`\nqueue row: ${jobs} notifications.create jobs per run, concurrency ${CONCURRENCY}`);
  const base: number[] = [];
  const subject: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    base.push(await once(noop));
    subject.push(await once(real, round === 0 ? 'queue notifications.create' : undefined));
    log(
      `  round ${round + 1}: no-op ${base.at(-1)!.toFixed(0)} jobs/s, notification ${subject.at(-1)!.toFixed(0)} jobs/s`,
    );
  }
  const b = median(base);
  const s = median(subject);
  rows.push({
    name,
    baseline: 'no-op worker',
    baselineValue: b,
    value: s,
    unit: 'jobs/s',
    ratio: s / b,
    target: '≥ 20 %',
    meets: s / b >= 0.2,
  });
}
