/**
 * Postgres restarts under a running API process: a cluster this file makes (initdb, pg_ctl in its
 * own directory and port). While it is down the API says so on readiness (503, `down`) and stays
 * alive (liveness 200); once it is back the same process serves reads and writes again.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@touchline/db';
import { call, count, createMember, ok, openDatabase } from './testing/client';
import { freePort, waitFor } from './testing/processes';
import {
  createFreshDatabase,
  startPostgresCluster,
  startRedisServer,
  startS3Server,
  type FreshDatabase,
  type PostgresCluster,
  type RedisServer,
  type S3Server,
} from './testing/services';
import { startApi, startWorker, type Api, type StackEnv, type Worker } from './testing/stack';

const PORTS = [45200, 45299] as const;
/** Jobs waiting in the queue when Postgres goes down. */
const QUEUED = 5;
/** Longer than a job's retries (5 attempts with 1, 2, 4 and 8 s between them). */
const OUTAGE_MS = 20_000;

type Closable = { close: () => Promise<void> };

describe('a Postgres restart under a running API and worker', () => {
  let cluster: PostgresCluster | undefined;
  let database: FreshDatabase | undefined;
  let redis: RedisServer | undefined;
  let s3: S3Server | undefined;
  let db: DatabaseHandle | undefined;
  let api: Api & Closable;
  let worker: Worker & Closable;
  const processes: Closable[] = [];

  beforeAll(async () => {
    const [pgCluster, redisServer, s3Server] = await Promise.all([
      freePort(...PORTS).then((port) => startPostgresCluster(port)),
      freePort(...PORTS).then((port) => startRedisServer(port)),
      startS3Server(),
    ]);
    cluster = pgCluster;
    redis = redisServer;
    s3 = s3Server;
    database = await createFreshDatabase(cluster.adminUrl);
    db = await openDatabase(database.url);
    const stack: StackEnv = {
      databaseUrl: database.url,
      redisUrl: redis.url,
      s3: { ...s3, bucket: s3.bucket },
      baseEnv: process.env,
      extra: { TRUST_PROXY: 'loopback' },
    };
    [api, worker] = await Promise.all([
      freePort(...PORTS).then((port) => startApi('api', port, stack)),
      startWorker('worker', stack),
    ]);
    processes.push(api, worker);
  });

  // A failed test shows what the processes said (their last lines).
  afterEach((context) => {
    if (context.task.result?.state !== 'fail') return;
    for (const child of [api, worker]) {
      if (child)
        console.error(`--- ${child.name} (last output) ---\n${child.output().slice(-6000)}`);
    }
  });

  afterAll(async () => {
    await Promise.allSettled(processes.map((p) => p.close()));
    await db?.close();
    await Promise.allSettled([redis?.close(), s3?.close()]);
    // The database goes with its cluster.
    await cluster?.close();
  });

  it('answers 503 on readiness while Postgres is down, then serves again without a restart; queued jobs wait for it', async () => {
    const clientIp = '198.51.100.30';
    const [academy, fan] = await Promise.all([
      createMember(db!, 'academy', 'pg_academy'),
      createMember(db!, 'player', 'pg_fan'),
    ]);
    const ready = () => call(api.url, null, 'GET', '/api/health/ready', { clientIp });
    const notifications = () =>
      count(db!, 'select count(*) as n from notifications where user_id = $1', [academy.id]);
    const pid = api.pid;
    expect((await ok(api.url, fan, 'GET', '/api/me', { clientIp })) as object).toMatchObject({
      user_id: fan.id,
    });

    // Jobs queued when the database goes away: the notifications queue is paused while five
    // follows are made and relayed, and resumed once Postgres is down.
    const connection = new Redis(redis!.url, { maxRetriesPerRequest: null });
    const notificationsQueue = new Queue('notifications', { connection, prefix: 'bull' });
    try {
      await notificationsQueue.pause();
      for (let i = 0; i < QUEUED; i++) {
        await ok(api.url, fan, 'POST', '/api/follow', { clientIp, body: { academy: academy.id } });
        await ok(api.url, fan, 'POST', '/api/unfollow', {
          clientIp,
          body: { academy: academy.id },
        });
      }
      await waitFor('the follows to be relayed', async () => {
        // A paused queue's jobs wait (BullMQ 5+ keeps them in `wait`).
        const counts = await notificationsQueue.getJobCounts('waiting');
        return (counts.waiting ?? 0) === QUEUED;
      });

      await cluster!.stop();
      const downSince = Date.now();
      await notificationsQueue.resume();

      // Readiness says so (503, down), in time for a load balancer's probe.
      const down = await waitFor('readiness to answer 503', async () => {
        const res = await ready();
        return res.status === 503 ? res : undefined;
      });
      expect(down.body).toMatchObject({ status: 'down', checks: { database: false } });
      // The process is alive and says so (a restart probe would not kill it).
      expect((await call(api.url, null, 'GET', '/api/health/live', { clientIp })).status).toBe(200);
      // A request that needs the database fails, promptly, instead of hanging.
      const refused = await call(api.url, fan, 'GET', '/api/me', { clientIp, timeoutMs: 20_000 });
      expect(refused.status).toBeGreaterThanOrEqual(500);

      // Down for longer than a job's retries last (5 attempts, 1+2+4+8 s): the queued jobs must
      // wait for the database rather than fail for good. Readiness stays 503 meanwhile.
      while (Date.now() - downSince < OUTAGE_MS) {
        expect((await ready()).status).toBe(503);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      expect(
        (await notificationsQueue.getJobCounts('failed')).failed ?? 0,
        'jobs failed for good during the outage',
      ).toBe(0);

      await cluster!.start();

      await waitFor('readiness to answer 200 again', async () => (await ready()).status === 200, {
        timeoutMs: 60_000,
      });
      // The same process reads and writes again.
      expect(await ok(api.url, fan, 'GET', '/api/me', { clientIp })).toMatchObject({
        user_id: fan.id,
      });
      await ok(api.url, fan, 'POST', '/api/follow', { clientIp, body: { academy: academy.id } });
      // Every queued job and the new write made their notification, each once.
      try {
        await waitFor('every notification', async () => (await notifications()) === QUEUED + 1, {
          timeoutMs: 120_000,
        });
      } catch (err) {
        // Say where they are: made, queued, delayed (waiting for the database) or failed.
        const counts = await notificationsQueue.getJobCounts();
        const failed = (await notificationsQueue.getFailed()).map((job) => job.failedReason);
        throw new Error(
          `${(err as Error).message}: ${await notifications()} made; queue ${JSON.stringify(counts)}; failed ${JSON.stringify(failed)}`,
          { cause: err },
        );
      }
      expect((await notificationsQueue.getJobCounts('failed')).failed ?? 0).toBe(0);
      expect(
        await count(
          db!,
          'select count(distinct source_key) as n from notifications where user_id = $1',
          [academy.id],
        ),
      ).toBe(QUEUED + 1);
    } finally {
      await notificationsQueue.close();
      connection.disconnect();
    }
    expect(api.pid).toBe(pid);
    expect(api.alive() && worker.alive()).toBe(true);
  });
});
