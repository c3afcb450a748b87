import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '@touchline/drivers/testing';
import { leasedRedisStore } from './rate-limit-store';

const redisUrl = testRedisUrl();
const WINDOW = 60_000;

/** One request counted by a store: true when the plugin would let it through. */
const allowed = (store: FastifyRateLimitStore, key: string, max: number) =>
  new Promise<boolean>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error ? reject(error) : resolve(result!.current <= max)),
      WINDOW,
      max,
    ),
  );

// Two API instances (two stores, two connections) sharing one Redis: the tiers that have one
// (TEST_DATABASE_URL and TEST_REDIS_URL, the containers'; a `.cluster.test.ts` file runs there
// only); without Redis the limit is the plugin's local store.
describe('the shared per-address budget spent in memory', () => {
  const prefix = uniqueRedisPrefix('rl');
  let clients: Redis[];
  let stores: FastifyRateLimitStore[];
  let asked = 0;

  beforeAll(() => {
    clients = [new Redis(redisUrl!), new Redis(redisUrl!)];
    stores = clients.map((client) => new (leasedRedisStore(client, `${prefix}:`))({}));
    // Counts the first instance's round trips (the command the store defined on its client).
    const first = clients[0] as unknown as Record<string, (...args: unknown[]) => unknown>;
    const lease = first.rateLimitLease!.bind(first);
    first.rateLimitLease = (...args: unknown[]) => {
      asked += 1;
      return lease(...args);
    };
  });
  afterAll(async () => {
    await deleteRedisKeys(redisUrl!, prefix);
    await Promise.all(clients.map((client) => client.quit()));
  });

  it('lets exactly the limit through over two instances, then refuses on both', async () => {
    const answers: boolean[] = [];
    for (let i = 0; i < 80; i += 1) answers.push(await allowed(stores[i % 2]!, 'alternate', 60));
    expect(answers.slice(0, 60).every(Boolean)).toBe(true);
    expect(answers.slice(60).some(Boolean)).toBe(false);
  });

  it('never lets more than the limit through when requests arrive at once on both', async () => {
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => allowed(stores[i % 2]!, 'burst', 200)),
    );
    const through = answers.filter(Boolean).length;
    expect(through).toBeLessThanOrEqual(200);
    // What one instance holds unspent when the other runs out: at most an eighth of what was left.
    expect(through).toBeGreaterThanOrEqual(200 - Math.ceil(200 / 8));
  });

  it('asks Redis once for many requests of an address far from its limit', async () => {
    asked = 0;
    for (let i = 0; i < 100; i += 1) expect(await allowed(stores[0]!, 'quiet', 10_000)).toBe(true);
    expect(asked).toBe(1);
  });
});
