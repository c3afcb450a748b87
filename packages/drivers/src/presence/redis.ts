import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { errorFields, type Logger } from '../logger';
import { closeRedis, createRedisConnection, waitForReady } from '../redis/connection';
import type { PresenceChange, PresenceDriver } from '../types';

export type RedisPresenceOptions = {
  redisUrl: string;
  /** Key prefix (default `touchline`): keys live under `<prefix>:presence:`. */
  prefix?: string;
  logger: Logger;
  /** An instance that has not renewed its lease for this long is dead (its users go offline). */
  ttlMs?: number;
  /** How often the instance renews its lease and sweeps dead instances. */
  heartbeatMs?: number;
  connectTimeoutMs?: number;
};

export type RedisPresenceDriver = PresenceDriver & {
  readonly kind: 'redis';
  /** This instance's id in Redis (shown in logs). */
  readonly instanceId: string;
};

/** Milliseconds of the Redis clock, so instances agree on leases whatever their own clocks say. */
const NOW = `if redis.replicate_commands then redis.replicate_commands() end -- Redis < 5
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local function alive(id)
  local score = redis.call('ZSCORE', KEYS[1], id)
  return score and tonumber(score) > now
end
local function anyAlive(userKey, except)
  for _, id in ipairs(redis.call('SMEMBERS', userKey)) do
    if id ~= except and alive(id) then return true end
  end
  return false
end
`;

/**
 * KEYS: instances, the user's set of instances, this instance's set of users.
 * ARGV: instance id, user id, keep ms. Answers 1 when no other live instance had the user.
 */
const CONNECT = `${NOW}
local before = anyAlive(KEYS[2], ARGV[1])
redis.call('SADD', KEYS[2], ARGV[1])
redis.call('SADD', KEYS[3], ARGV[2])
redis.call('PEXPIRE', KEYS[3], ARGV[3])
if before then return 0 end
return 1`;

/** Same keys and arguments as CONNECT. Answers 1 when no live instance has the user any more. */
const DISCONNECT = `${NOW}
redis.call('SREM', KEYS[2], ARGV[1])
redis.call('SREM', KEYS[3], ARGV[2])
if anyAlive(KEYS[2], '') then return 0 end
return 1`;

/** KEYS: instances, then one set per user. Answers 1/0 per user. */
const ONLINE = `${NOW}
local result = {}
for i = 2, #KEYS do
  if anyAlive(KEYS[i], '') then result[i - 1] = 1 else result[i - 1] = 0 end
end
return result`;

/**
 * KEYS: instances, this instance's set of users. ARGV: instance id, ttl ms, keep ms, user key
 * prefix, instance key prefix. Renews this instance's lease, then sweeps every dead instance:
 * removes it from its users' sets and answers the users left on no live instance (each dead
 * instance is swept by exactly one caller: the script is atomic). Answers
 * `{1 if the lease was still there (0: we were swept, e.g. after a long stall), gone users}`.
 */
const HEARTBEAT = `${NOW}
local present = redis.call('ZSCORE', KEYS[1], ARGV[1])
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
local candidates = {}
for _, id in ipairs(dead) do
  redis.call('ZREM', KEYS[1], id)
  local instanceKey = ARGV[5] .. id
  for _, user in ipairs(redis.call('SMEMBERS', instanceKey)) do
    redis.call('SREM', ARGV[4] .. user, id)
    candidates[user] = true
  end
  redis.call('DEL', instanceKey)
end
local gone = {}
for user in pairs(candidates) do
  if not anyAlive(ARGV[4] .. user, '') then table.insert(gone, user) end
end
if present then return {1, gone} end
return {0, gone}`;

type Scripted = Redis & {
  presenceConnect(...args: string[]): Promise<number>;
  presenceDisconnect(...args: string[]): Promise<number>;
  presenceOnline(count: number, ...args: string[]): Promise<number[]>;
  presenceHeartbeat(...args: string[]): Promise<[number, string[]]>;
};

/**
 * Presence of the scaled mode, shared by every API instance on one Redis. Each instance holds a
 * lease (`<prefix>:presence:instances`, a sorted set of instance → expiry on the Redis clock)
 * renewed by its heartbeat; a user's set (`…:u:<userId>`) names the instances holding a socket of
 * theirs, and each instance's set (`…:i:<id>`) its users. A user is online while one of their
 * instances holds a live lease, so the users of a killed instance turn offline when its lease runs
 * out; the next heartbeat anywhere sweeps it and reports those users (once) to `onChange`.
 * Sockets of one user on one instance (tabs) are counted here: Redis sees the first and the last.
 */
