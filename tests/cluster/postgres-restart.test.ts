/**
 * Postgres restarts under a running API process: a cluster this file makes (initdb, pg_ctl in its
 * own directory and port). While it is down the API says so on readiness (503, `down`) and stays
 * alive (liveness 200); once it is back the same process serves reads and writes again.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@touchline/db';
import { startCluster, type Cluster } from './testing/cluster';
import { call, count, createMember, ok } from './testing/client';
import { freePort, waitFor } from './testing/processes';
import { startPostgresCluster, type PostgresCluster, type RedisServer } from './testing/services';
import type { Api, Worker } from './testing/stack';

const PORTS = [45200, 45299] as const;
/** Jobs waiting in the queue when Postgres goes down. */
const QUEUED = 5;
/** Longer than a job's retries (5 attempts with 1, 2, 4 and 8 s between them). */
const OUTAGE_MS = 20_000;

describe('a Postgres restart under a running API and worker', () => {
  let postgres: PostgresCluster | undefined;
  let cluster: Cluster | undefined;
  let redis: RedisServer | undefined;
  let db: DatabaseHandle | undefined;
  let api: Api;
  let worker: Worker;

  beforeAll(async () => {
    postgres = await startPostgresCluster(await freePort(...PORTS));
    cluster = await startCluster({
      ports: PORTS,
      apis: 1,
      worker: true,
      serverUrl: postgres.adminUrl,
      extra: { TRUST_PROXY: 'loopback' },
    });
    ({ db, redis } = cluster);
    [api, worker] = [cluster.apis[0]!, cluster.worker!];
  });

  // A failed test shows what the processes said (their last lines).
  afterEach((context) => {
    if (context.task.result?.state === 'fail') cluster?.reportFailure();
  });

  afterAll(async () => {
    await cluster?.close();
    await postgres?.close();
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

      await postgres!.stop();
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
      // A request that needs the database fails, promptly, instead of hanging (`/api/me` may
      // answer from the instance's memory meanwhile, decision 63: the unread count is a read).
      const refused = await call(api.url, fan, 'GET', '/api/notification/unread_count', {
        clientIp,
        timeoutMs: 20_000,
      });
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

      await postgres!.start();

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
