/**
 * Two API processes and one worker process on a fresh database (TEST_DATABASE_URL's server), a
 * Redis of this file's own and an S3 server on loopback: notifications cross instances, rate
 * limits are one budget, a worker killed in a burst loses and repeats nothing, and an instance
 * killed under its clients' sockets hands them over to the other one with nothing missed.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { DatabaseHandle } from '@touchline/db';
import { upsertProfile } from '@touchline/db/profiles';
import { startCluster, type Cluster } from './testing/cluster';
import { call, count, createMember, ok, Tab, type Member } from './testing/client';
import { waitFor } from './testing/processes';
import type { Api, Worker } from './testing/stack';

const PORTS = [45000, 45099] as const;
const RATE_LIMIT = 60;
const BURST = 1000;

describe('two API instances and a worker (Postgres, Redis, S3)', () => {
  let cluster: Cluster | undefined;
  let db: DatabaseHandle | undefined;
  let a: Api;
  let b: Api;
  let worker: Worker;
  const tabs: Tab[] = [];

  const notificationsOf = (userId: string) =>
    count(db!, 'select count(*) as n from notifications where user_id = $1', [userId]);
  const userEventsOf = (userId: string) =>
    count(db!, 'select count(*) as n from user_events where user_id = $1', [userId]);

  async function tab(who: Member, instances: Api[], clientIp: string) {
    const opened = await new Tab(
      who,
      instances.map((i) => i.url),
      clientIp,
    ).open();
    tabs.push(opened);
    return opened;
  }

  beforeAll(async () => {
    cluster = await startCluster({
      ports: PORTS,
      apis: 2,
      worker: true,
      workerConcurrency: 5,
      extra: {
        RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
        AUTH_RATE_LIMIT_PER_MINUTE: '1000',
        // The test is the load balancer: each test speaks as a client address of its own.
        TRUST_PROXY: 'loopback',
      },
    });
    db = cluster.db;
    [a, b, worker] = [cluster.apis[0]!, cluster.apis[1]!, cluster.worker!];
  });

  // A failed test shows what the processes said (their last lines).
  afterEach((context) => {
    if (context.task.result?.state === 'fail') cluster?.reportFailure();
  });

  afterAll(async () => {
    await Promise.allSettled(tabs.map((t) => t.close()));
    await cluster?.close();
  });

  it('delivers a notification produced through instance A to a socket held by instance B', async () => {
    const [academy, player] = await Promise.all([
      createMember(db!, 'academy', 'academy'),
      createMember(db!, 'player', 'player'),
    ]);
    const onB = await tab(academy, [b], '198.51.100.1');
    expect(onB.connections).toEqual([b.url]);

    await ok(a.url, player, 'POST', '/api/follow', {
      clientIp: '198.51.100.2',
      body: { academy: academy.id },
    });

    await onB.until('the notification on B', (t) => t.stored.length >= 1);
    const [event] = onB.stored;
    expect(event).toMatchObject({ type: 'notification', seq: 1 });
    expect(event?.type === 'notification' && event.data.actor_id).toBe(player.id);
    // Counted in the database: one notification, one stored event, one socket delivery.
    expect(await notificationsOf(academy.id)).toBe(1);
    expect(await userEventsOf(academy.id)).toBe(1);
    // And the academy reads it through either instance.
    const page = (await ok(a.url, academy, 'GET', '/api/notification', {
      clientIp: '198.51.100.1',
    })) as { results: { id: string }[]; unread_count: number };
    expect(page.results.map((r) => r.id)).toEqual([
      event?.type === 'notification' ? event.data.id : undefined,
    ]);
    expect(page.unread_count).toBe(1);
  });

  it("previews a new post's notice to followers' tabs on both instances, then stores it with the same id", async () => {
    const academy = await createMember(db!, 'academy', 'academy');
    const fans = await Promise.all([
      createMember(db!, 'player', 'fan'),
      createMember(db!, 'player', 'fan'),
    ]);
    for (const fan of fans) {
      await ok(a.url, fan, 'POST', '/api/follow', {
        clientIp: '198.51.100.3',
        body: { academy: academy.id },
      });
    }
    const onA = await tab(fans[0]!, [a], '198.51.100.4');
    const onB = await tab(fans[1]!, [b], '198.51.100.5');

    const post = (await ok(b.url, academy, 'POST', '/api/post', {
      clientIp: '198.51.100.6',
      body: { content: 'Open trials on Saturday' },
    })) as { id: string };
    for (const fan of [onA, onB]) {
      await fan.until(
        'the preview, then the stored notice',
        (t) => t.previews.length >= 1 && t.stored.some((e) => e.type === 'notification'),
      );
      const [preview] = fan.previews;
      expect(preview!.data).toMatchObject({
        kind: 'new_post',
        link: `/view_post_details/${post.id}`,
        actor_id: academy.id,
        unread: 1,
      });
      const stored = fan.stored.filter((e) => e.type === 'notification');
      expect(stored).toHaveLength(1);
      expect(stored[0]!.data).toEqual(preview!.data);
      expect(fan.previews).toHaveLength(1);
    }
  });

  it('stores media uploaded through A in S3 and serves it through B', async () => {
    const owner = await createMember(db!, 'player', 'media_owner');
    await upsertProfile(db!.db, owner.id, { coverPhotoMediaId: null });
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: '#0a7f3f' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.url}/api/profile/photo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'x-forwarded-for': '198.51.100.5' },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { url } = (await uploaded.json()) as { url: string };
    // B has a data directory of its own: what it serves comes from the bucket.
    const located = new URL(url, a.url);
    const served = await fetch(`${b.url}${located.pathname}${located.search}`, {
      headers: { 'x-forwarded-for': '198.51.100.5' },
    });
    expect(served.status).toBe(200);
    const image = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(image.width).toBeGreaterThan(0);
    expect(
      await count(db!, `select count(*) as n from media_objects where owner_id = $1`, [owner.id]),
    ).toBeGreaterThan(0);
    for (const instance of [a, b]) {
      const health = await call(instance.url, null, 'GET', '/api/health/ready', {
        clientIp: '198.51.100.5',
      });
      expect(health.body).toMatchObject({
        status: 'ok',
        mode: { database: 'postgres', queue: 'bullmq', bus: 'redis', storage: 's3' },
      });
    }
  });

  it('shares one rate-limit budget across the instances', async () => {
    const reader = await createMember(db!, 'player', 'reader');
    // The limiter's Redis connection opens in the background (requests pass until it does):
    // wait until both instances count, probing as other clients.
    for (const [index, instance] of [a, b].entries()) {
      await waitFor(`${instance.name}'s rate limiter`, async () => {
        const res = await call(instance.url, reader, 'GET', '/api/me', {
          clientIp: `192.0.2.${200 + index}`,
        });
        return res.headers.get('x-ratelimit-limit') === String(RATE_LIMIT);
      });
    }

    const clientIp = '203.0.113.77';
    const statuses: { instance: string; status: number }[] = [];
    for (let i = 0; i < RATE_LIMIT + 20; i++) {
      const instance = i % 2 === 0 ? a : b;
      const res = await call(instance.url, reader, 'GET', '/api/me', { clientIp });
      statuses.push({ instance: instance.name, status: res.status });
    }
    const allowed = statuses.filter((s) => s.status === 200);
    const limited = statuses.filter((s) => s.status === 429);
    // One budget: exactly RATE_LIMIT answers over both instances, then 429 from both.
    expect(allowed).toHaveLength(RATE_LIMIT);
    expect(limited).toHaveLength(20);
    expect(statuses.slice(0, RATE_LIMIT).every((s) => s.status === 200)).toBe(true);
    expect(new Set(limited.map((s) => s.instance))).toEqual(new Set(['api-a', 'api-b']));
    // Another client still has its own budget.
    const other = await call(a.url, reader, 'GET', '/api/me', { clientIp: '203.0.113.78' });
    expect(other.status).toBe(200);
  });

  it('completes a burst of 1,000 jobs once each when the worker is SIGKILLed in the middle', async () => {
    const [academy, fan] = await Promise.all([
      createMember(db!, 'academy', 'burst_academy'),
      createMember(db!, 'player', 'burst_fan'),
    ]);
    const onB = await tab(academy, [b], '198.51.100.3');

    // 1,000 committed events at once, as 1,000 follows would write them (the relay and the
    // worker cannot tell): each becomes one notifications.create job with its own id.
    await count(
      db!,
      `with burst as (
         insert into outbox (type, payload)
         select 'follow.created', jsonb_build_object('followerId', $1::text, 'academyId', $2::text)
         from generate_series(1, ${BURST})
         returning 1
       ) select count(*) as n from burst`,
      [fan.id, academy.id],
    );

    // Kill the worker once a tenth of the burst is done: the rest is queued or running.
    const atKill = await waitFor(
      'the burst to be under way',
      async () => {
        const n = await notificationsOf(academy.id);
        return n >= BURST / 10 ? n : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 25 },
    );
    await worker.kill();
    const afterKill = await notificationsOf(academy.id);
    expect(afterKill).toBeLessThan(BURST);

    await worker.restart();
    // Jobs the killed worker held are stalled until their lock runs out (BullMQ: 30 s), then
    // run again by the new worker.
    await waitFor(
      'every job of the burst to complete',
      async () => (await notificationsOf(academy.id)) === BURST,
      { timeoutMs: 150_000, intervalMs: 500 },
    );
    expect(atKill).toBeGreaterThan(0);

    // Nothing twice: one notification per event, one stored event per notification, numbered
    // 1..1000 without a gap, every outbox row published once.
    expect(
      await count(
        db!,
        'select count(distinct source_key) as n from notifications where user_id = $1',
        [academy.id],
      ),
    ).toBe(BURST);
    expect(await userEventsOf(academy.id)).toBe(BURST);
    expect(
      await count(db!, 'select max(seq) as n from user_events where user_id = $1', [academy.id]),
    ).toBe(BURST);
    expect(
      await count(
        db!,
        `select count(*) as n from outbox where type = 'follow.created'
           and payload->>'academyId' = $1 and (published_at is null or dead_at is not null)`,
        [academy.id],
      ),
    ).toBe(0);
    // The academy's open tab saw each of them exactly once, in order.
    await onB.until('all 1,000 on the socket', (t) => t.lastSeq >= BURST, 60_000);
    expect(onB.seqs()).toEqual(Array.from({ length: BURST }, (_, i) => i + 1));
  });

  it('hands the sockets of a SIGKILLed instance over to the other one with nothing missed or doubled', async () => {
    const [academy, fan] = await Promise.all([
      createMember(db!, 'academy', 'handover_academy'),
      createMember(db!, 'player', 'handover_fan'),
    ]);
    const clientIp = '198.51.100.4';
    const follow = async (via: Api) => {
      await ok(via.url, fan, 'POST', '/api/follow', { clientIp, body: { academy: academy.id } });
      await ok(via.url, fan, 'POST', '/api/unfollow', { clientIp, body: { academy: academy.id } });
    };

    // Two tabs on A (the load balancer sent them there); B is where they go next.
    let releaseReconnect!: () => void;
    const held = new Promise<void>((resolve) => (releaseReconnect = resolve));
    const tabsOnA = await Promise.all([0, 1].map(() => tab(academy, [a, b], clientIp)));
    for (const t of tabsOnA) t.beforeReconnect = () => held;

    await follow(a);
    await Promise.all(tabsOnA.map((t) => t.until('the first notification', (x) => x.lastSeq >= 1)));

    await a.kill();
    // While the tabs are away (their reconnect is held), three more notifications are made
    // through B: they must come back through `since`.
    for (let i = 0; i < 3; i++) await follow(b);
    await waitFor(
      'the gap events to be stored',
      async () => (await userEventsOf(academy.id)) === 4,
    );
    releaseReconnect();
    await Promise.all(tabsOnA.map((t) => t.untilOpenOn(b.url)));
    await Promise.all(tabsOnA.map((t) => t.until('the replay', (x) => x.lastSeq >= 4)));

    // Then live again, on B.
    await follow(b);
    await Promise.all(tabsOnA.map((t) => t.until('the live one on B', (x) => x.lastSeq >= 5)));

    expect(await notificationsOf(academy.id)).toBe(5);
    expect(await userEventsOf(academy.id)).toBe(5);
    for (const t of tabsOnA) {
      expect(t.connections).toEqual([a.url, b.url]);
      expect(t.seqs()).toEqual([1, 2, 3, 4, 5]);
      expect(t.replayed.map((e) => e.seq)).toEqual([2, 3, 4]);
    }
  });
});
