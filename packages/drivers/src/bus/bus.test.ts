import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import {
  deleteRedisKeys,
  killRedisClients,
  testRedisUrl,
  uniqueRedisPrefix,
} from '../testing/redis';
import { sleep, waitFor } from '../testing/wait';
import type { BusDriver } from '../types';
import { createInlineBus, createInlineBusHub } from './inline';
import { createRedisBus } from './redis';

/** Two instances that reach each other, as two processes on one Redis do. */
type Implementation = {
  name: string;
  createPair: () => Promise<{ pair: [BusDriver, BusDriver]; dropConnections: () => Promise<void> }>;
};

const redisUrl = testRedisUrl();
const redisPrefix = uniqueRedisPrefix('bus');
let instance = 0;

const implementations: Implementation[] = [
  {
    name: 'inline',
    createPair: async () => {
      const hub = createInlineBusHub();
      return {
        pair: [createInlineBus({ hub }), createInlineBus({ hub })],
        dropConnections: async () => {}, // nothing to drop in-process
      };
    },
  },
];
if (redisUrl) {
  implementations.push({
    name: 'redis',
    createPair: async () => {
      const prefix = `${redisPrefix}-${(instance += 1)}`;
      return {
        pair: [
          await createRedisBus({ redisUrl, prefix, logger: silentLogger }),
          await createRedisBus({ redisUrl, prefix, logger: silentLogger }),
        ],
        dropConnections: async () => {
          expect(await killRedisClients(redisUrl, `${prefix}:bus-`)).toBe(4);
        },
      };
    },
  });
}
console.info(`bus drivers under test: ${implementations.map((i) => i.name).join(', ')}`);

afterAll(async () => {
  if (redisUrl) await deleteRedisKeys(redisUrl, redisPrefix); // pub/sub leaves none; be sure
});

describe.each(implementations)('$name bus', ({ createPair }) => {
  let a: BusDriver;
  let b: BusDriver;
  let dropConnections: () => Promise<void>;

  beforeEach(async () => {
    const created = await createPair();
    [a, b] = created.pair;
    dropConnections = created.dropConnections;
  });

  afterEach(async () => {
    await Promise.all([a.close(), b.close()]);
  });

  /** Collects what one handler receives. */
  const inbox = () => {
    const received: unknown[] = [];
    return { received, handler: (message: unknown) => void received.push(message) };
  };

  it('answers ping', async () => {
    await waitFor(async () => (await a.ping()) && (await b.ping()), 'ping');
  });

  it('delivers to every subscriber of the channel on every instance, not to other channels', async () => {
    const [onA, onB1, onB2, otherChannel] = [inbox(), inbox(), inbox(), inbox()];
    await a.subscribe('conversation:1', onA.handler);
    await b.subscribe('conversation:1', onB1.handler);
    await b.subscribe('conversation:1', onB2.handler); // shares b's subscription
    await b.subscribe('conversation:2', otherChannel.handler);

    await a.publish('conversation:1', { type: 'chat.message', id: 7 });
    await b.publish('conversation:2', { type: 'marker' });

    await waitFor(() => otherChannel.received.length === 1, 'the marker');
    await waitFor(() => onA.received.length === 1, 'delivery on the publishing instance');
    expect(onB1.received).toEqual([{ type: 'chat.message', id: 7 }]);
    expect(onB2.received).toEqual([{ type: 'chat.message', id: 7 }]);
    expect(onA.received).toEqual([{ type: 'chat.message', id: 7 }]);
    expect(otherChannel.received).toEqual([{ type: 'marker' }]);
  });

  it('delivers in publish order', async () => {
    const box = inbox();
    await b.subscribe('user:1', box.handler);
    for (let n = 1; n <= 25; n += 1) await a.publish('user:1', { n });
    await waitFor(() => box.received.length === 25, '25 messages');
    expect(box.received).toEqual(Array.from({ length: 25 }, (_, i) => ({ n: i + 1 })));
  });

  it('never calls a handler inside publish', async () => {
    let called = false;
    await b.subscribe('user:2', () => (called = true));
    const published = a.publish('user:2', { hello: 'world' });
    expect(called).toBe(false);
    await published;
    await waitFor(() => called, 'the delivery');
  });

  it('sends JSON: every handler gets its own decoded copy', async () => {
    const [first, second] = [inbox(), inbox()];
    await b.subscribe('user:3', first.handler);
    await b.subscribe('user:3', second.handler);
    await a.publish('user:3', { at: new Date(0), list: [1, 2] });
    await waitFor(() => second.received.length === 1, 'the delivery');
    expect(first.received[0]).toEqual({ at: '1970-01-01T00:00:00.000Z', list: [1, 2] });
    expect(first.received[0]).not.toBe(second.received[0]);
  });

  it('stops delivering to a handler once it unsubscribed, others keep theirs', async () => {
    const [kept, dropped, marker] = [inbox(), inbox(), inbox()];
    await b.subscribe('user:4', kept.handler);
    const unsubscribe = await b.subscribe('user:4', dropped.handler);
    await b.subscribe('marker', marker.handler);

    await unsubscribe();
    await a.publish('user:4', { n: 1 });
    await a.publish('marker', { n: 1 }); // arrives after user:4's message would have
    await waitFor(() => marker.received.length === 1, 'the first marker');
    expect(kept.received).toEqual([{ n: 1 }]);
    expect(dropped.received).toEqual([]);

    const unsubscribeKept = await b.subscribe('user:5', kept.handler);
    await unsubscribeKept();
    await a.publish('user:5', { n: 2 }); // the channel's last handler left: nobody listens
    await a.publish('marker', { n: 2 });
    // The marker was published after user:5's message, on the same connections: it arrives after.
    await waitFor(() => marker.received.length === 2, 'the second marker');
    expect(kept.received).toEqual([{ n: 1 }]);
  });

  it('keeps its subscriptions when the connections drop and come back', async () => {
    const box = inbox();
    await b.subscribe('user:7', box.handler);
    await waitFor(async () => (await a.ping()) && (await b.ping()), 'ping');
    await dropConnections();
    let n = 0;
    // Publishing may fail while the publisher reconnects; the subscriber re-subscribes on its own.
    await waitFor(async () => {
      await a.publish('user:7', { n: (n += 1) }).catch(() => undefined);
      await sleep(50);
      return box.received.length > 0;
    }, 'a delivery after the reconnect');
    const before = box.received.length;
    await a.publish('user:7', { last: true });
    await waitFor(() => box.received.length === before + 1, 'the next delivery');
    expect(box.received.at(-1)).toEqual({ last: true });
  });

  it('refuses to publish after close', async () => {
    await a.close();
    await expect(a.publish('user:6', {})).rejects.toThrow(/closed/);
  });

  it('counts the instances a counted publish reached, and delivers it like any other', async () => {
    const [onA, onB] = [inbox(), inbox()];
    await a.subscribe('sessions-test', onA.handler);
    await b.subscribe('sessions-test', onB.handler);
    await b.subscribe('sessions-test', () => undefined); // the same instance: counted once
    await waitFor(() => a.delivering() && b.delivering(), 'both delivering');
    const reached = await a.publishCounted('sessions-test', { n: 1 });
    expect(reached).toBe(a.kind === 'redis' ? 2 : 3);
    await waitFor(() => onA.received.length === 1 && onB.received.length === 1, 'deliveries');
    expect(await b.publishCounted('nobody-listens', { n: 2 })).toBe(0);
  });

  it('stops delivering when closed', async () => {
    await waitFor(() => a.delivering(), 'delivering');
    await a.close();
    expect(a.delivering()).toBe(false);
  });
});

