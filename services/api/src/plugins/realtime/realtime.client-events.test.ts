import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PresenceChange } from '@touchline/drivers';
import { REALTIME_LIMITS } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import type { ClientEventOf } from './realtime.client-events';
import type { SocketClient } from './realtime.connection';
import { openTestSocket, socketBase } from './realtime.test-support';

/** A condition polled until it holds (a loaded machine gets a generous bound). */
async function eventually(condition: () => boolean, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('realtime client events and presence', () => {
  let t: TestApp;
  let base: string;
  const typed: { client: SocketClient; event: ClientEventOf<'typing'> }[] = [];
  const changes: PresenceChange[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    // A module's handler and presence listener, as chat registers its own.
    t.app.realtime.onClientEvent('typing', (client, event) => void typed.push({ client, event }), {
      throttleMs: 60_000,
      throttleKey: (event) => event.thread_name,
    });
    t.app.realtime.onPresence((change) => void changes.push(change));
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = socketBase(t.app);
  });
  afterAll(async () => t.close());

  const open = (user: TestUser) => openTestSocket(base, { userId: user.id, token: user.token });
  const typedIn = (thread: string) => typed.filter((x) => x.event.thread_name === thread);

  it('hands valid client events to the handler with the socket’s user; ignores the rest', async () => {
    const user = await t.createUser();
    const tab = await open(user);
    tab.send('not json');
    tab.send({ type: 'unknown' });
    tab.send({ type: 'typing' }); // no thread
    tab.send({ type: 'typing', thread_name: 'x'.repeat(101) }); // too long
    tab.send({ type: 'ping' });
    tab.send({ type: 'typing', thread_name: 'first-thread' });
    await eventually(() => typedIn('first-thread').length === 1, 'the typing event');
    expect(typed).toHaveLength(1);
    expect(typed[0]!.client.userId).toBe(user.id);
    expect(typed[0]!.client.sessionId).toBe(user.sessionId);
    expect(typed[0]!.event).toEqual({ type: 'typing', thread_name: 'first-thread' });
    expect(tab.socket.readyState).toBe(tab.socket.OPEN); // nothing closed the socket
    await tab.close();
  });

  it('throttles per socket and per key: a burst counts once, another key or socket is its own', async () => {
    const user = await t.createUser();
    const [tab1, tab2] = [await open(user), await open(user)];
    for (let i = 0; i < 5; i += 1) tab1.send({ type: 'typing', thread_name: 'burst' });
    tab1.send({ type: 'typing', thread_name: 'other' }); // handled after the burst (in order)
    await eventually(() => typedIn('other').length === 1, 'the other thread');
    expect(typedIn('burst')).toHaveLength(1);

    tab2.send({ type: 'typing', thread_name: 'burst' }); // another tab has its own window
    await eventually(() => typedIn('burst').length === 2, 'the second tab');
    await Promise.all([tab1.close(), tab2.close()]);
  });

  it('drops what a socket sends beyond 20 messages a second', async () => {
    const user = await t.createUser();
    const tab = await open(user);
    for (let i = 0; i < 60; i += 1) tab.send({ type: 'typing', thread_name: `flood-${i}` });
    // Then, until one gets through (a later window), a marker now and then.
    let markers = 0;
    while (typedIn('after-flood').length === 0) {
      if (markers > 200) throw new Error('no marker got through');
      tab.send({ type: 'typing', thread_name: 'after-flood' });
      markers += 1;
      await eventually(() => typedIn('after-flood').length > 0, 'a marker', 100).catch(() => {});
    }
    const flood = typed.filter(
      (x) => x.client.userId === user.id && x.event.thread_name.startsWith('flood-'),
    );
    expect(flood.length).toBeGreaterThanOrEqual(20);
    expect(flood.length).toBeLessThan(60); // a burst spans one window, two on a slow machine
    // The first 20 of the burst, in order.
    expect(flood.slice(0, 20).map((x) => x.event.thread_name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `flood-${i}`),
    );
    await tab.close();
  });

  it('keeps a socket’s handler memo bounded, the newest entries kept (issue 25)', async () => {
    const seen: { size: number; oldest: boolean; newest: boolean }[] = [];
    t.app.realtime.onClientEvent('typing', (client, event) => {
      if (event.thread_name !== 'fill-memo') return;
      // As chat remembers each conversation typed in: here a thousand of them at once.
      for (let i = 0; i < 1000; i += 1) client.memo.set(`thread-${i}`, i);
      seen.push({
        size: client.memo.size,
        oldest: client.memo.has('thread-0'),
        newest: client.memo.get('thread-999') === 999,
      });
    });
    const tab = await open(await t.createUser());
    tab.send({ type: 'typing', thread_name: 'fill-memo' });
    await eventually(() => seen.length === 1, 'the memo handler');
    expect(seen[0]).toEqual({ size: REALTIME_LIMITS.memoEntriesMax, oldest: false, newest: true });
    await tab.close();
  });

  it('reports a user online at the first tab and offline after the last, once each', async () => {
    const user = await t.createUser();
    const mine = () => changes.filter((c) => c.userId === user.id);
    const tab1 = await open(user);
    await eventually(() => mine().length === 1, 'online');
    expect(await t.app.realtime.online([user.id])).toEqual(new Set([user.id]));
    const tab2 = await open(user);
    const tab3 = await open(user);
    await tab1.close();
    await tab2.close();
    await eventually(() => t.app.realtime.connectionCount() === 1, 'two tabs closed');
    expect(await t.app.realtime.online([user.id])).toEqual(new Set([user.id]));
    await tab3.close();
    await eventually(() => mine().length === 2, 'offline');
    expect(mine()).toEqual([
      { userId: user.id, online: true },
      { userId: user.id, online: false },
    ]);
    expect(await t.app.realtime.online([user.id])).toEqual(new Set());
  });
});
