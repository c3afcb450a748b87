import type { Logger } from '../logger';
import {
  closeRedis,
  createRedisConnection,
  pingRedis,
  readyWithin,
  waitForReady,
} from '../redis/connection';
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

export type RedisBusDriver = BusDriver & {
  readonly kind: 'redis';
  /**
   * Calls `listener` each time the subscriber connection is back after it was lost, once every
   * subscription is active again. Messages published while it was away are lost for this process:
   * a listener reads what it missed from where it is stored (the realtime hub's `since` catch-up).
   * Returns the removal.
   */
  onReconnect(listener: () => void): () => void;
};

type Subscription = { handler: BusHandler };

/**
 * Redis pub/sub with one publisher and one subscriber connection per process. Handlers of one
 * channel share one Redis subscription; ioredis re-subscribes after a reconnect.
 */
export async function createRedisBus({
  redisUrl,
  prefix = 'touchline',
  logger,
  connectTimeoutMs = 3000,
}: RedisBusOptions): Promise<RedisBusDriver> {
  const publisher = await createRedisConnection(
    redisUrl,
    { name: `${prefix}:bus-publisher`, mode: 'fail-fast' },
    logger,
  );
  const subscriber = await createRedisConnection(
    redisUrl,
    { name: `${prefix}:bus-subscriber`, mode: 'fail-fast' },
    logger,
  );
  const handlers = new Map<string, Set<Subscription>>(); // by Redis channel
  const subscribed = new Set<string>();
  const reconnectListeners = new Set<() => void>();
  let changes: Promise<void> = Promise.resolve();
  let closed = false;
  /** The subscriber's connection dropped since it was last ready. */
  let lost = false;
  /** Back after a loss, but its subscriptions are not confirmed yet. */
  let restoring = false;

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

  subscriber.on('close', () => {
    if (!closed) lost = true;
  });
  // 'ready' comes before ioredis re-subscribes (autoResubscribe): subscribe again here and wait
  // for Redis's confirmation (a second SUBSCRIBE of a channel is a no-op), so listeners run only
  // once every channel delivers again.
  subscriber.on('ready', () => {
    if (!lost || closed) return;
    lost = false;
    restoring = true;
    const resubscribe = changes.then(async () => {
      if (subscribed.size > 0) await subscriber.subscribe(...subscribed);
    });
    changes = resubscribe.catch(() => {});
    resubscribe.then(
      () => {
        if (closed) return;
        // A newer loss (set during the resubscription) keeps `lost`; its own 'ready' restores.
        restoring = false;
        logger.info({ channels: subscribed.size }, 'bus subscriptions restored');
        for (const listener of [...reconnectListeners]) {
          try {
            listener();
          } catch (err) {
            logger.error({ err }, 'bus reconnect listener failed');
          }
        }
      },
      // The connection dropped again: its next 'ready' starts over.
      () => {
        lost = true;
        restoring = false;
      },
    );
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

    async publishCounted(channel, message) {
      if (closed) throw new Error('the bus is closed');
      const encoded = encodeMessage(message);
      await waitForReady(publisher, connectTimeoutMs);
      return publisher.publish(redisChannel(channel), encoded);
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

    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => {
        reconnectListeners.delete(listener);
      };
    },

    // Both directions: an instance whose subscriber is away publishes fine but delivers nothing
    // to its own sockets, and readiness must say so (degraded).
    // A subscriber still making its first connection (right after start) gets the ping's deadline
    // to be ready; one that lost its connection answers false at once.
    ping: async () =>
      (subscriber.status === 'ready' || (!lost && (await readyWithin(subscriber)))) &&
      (await pingRedis(publisher)),

    delivering: () => !closed && !lost && !restoring && subscriber.status === 'ready',

    async close() {
      if (closed) return;
      closed = true;
      handlers.clear();
      reconnectListeners.clear();
      await changes;
      await Promise.all([closeRedis(publisher), closeRedis(subscriber)]);
    },
  };
}