if (redisUrl)
  describe('redis bus reconnect listeners', () => {
    it('are told once the subscriptions deliver again after the connection was lost (what was published meanwhile is gone)', async () => {
      const prefix = `${redisPrefix}-reconnect`;
      const subscriberSide = await createRedisBus({
        redisUrl: redisUrl!,
        prefix,
        logger: silentLogger,
      });
      const publisherSide = await createRedisBus({
        redisUrl: redisUrl!,
        prefix,
        logger: silentLogger,
      });
      try {
        const received: unknown[] = [];
        await subscriberSide.subscribe('user:8', (m) => void received.push(m));
        const deliveredAtReconnect: number[] = [];
        let reconnects = 0;
        const remove = subscriberSide.onReconnect(() => {
          reconnects += 1;
          // Published now, it must arrive: the subscription is active when listeners run.
          deliveredAtReconnect.push(received.length);
          void publisherSide.publish('user:8', { after: reconnects });
        });
        await waitFor(async () => (await publisherSide.ping()) === true, 'the publisher');
        // Both sides have a subscriber connection of that name.
        expect(await killRedisClients(redisUrl!, `${prefix}:bus-subscriber`)).toBe(2);
        await waitFor(() => reconnects === 1, 'the reconnect listener');
        await waitFor(
          () => received.some((m) => (m as { after?: number }).after === 1),
          'delivery',
        );
        remove();
        // Both sides have a subscriber connection of that name.
        expect(await killRedisClients(redisUrl!, `${prefix}:bus-subscriber`)).toBe(2);
        await waitFor(async () => {
          await publisherSide.publish('user:8', { last: true }).catch(() => undefined);
          await sleep(50);
          return received.some((m) => (m as { last?: boolean }).last);
        }, 'a delivery after the second reconnect');
        expect(reconnects).toBe(1); // removed listeners are not called
      } finally {
        await Promise.all([subscriberSide.close(), publisherSide.close()]);
      }
    });
  });

if (redisUrl)
  describe('redis bus ping', () => {
    it('answers false while the subscriber connection is away, true once it is back', async () => {
      const prefix = `${redisPrefix}-ping`;
      const bus = await createRedisBus({ redisUrl: redisUrl!, prefix, logger: silentLogger });
      try {
        await bus.subscribe('user:9', () => undefined);
        await waitFor(() => bus.ping(), 'ping');
        expect(await killRedisClients(redisUrl!, `${prefix}:bus-subscriber`)).toBe(1);
        // The publisher still answers; the bus does not deliver until the subscriber is back.
        await waitFor(async () => !(await bus.ping()), 'ping to answer false');
        expect(bus.delivering()).toBe(false);
        await waitFor(() => bus.ping(), 'ping to answer true again');
        // Delivering again once the subscriptions are confirmed (what the session cache trusts).
        await waitFor(() => bus.delivering(), 'delivering again');
      } finally {
        await bus.close();
      }
    });
  });
