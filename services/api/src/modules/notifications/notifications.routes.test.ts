import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { countUnpublished } from '@touchline/db/outbox';
import type { UserRow } from '@touchline/db/users';
import { waitFor, waitForQueueSettled } from '@touchline/drivers/testing';
import type { ServerEvent } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('the notification centre', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => t.close());

  async function session(user: UserRow) {
    const s = await t.signIn(user);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: s.headers, ...(payload ? { payload } : {}) });
    return { ...s, call };
  }

  /** An open tab: collects socket events. */
  async function openTab(user: UserRow, token: string) {
    const events: ServerEvent[] = [];
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/${user.id}/`, [
      'bearer',
      token,
    ]);
    socket.on('message', (raw) => events.push(JSON.parse(String(raw)) as ServerEvent));
    await new Promise((resolve) => socket.once('message', resolve));
    const waitFor = async (predicate: (e: ServerEvent) => boolean) => {
      const end = Date.now() + 10_000;
      while (Date.now() < end) {
        const found = events.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no such event; got ${JSON.stringify(events)}`);
    };
    return { socket, events, waitFor };
  }

  it('a friend request reaches the receiver’s open tab live, is listed, counted, read and deleted', async () => {
    const ada = await t.createUser({ username: 'Ada Obi' });
    const bola = await t.createUser({ username: 'Bola Ade' });
    const A = await session(ada);
    const B = await session(bola);
    const tab = await openTab(bola, B.token);

    await A.call('POST', '/api/friend_request', { to_user: bola.id });
    const live = await tab.waitFor((e) => e.type === 'notification');
    expect(live).toMatchObject({
      type: 'notification',
      data: {
        kind: 'friend_request',
        text: 'Ada Obi sent you a friend request',
        link: `/profile/${ada.id}`,
        actor_id: ada.id,
        unread: 1,
      },
    });

    const list = (await B.call('GET', '/api/notification')).json();
    expect(list.unread_count).toBe(1);
    expect(list.results).toHaveLength(1);
    expect(list.results[0]).toMatchObject({
      text: 'Ada Obi sent you a friend request',
      is_read: false,
      actor: { id: ada.id, username: 'Ada Obi' },
    });
    const id = list.results[0].id;

    // Nobody else reads or changes it.
    expect((await A.call('GET', '/api/notification')).json().results).toHaveLength(0);
    expect((await A.call('POST', `/api/mark_as_read/${id}`)).statusCode).toBe(404);
    expect((await A.call('DELETE', `/api/notification/${id}`)).statusCode).toBe(404);

    const read = await B.call('POST', `/api/mark_as_read/${id}`);
    expect(read.json().unread_count).toBe(0);
    await tab.waitFor((e) => e.type === 'notification_count' && e.data.unread === 0);
    expect((await B.call('GET', '/api/notification/unread_count')).json().unread_count).toBe(0);

    expect((await B.call('DELETE', `/api/notification/${id}`)).statusCode).toBe(200);
    expect((await B.call('GET', '/api/notification')).json().results).toHaveLength(0);
    tab.socket.close();
  });

  it('acceptance notifies the sender, and a follow notifies the academy', async () => {
    const ada = await t.createUser({ username: 'Ada Two' });
    const bola = await t.createUser({ username: 'Bola Two' });
    const academy = await t.createUser({ role: 'academy', username: 'Kano Pillars Academy' });
    const A = await session(ada);
    const B = await session(bola);
    const Acad = await session(academy);
    await A.call('POST', '/api/friend_request', { to_user: bola.id });
    await B.call('POST', `/api/friend_request_accept/${ada.id}`);
    await A.call('POST', '/api/follow', { academy: academy.id });

    const waitForList = async (call: typeof A.call, n: number) => {
      for (let i = 0; i < 200; i++) {
        const body = (await call('GET', '/api/notification')).json();
        if (body.results.length >= n) return body;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('notifications did not arrive');
    };
    const adas = await waitForList(A.call, 1);
    expect(adas.results[0]).toMatchObject({
      kind: 'friend_accepted',
      text: 'Bola Two accepted your friend request',
      link: `/profile/${bola.id}`,
    });
    const academys = await waitForList(Acad.call, 1);
    expect(academys.results[0]).toMatchObject({
      kind: 'follow',
      text: 'Ada Two started following you',
      link: `/profile/${ada.id}`,
    });

    const all = await Acad.call('POST', '/api/mark_all_as_read');
    expect(all.json().unread_count).toBe(0);
  });

  it('a withdrawn request leaves no notification behind once processed', async () => {
    const a = await t.createUser();
    const b = await t.createUser();
    const A = await session(a);
    const B = await session(b);
    await t.workers!.stop(); // hold the pipeline
    await A.call('POST', '/api/friend_request', { to_user: b.id });
    await A.call('POST', `/api/cancel_request/${b.id}`);
    t.workers!.relay.start();
    // Processed: the request's event relayed, and its job run (it finds the request withdrawn).
    await waitFor(async () => (await countUnpublished(t.db)) === 0, 'the relay', 20_000);
    await waitForQueueSettled(t.drivers.queue.admin, 'notifications');
    expect((await B.call('GET', '/api/notification')).json().results).toHaveLength(0);
  });

  it('pages newest first', async () => {
    const me = await t.createUser({ username: 'Popular' });
    const M = await session(me);
    const senders = await Promise.all(
      Array.from({ length: 22 }, (_, i) => t.createUser({ username: `Fan ${i}` })),
    );
    for (const s of senders)
      await (await session(s)).call('POST', '/api/friend_request', { to_user: me.id });
    let first = (await M.call('GET', '/api/notification?page=1')).json();
    for (let i = 0; i < 200 && first.unread_count < 22; i++) {
      await new Promise((r) => setTimeout(r, 50));
      first = (await M.call('GET', '/api/notification?page=1')).json();
    }
    expect(first.results).toHaveLength(20);
    expect(first.has_more).toBe(true);
    const second = (await M.call('GET', '/api/notification?page=2')).json();
    expect(second.results).toHaveLength(2);
    expect(second.has_more).toBe(false);
    // Each fan once, newest first by when the notification was stored: with several jobs at once
    // (BullMQ), Fan 20's may be stored after Fan 21's, so the order is checked, not a name.
    const all: { text: string; created_at: string }[] = [...first.results, ...second.results];
    expect(all.map((n) => n.text).sort()).toEqual(
      senders.map((_, i) => `Fan ${i} sent you a friend request`).sort(),
    );
    for (let i = 1; i < all.length; i++)
      expect(Date.parse(all[i - 1]!.created_at)).toBeGreaterThanOrEqual(
        Date.parse(all[i]!.created_at),
      );
  });
});
