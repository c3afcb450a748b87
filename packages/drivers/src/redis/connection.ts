import type { Redis } from 'ioredis';
import type { Logger } from '../logger';

export class RedisUnavailableError extends Error {
  override name = 'RedisUnavailableError';
}

export type RedisRole = {
  /** Shown in logs and as the Redis CLIENT name. */
  name: string;
  /**
   * `wait`: commands wait for a reconnect (BullMQ workers need `maxRetriesPerRequest: null`).
   * `fail-fast`: no offline queue and one retry, so a caller learns at once that Redis is down.
   */
  mode: 'wait' | 'fail-fast';
};

/** Reconnect forever, backing off to 2 s: the client recovers when Redis comes back. */
const retryStrategy = (times: number) => Math.min(times * 200, 2000);

/**
 * One ioredis client with error logging that does not flood: a connection error is logged once
 * until the client is ready again, then the recovery is logged. ioredis is imported here, when a
 * client is made (REDIS_URL set), not by every start: the embedded mode never loads it
 * (decision 68).
 */
export async function createRedisConnection(
  url: string,
  role: RedisRole,
  logger: Logger,
): Promise<Redis> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, {
    connectionName: role.name,
    retryStrategy,
    ...(role.mode === 'wait'
      ? { maxRetriesPerRequest: null }
      : { maxRetriesPerRequest: 1, enableOfflineQueue: false }),
  });
  let failing = false;
  client.on('error', (err: Error) => {
    if (failing) return;
    failing = true;
    logger.warn({ redis: role.name, err: { name: err.name, message: err.message } }, 'redis error');
  });
  client.on('ready', () => {
    if (!failing) return;
    failing = false;
    logger.info({ redis: role.name }, 'redis connection recovered');
  });
  return client;
}

/** Resolves once the client is ready; rejects after `timeoutMs` (or when it was closed). */
export async function waitForReady(client: Redis, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  if (client.status === 'end') {
    throw new RedisUnavailableError('the Redis connection is closed');
  }
  await new Promise<void>((resolve, reject) => {
    const onReady = () => {
      cleanup();
      resolve();
    };
    const onEnd = () => {
      cleanup();
      reject(new RedisUnavailableError('the Redis connection is closed'));
    };
    const timer = setTimeout(() => {
      cleanup();
      reject(new RedisUnavailableError(`Redis is not reachable (waited ${timeoutMs} ms)`));
    }, timeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      client.off('ready', onReady);
      client.off('end', onEnd);
    };
    client.on('ready', onReady);
    client.on('end', onEnd);
  });
}

/** Closes a client: QUIT when connected (pending replies arrive first), otherwise disconnect. */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: the connection dropped while quitting
    }
  }
  client.disconnect();
}

/** Is the client ready, or does it become ready within `timeoutMs` (just created, reconnecting)? */
export async function readyWithin(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (client.status === 'ready') return true;
  if (client.status === 'end' || client.status === 'close') return false;
  return waitForReady(client, timeoutMs).then(
    () => true,
    () => false,
  );
}

/**
 * PING with a deadline; false when Redis does not answer in time. A client still connecting (just
 * created, or reconnecting) gets the same deadline to become ready.
 */
export async function pingRedis(client: Redis, timeoutMs = 1000): Promise<boolean> {
  if (!(await readyWithin(client, timeoutMs))) return false;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([client.ping().then((reply) => reply === 'PONG'), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
