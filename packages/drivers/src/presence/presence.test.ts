import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { deleteRedisKeys, testRedisUrl, uniqueRedisPrefix } from '../testing/redis';
import { waitFor } from '../testing/wait';
import type { PresenceChange, PresenceDriver } from '../types';
import { createMemoryPresence } from './memory';
import { createRedisPresence } from './redis';

const redisUrl = testRedisUrl();
const redisPrefix = uniqueRedisPrefix('presence');
let group = 0;

type Implementation = { name: string; create: () => PresenceDriver };

const implementations: Implementation[] = [{ name: 'memory', create: createMemoryPresence }];
if (redisUrl) {
  implementations.push({
    name: 'redis',
    create: () =>
      createRedisPresence({
        redisUrl,
        prefix: `${redisPrefix}-${(group += 1)}`,
        logger: silentLogger,
      }),
  });
}
console.info(`presence drivers under test: ${implementations.map((i) => i.name).join(', ')}`);

const opened: PresenceDriver[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((driver) => driver.close()));
});
afterAll(async () => {
  if (redisUrl) await deleteRedisKeys(redisUrl, redisPrefix);
});

describe.each(implementations)('$name presence', ({ create }) => {
  const open = () => {
    const driver = create();
    opened.push(driver);
    driver.start();
    return driver;
  };

  it('a user is online from their first socket to their last (several tabs)', async () => {
    const presence = open();
    const [ada, ben] = [randomUUID(), randomUUID()];
    expect(await presence.online([ada, ben])).toEqual(new Set());

    expect(await presence.connected(ada)).toBe(true); // first tab: online
    expect(await presence.connected(ada)).toBe(false); // second tab: no change
    expect(await presence.online([ada, ben])).toEqual(new Set([ada]));

    expect(await presence.disconnected(ada)).toBe(false); // one tab left
    expect(await presence.online([ada])).toEqual(new Set([ada]));
    expect(await presence.disconnected(ada)).toBe(true); // the last tab: offline
    expect(await presence.online([ada, ben])).toEqual(new Set());
    expect(await presence.disconnected(ada)).toBe(false); // a stray extra call changes nothing
  });

  it('answers online for many ids at once, duplicates and unknown ids included', async () => {
    const presence = open();
    const users = Array.from({ length: 30 }, () => randomUUID());
    for (const id of users.slice(0, 10)) await presence.connected(id);
    const online = await presence.online([...users, users[0]!, users[15]!]);
    expect(online).toEqual(new Set(users.slice(0, 10)));
    expect(await presence.online([])).toEqual(new Set());
  });

  it('keeps the order of a tab opened and closed at once', async () => {
    const presence = open();
    const ada = randomUUID();
    const answers = await Promise.all([presence.connected(ada), presence.disconnected(ada)]);
    expect(answers).toEqual([true, true]);
    expect(await presence.online([ada])).toEqual(new Set());
  });
});

/** Several instances on one Redis: only the Redis driver has them. */
const clusters = redisUrl ? [{ name: 'redis', redisUrl }] : [];

describe.each(clusters)('$name presence across instances', ({ redisUrl }) => {
  const cluster = (options: { ttlMs?: number; heartbeatMs?: number } = {}) => {
    const prefix = `${redisPrefix}-c${(group += 1)}`;
    return () => {
      const driver = createRedisPresence({
        redisUrl,
        prefix,
        logger: silentLogger,
        ...options,
      });
      opened.push(driver);
      driver.start();
      const changes: PresenceChange[] = [];
      driver.onChange((change) => changes.push(change));
      return { driver, changes };
    };
  };

  it('sees a user online while any instance holds a socket of theirs', async () => {
    const instance = cluster();
    const [one, two] = [instance().driver, instance().driver];
    const ada = randomUUID();
    expect(await one.connected(ada)).toBe(true);
    expect(await two.online([ada])).toEqual(new Set([ada]));
    expect(await two.connected(ada)).toBe(false); // already online on one
    expect(await one.disconnected(ada)).toBe(false); // still on two
    expect(await one.online([ada])).toEqual(new Set([ada]));
    expect(await two.disconnected(ada)).toBe(true);
    expect(await one.online([ada])).toEqual(new Set());
  });

  it("turns a killed instance's users offline, reported once, and keeps those who moved", async () => {
    const instance = cluster({ ttlMs: 1500, heartbeatMs: 200 });
    const killed = instance();
    const [watcher, other] = [instance(), instance()];
    const [ada, ben] = [randomUUID(), randomUUID()];
    await killed.driver.connected(ada);
    await killed.driver.connected(ada);
    await killed.driver.connected(ben);
    await other.driver.connected(ben); // ben has a tab on another instance too
    expect(await watcher.driver.online([ada, ben])).toEqual(new Set([ada, ben]));

    await killed.driver.close(); // no disconnects: the lease just stops being renewed

    const reported = () => [...watcher.changes, ...other.changes];
    await waitFor(() => reported().length > 0, 'the sweep of the dead instance', 20_000);
    expect(await watcher.driver.online([ada, ben])).toEqual(new Set([ben]));

    // A second instance dies later: by its sweep, many heartbeats ran, and ada was reported once.
    const later = instance();
    const cam = randomUUID();
    await later.driver.connected(cam);
    await later.driver.close();
    await waitFor(() => reported().length > 1, 'the sweep of the second dead instance', 20_000);
    expect(reported()).toEqual([
      { userId: ada, online: false },
      { userId: cam, online: false },
    ]);
    expect(await other.driver.online([ben])).toEqual(new Set([ben]));
    expect(await other.driver.disconnected(ben)).toBe(true);
  });
});
