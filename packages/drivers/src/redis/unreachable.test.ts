import { noopHandlers } from '../testing/handlers';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createRedisBus } from '../bus/redis';
import { silentLogger } from '../logger';
import { createBullQueue } from '../queue/bull';
import { RedisUnavailableError } from './connection';

/** A loopback port nobody listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('Redis drivers when Redis is unreachable', () => {
  it('fail fast on add and schedule, and close promptly even with workers', async () => {
    const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
    const queue = await createBullQueue({ redisUrl, logger: silentLogger, connectTimeoutMs: 300 });
    // Failing fast, not hanging: a hang would run into the test's own timeout.
    const emailId = randomUUID();
    await expect(
      queue.add('email.send', { emailId }, { jobId: `email.send:${emailId}` }),
    ).rejects.toThrow(RedisUnavailableError);
    await expect(queue.schedule('maintenance.prune', 1000)).rejects.toThrow(RedisUnavailableError);
    expect(await queue.ping()).toBe(false);
    await queue.process(noopHandlers());
    await queue.close();
  });

  it('fail fast on publish and subscribe, and close promptly', async () => {
    const redisUrl = `redis://127.0.0.1:${await closedPort()}`;
    const bus = await createRedisBus({ redisUrl, logger: silentLogger, connectTimeoutMs: 300 });
    await expect(bus.publish('user:1', { n: 1 })).rejects.toThrow(RedisUnavailableError);
    await expect(bus.subscribe('user:1', () => {})).rejects.toThrow(RedisUnavailableError);
    expect(await bus.ping()).toBe(false);
    await bus.close();
  });
});
