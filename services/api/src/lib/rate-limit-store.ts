import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

/**
 * Takes a share of a key's budget in the current window: at most an eighth of what is left (at
 * least one request), never more than is left. Starts the window on the key's first share.
 * Answers the key's count after the share, the share (0 once the budget is spent) and the
 * window's milliseconds left.
 */
const leaseScript = `
  local key = KEYS[1]
  local timeWindow = tonumber(ARGV[1])
  local max = tonumber(ARGV[2])
  local current = tonumber(redis.call('GET', key) or '0')
  local left = max - current
  if left <= 0 then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = timeWindow end
    return {current, 0, ttl}
  end
  local share = math.max(1, math.floor(left / 8))
  current = redis.call('INCRBY', key, share)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, timeWindow)
    ttl = timeWindow
  end
  return {current, share, ttl}
`;

type LeaseRedis = Redis & {
  rateLimitLease(
    key: string,
    timeWindow: number,
    max: number,
    callback: (error: Error | null, result: [number, number, number]) => void,
  ): void;
};

/** What this instance holds of a key's budget in the current window. */
type Lease = {
  /** Requests granted here and not spent yet. */
  unspent: number;
  /** The key's count in Redis at the last share (this instance's unspent part included). */
  counted: number;
  /** When the window ends (Date.now() milliseconds). */
  endsAt: number;
  /** The share being asked for, if one is: requests arriving meanwhile wait for it. */
  asking?: Promise<void>;
};

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];

// The plugin's own exact Redis store (one round trip per request), for route limits and budgets.
const RedisStore = createRequire(import.meta.url)('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;

/**
 * The global per-address limit shared by every API instance through Redis without a round trip
 * per request. An instance takes a share of an address's budget from Redis (an eighth of what is
 * left, at least one) and spends it in memory; when it is spent it asks for the next one. Redis
 * counts every share before it is spent, so the addresses' requests over all instances never
 * exceed the limit; what an instance holds unspent when the client moves to another instance is
 * refused there until it comes back (at most an eighth of what was left per instance, and
 * nothing near the end of the budget, where shares are of one request). An instance that stops
 * takes its unspent shares with it until the window ends.
 *
 * Routes with limits of their own and the per-user budgets (`child`) keep the plugin's exact
 * Redis store: they are rare and tight. If Redis fails, the request is not counted
 * (`skipOnError`), as before.
 */
export function leasedRedisStore(
  redis: Redis,
  namespace: string,
  options: { maxKeys?: number } = {},
): FastifyRateLimitStoreCtor {
  const maxKeys = options.maxKeys ?? 10_000;
  const client = redis as LeaseRedis;
  if (!client.rateLimitLease)
    redis.defineCommand('rateLimitLease', { numberOfKeys: 1, lua: leaseScript });

  const leases = new Map<string, Lease>(); // least recently used first

  /** Asks Redis for a share of the key's budget; answers the lease it now is. */
  function ask(key: string, timeWindow: number, max: number, held: number): Promise<Lease> {
    return new Promise<Lease>((resolve, reject) => {
      client.rateLimitLease(namespace + key, timeWindow, max, (error, result) => {
        if (error) return reject(error);
        const [counted, share, ttl] = result;
        const lease: Lease = { unspent: held + share, counted, endsAt: Date.now() + ttl };
        leases.delete(key);
        leases.set(key, lease);
        while (leases.size > maxKeys) leases.delete(leases.keys().next().value as string);
        resolve(lease);
      });
    });
  }

  /** One request from the lease: answers false when it holds nothing to spend. */
  function take(lease: Lease, callback: Callback, max: number): boolean {
    const ttl = Math.max(0, lease.endsAt - Date.now());
    if (lease.unspent > 0) {
      lease.unspent -= 1;
      callback(null, { current: lease.counted - lease.unspent, ttl });
      return true;
    }
    // Redis's count only grows within a window: once it reached the limit, refused here until
    // the window ends, with no further round trip (the plugin's "exceeded" is a count over max).
    if (lease.counted >= max) {
      callback(null, { current: max + 1, ttl });
      return true;
    }
    return false;
  }

  function spend(key: string, callback: Callback, timeWindow: number, max: number) {
    let lease = leases.get(key);
    if (lease && lease.endsAt <= Date.now()) {
      leases.delete(key);
      lease = undefined;
    }
    if (lease?.asking) {
      lease.asking.then(
        () => spend(key, callback, timeWindow, max),
        (error: Error) => callback(error),
      );
      return;
    }
    if (lease) {
      // Most recently used last (Map keeps insertion order).
      leases.delete(key);
      leases.set(key, lease);
      if (take(lease, callback, max)) return;
    }
    const waiting: Lease = lease ?? { unspent: 0, counted: 0, endsAt: Date.now() + timeWindow };
    const asking = ask(key, timeWindow, max, waiting.unspent);
    waiting.asking = asking.then(() => undefined);
    waiting.asking.catch(() => undefined); // the waiters (if any) hear the error themselves
    leases.set(key, waiting);
    asking.then(
      (fresh) => {
        if (!take(fresh, callback, max)) callback(null, { current: max + 1, ttl: 0 });
      },
      (error: Error) => {
        if (leases.get(key) === waiting) leases.delete(key);
        callback(error);
      },
    );
  }

  class LeasedStore implements FastifyRateLimitStore {
    incr: Incr = (key, callback, timeWindow, max) => spend(key, callback, timeWindow, max);

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const exact = new RedisStore(false, false, redis, namespace);
      return exact.child(routeOptions);
    }
  }
  return LeasedStore;
}
