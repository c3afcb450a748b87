import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * The Redis of the test run, when there is one: `TEST_REDIS_URL` (the pg tier), else the container
 * tier's Redis container (`TOUCHLINE_CONTAINER_REDIS_URL`, started by Testcontainers for the run).
 */
export function testRedisUrl(): string | undefined {
  return process.env.TEST_REDIS_URL || process.env.TOUCHLINE_CONTAINER_REDIS_URL || undefined;
}

/** A key prefix no other test run uses, so parallel runs never share queues or channels. */
export function uniqueRedisPrefix(label: string): string {
  return `tltest-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

/** Deletes every key under `prefix:` (queues, job schedulers) and closes its own client. */
export async function deleteRedisKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await client.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    await client.quit().catch(() => client.disconnect());
  }
}

/** Kills the server side of every connection whose CLIENT name starts with `namePrefix`. */
export async function killRedisClients(url: string, namePrefix: string): Promise<number> {
  const admin = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    const list = (await admin.client('LIST')) as string;
    const ids = list
      .split('\n')
      .filter((line) => /(?:^| )name=(\S*)/.exec(line)?.[1]?.startsWith(namePrefix))
      .map((line) => /(?:^| )id=(\d+)/.exec(line)?.[1])
      .filter((id): id is string => Boolean(id));
    for (const id of ids) await admin.client('KILL', 'ID', id);
    return ids.length;
  } finally {
    await admin.quit().catch(() => admin.disconnect());
  }
}