export function createRedisPresence({
  redisUrl,
  prefix = 'touchline',
  logger,
  ttlMs = 30_000,
  heartbeatMs = 10_000,
  connectTimeoutMs = 3000,
}: RedisPresenceOptions): RedisPresenceDriver {
  const instanceId = randomUUID();
  const base = `${prefix}:presence:`;
  const instancesKey = `${base}instances`;
  const userKey = (userId: string) => `${base}u:${userId}`;
  const instanceKey = (id: string) => `${base}i:${id}`;
  /** An instance's set of users outlives its lease long enough to be swept. */
  const keepMs = String(Math.max(ttlMs * 20, 3_600_000));

  const sockets = new Map<string, number>();
  /** Redis work of one user runs in order (a quick open-close of a tab must not reorder). */
  const chains = new Map<string, Promise<unknown>>();
  /** Some Redis change failed: the next heartbeat writes this instance's users again. */
  let resyncNeeded = false;
  /** Users whose last disconnect failed to reach Redis: removed again by the next heartbeat. */
  const leftBehind = new Set<string>();
  const listeners: ((change: PresenceChange) => void)[] = [];
  /** Made on first use (ioredis imported then). */
  let client: Promise<Scripted> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let beating: Promise<void> = Promise.resolve();
  /** The first heartbeat: it takes the lease, which a first user's write waits for. */
  let leaseTaken: Promise<void> = Promise.resolve();
  let registered = false;
  let closed = false;

  function redis(): Promise<Scripted> {
    client ??= createRedisConnection(
      redisUrl,
      { name: `${prefix}:presence`, mode: 'fail-fast' },
      logger,
    ).then((created) => {
      created.defineCommand('presenceConnect', { numberOfKeys: 3, lua: CONNECT });
      created.defineCommand('presenceDisconnect', { numberOfKeys: 3, lua: DISCONNECT });
      created.defineCommand('presenceOnline', { lua: ONLINE });
      created.defineCommand('presenceHeartbeat', { numberOfKeys: 2, lua: HEARTBEAT });
      return created as Scripted;
    });
    return client;
  }

  async function ready(): Promise<Scripted> {
    const c = await redis();
    await waitForReady(c, connectTimeoutMs);
    return c;
  }

  function report(change: PresenceChange) {
    for (const listener of listeners) {
      try {
        listener(change);
      } catch (err) {
        logger.error({ ...errorFields(err), userId: change.userId }, 'presence listener failed');
      }
    }
  }

  function serial<T>(userId: string, task: () => Promise<T>): Promise<T> {
    const run = (chains.get(userId) ?? Promise.resolve()).then(task, task);
    const tail = run.catch(() => undefined);
    chains.set(userId, tail);
    void tail.then(() => {
      if (chains.get(userId) === tail) chains.delete(userId);
    });
    return run;
  }

  const args = (userId: string) => [
    instancesKey,
    userKey(userId),
    instanceKey(instanceId),
    instanceId,
    userId,
    keepMs,
  ];

  /** Writes the user's state on this instance to Redis; answers the transition it made. */
  function sync(userId: string, as: 'connect' | 'disconnect'): Promise<boolean> {
    return serial(userId, async () => {
      try {
        // The lease is taken before the first user is written.
        if (as === 'connect') await leaseTaken;
        const c = await ready();
        const answer =
          as === 'connect'
            ? await c.presenceConnect(...args(userId))
            : await c.presenceDisconnect(...args(userId));
        return answer === 1;
      } catch (err) {
        resyncNeeded = true;
        if (as === 'disconnect') leftBehind.add(userId);
        logger.warn({ ...errorFields(err), userId }, 'presence update failed; retried later');
        return false;
      }
    });
  }

  async function heartbeat() {
    if (closed) return;
    try {
      const c = await ready();
      const [present, gone] = await c.presenceHeartbeat(
        instancesKey,
        instanceKey(instanceId),
        instanceId,
        String(ttlMs),
        keepMs,
        `${base}u:`,
        `${base}i:`,
      );
      const resync = resyncNeeded || (registered && present !== 1);
      registered = true;
      resyncNeeded = false;
      for (const userId of gone) {
        if (!sockets.has(userId)) report({ userId, online: false });
      }
      if (resync) {
        // Our lease was swept (a long stall) or a change failed: write our users again; whoever
        // turns online again is reported, as one who connected.
        for (const userId of [...sockets.keys()]) {
          leftBehind.delete(userId);
          if (await sync(userId, 'connect')) report({ userId, online: true });
        }
        for (const userId of [...leftBehind]) {
          leftBehind.delete(userId);
          if (!sockets.has(userId) && (await sync(userId, 'disconnect')))
            report({ userId, online: false });
        }
      }
    } catch (err) {
      logger.warn(errorFields(err), 'presence heartbeat failed');
    }
  }

  function start() {
    if (timer || closed) return;
    beating = heartbeat();
    leaseTaken = beating;
    timer = setInterval(() => {
      beating = beating.then(heartbeat);
    }, heartbeatMs);
    timer.unref();
  }

  return {
    kind: 'redis',
    instanceId,
    start,

    async connected(userId) {
      const count = (sockets.get(userId) ?? 0) + 1;
      sockets.set(userId, count);
      if (count > 1) return false;
      start();
      return sync(userId, 'connect');
    },

    async disconnected(userId) {
      const count = sockets.get(userId) ?? 0;
      if (count > 1) {
        sockets.set(userId, count - 1);
        return false;
      }
      sockets.delete(userId);
      if (count === 0) return false;
      return sync(userId, 'disconnect');
    },

    async online(userIds) {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Set();
      const c = await ready();
      const flags = await c.presenceOnline(ids.length + 1, instancesKey, ...ids.map(userKey));
      return new Set(ids.filter((_, i) => flags[i] === 1));
    },

    onChange(listener) {
      listeners.push(listener);
    },

    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await beating;
      await Promise.all([...chains.values()]);
      if (client) await closeRedis(await client);
    },
  };
}
