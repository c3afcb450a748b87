import type { Logger } from '../logger';
import { closeRedis, createRedisConnection, pingRedis, waitForReady } from '../redis/connection';
import type { BusDriver, BusHandler } from '../types';
import { decodeMessage, encodeMessage } from './encoding';

export type RedisBusOptions = {
  redisUrl: string;
  /** Channel prefix (default `touchline`): a channel `user:1` is `touchline:user:1` in Redis. */
  prefix?: string;
  logger: Logger;
  /** How long publish/subscribe wait for a Redis connection before failing. */
  connectTimeoutMs?: number;
};

export type RedisBusDriver = BusDriver & { readonly kind: 'redis' };

type Subscription = { handler: BusHandler };

/**
 * Redis pub/sub with one publisher and one subscriber connection per process. Handlers of one
 * channel share one Redis subscription; ioredis re-subscribes after a reconnect.
 */
export function createRedisBus({
  redisUrl,
  prefix = 'touchline',
  logger,
  connectTimeoutMs = 3000,
}: RedisBusOptions): RedisBusDriver {
  const publisher = createRedisConnection(
    redisUrl,
    { name: `${prefix}:bus-publisher`, mode: 'fail-fast' },
    logger,
  );
  const subscriber = createRedisConnection(
    redisUrl,
    { name: `${prefix}:bus-subscriber`, mode: 'fail-fast' },
    logger,
  );
  const handlers = new Map<string, Set<Subscription>>(); // by Redis channel
  const subscribed = new Set<string>();
  let changes: Promise<void> = Promise.resolve();
  let closed = false;

  const redisChannel = (channel: string) => `${prefix}:${channel}`;

  subscriber.on('message', (key: string, encoded: string) => {
    const subscriptions = handlers.get(key);
    if (!subscriptions) return;
    for (const { handler } of [...subscriptions]) {
      try {
        handler(decodeMessage(encoded));
      } catch (err) {
        logger.error({ channel: key, err }, 'bus handler failed');
      }
    }
  });

  /** Brings the Redis subscription of `key` in line with its handlers, one change at a time. */
  function sync(key: string): Promise<void> {
    const change = changes.then(async () => {
      const wanted = (handlers.get(key)?.size ?? 0) > 0;
      if (wanted && !subscribed.has(key)) {
        await waitForReady(subscriber, connectTimeoutMs);
        await subscriber.subscribe(key); // resolves on Redis's confirmation
        subscribed.add(key);
      } else if (!wanted && subscribed.has(key)) {
        subscribed.delete(key);
        if (subscriber.status === 'ready') await subscriber.unsubscribe(key);
      }
    });
    changes = change.catch(() => {});
    return change;
  }

  return {
    kind: 'redis',

    async publish(channel, message) {
      if (closed) throw new Error('the bus is closed');
      const encoded = encodeMessage(message);
      await waitForReady(publisher, connectTimeoutMs);
      await publisher.publish(redisChannel(channel), encoded);
    },

    async subscribe(channel, handler) {
      if (closed) throw new Error('the bus is closed');
      const key = redisChannel(channel);
      const subscription: Subscription = { handler };
      const subscriptions = handlers.get(key) ?? new Set<Subscription>();
      handlers.set(key, subscriptions.add(subscription));
      const remove = () => {
        const removed = subscriptions.delete(subscription);
        if (subscriptions.size === 0 && handlers.get(key) === subscriptions) handlers.delete(key);
        return removed;
      };
      try {
        await sync(key);
      } catch (err) {
        remove();
        throw err;
      }
      return async () => {
        if (remove() && !closed) await sync(key);
      };
    },

    ping: () => pingRedis(publisher),

    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      await changes;
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
