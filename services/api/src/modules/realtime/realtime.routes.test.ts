import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { revokeSession } from '@touchline/db/auth';
import { appendUserEvent } from '@touchline/db/user-events';
import type { UserRow } from '@touchline/db/users';
import { storeUserEvents } from '@touchline/delivery';
import { REALTIME_LIMITS, SOCKET_CLOSE, type ServerEvent } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

type Client = {
  socket: WebSocket;
  events: ServerEvent[];
  /** Resolves when `predicate` holds for the received events. */
  until: (predicate: (events: ServerEvent[]) => boolean, ms?: number) => Promise<ServerEvent[]>;
  closed: Promise<{ code: number }>;
};

describe('realtime socket /ws/notifications/{userId}/', () => {
  let t: TestApp;
  let base: string;
  let alice: UserRow;
  let bob: UserRow;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `ws://127.0.0.1:${address.port}`;
    alice = await t.createUser({ username: 'Alice' });
    bob = await t.createUser({ username: 'Bob' });
  });
  afterAll(async () => t.close());

  /** The HTTP status that refused the upgrade, or 101 when it was accepted. */
  function handshake(url: string, protocols?: string[]) {
    return new Promise<number>((resolve) => {
      const socket = new WebSocket(url, protocols);
      socket.on('unexpected-response', (_req, res) => {
        resolve(res.statusCode ?? 0);
        socket.terminate();
      });
      socket.on('open', () => {
        resolve(101);
        socket.close();
      });
      socket.on('error', () => undefined);
    });
  }

  function connect(user: UserRow, token: string, since?: number): Promise<Client> {
    const query = since === undefined ? '' : `?since=${since}`;
    const socket = new WebSocket(`${base}/ws/notifications/${user.id}/${query}`, ['bearer', token]);
    const events: ServerEvent[] = [];
    const waiters = new Set<() => void>();
    socket.on('message', (raw) => {
      events.push(JSON.parse(String(raw)) as ServerEvent);
      for (const w of waiters) w();
    });
    const closed = new Promise<{ code: number }>((resolve) =>
      socket.on('close', (code) => resolve({ code })),
    );
    const until = (predicate: (e: ServerEvent[]) => boolean, ms = 5000) =>
      new Promise<ServerEvent[]>((resolve, reject) => {
        const check = () => {
          if (predicate(events)) {
            waiters.delete(check);
            clearTimeout(timer);
            resolve(events);
          }
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`timed out; received ${JSON.stringify(events)}`));
        }, ms);
        waiters.add(check);
        check();
      });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ socket, events, until, closed }));
      socket.once('unexpected-response', (_q, res) =>
        reject(new Error(`refused ${res.statusCode}`)),
      );
    });
  }

  /** A ping answered: frames the server sent on this socket before it have been received. */
  const roundTrip = (socket: WebSocket) =>
    new Promise<void>((resolve) => {
      socket.once('pong', () => resolve());
      socket.ping();
    });

  const seqs = (events: ServerEvent[]) => events.flatMap((e) => ('seq' in e ? [e.seq] : []));

  async function store(user: UserRow, text: string) {
    const { seq } = await appendUserEvent(t.db, user.id, 'system', { text });
    return { type: 'system' as const, seq, data: { text } };
  }

  it('refuses the upgrade without a token, with a bad token, or for another user', async () => {
    const { token } = await t.signIn(alice);
    expect(await handshake(`${base}/ws/notifications/${alice.id}/`)).toBe(401);
    expect(await handshake(`${base}/ws/notifications/${alice.id}/`, ['bearer', 'a.b.c'])).toBe(401);
    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    expect(await handshake(`${base}/ws/notifications/${alice.id}/`, ['bearer', forged])).toBe(401);
    expect(await handshake(`${base}/ws/notifications/${bob.id}/`, ['bearer', token])).toBe(403);
    expect(await handshake(`${base}/ws/notifications/${alice.id}/`, ['bearer', token])).toBe(101);
  });

  it('refuses a token in the URL (it would end up in logs), even a valid one', async () => {
    const { token } = await t.signIn(alice);
    const url = `${base}/ws/notifications/${alice.id}/?token=${token}`;
    expect(await handshake(url)).toBe(401);
    expect(await handshake(url, ['bearer', token])).toBe(401);
    const res = await t.app.inject({
      method: 'GET',
      url: `/ws/notifications/${alice.id}/?token=${token}`,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/never in the URL/);
  });

  it('refuses the token of a revoked session', async () => {
    const session = await t.signIn(alice);
    await revokeSession(t.db, { id: session.sessionId, userId: alice.id }, 'logout');
    expect(
      await handshake(`${base}/ws/notifications/${alice.id}/`, ['bearer', session.token]),
    ).toBe(401);
  });

  it('a client reconnecting with since gets exactly what it missed, then live events', async () => {
    const user = await t.createUser();
    const { token } = await t.signIn(user);
    const first = await connect(user, token);
    await first.until((e) => e.some((x) => x.type === 'ready'));
    const e1 = await store(user, 'one');
    await t.app.realtime.publishStored(user.id, e1);
    await first.until((e) => seqs(e).includes(e1.seq));
    first.socket.close();
    await first.closed;

    // While offline: two events are stored (and published to nobody).
    const e2 = await store(user, 'two');
    await t.app.realtime.publishStored(user.id, e2);
    const e3 = await store(user, 'three');
    await t.app.realtime.publishStored(user.id, e3);

    const second = await connect(user, token, e1.seq);
    await second.until((e) => e.some((x) => x.type === 'ready'));
    const e4 = await store(user, 'four');
    await t.app.realtime.publishStored(user.id, e4);
    await t.app.realtime.publishStored(user.id, e4); // a duplicate publish is harmless
    await second.until((e) => seqs(e).includes(e4.seq));
    await roundTrip(second.socket); // a duplicate would have arrived before the pong
    expect(seqs(second.events)).toEqual([e2.seq, e3.seq, e4.seq]);
    expect(second.events.map((e) => e.type)).toEqual(['system', 'system', 'ready', 'system']);
    second.socket.close();
  });

  it('replays at most catchUpMax missed events, the newest, and says so (issue 25)', async () => {
    const user = await t.createUser();
    const { token } = await t.signIn(user);
    const total = REALTIME_LIMITS.catchUpMax + 5;
    await storeUserEvents(
      t.db,
      Array.from({ length: total }, (_, i) => ({
        userId: user.id,
        type: 'system' as const,
        data: { text: `event ${i + 1}` },
      })),
    );
    const fromStart = await connect(user, token, 0);
    await fromStart.until((e) => e.some((x) => x.type === 'ready'));
    const replayed = seqs(fromStart.events);
    expect(replayed).toHaveLength(REALTIME_LIMITS.catchUpMax);
    expect(replayed[0]).toBe(total - REALTIME_LIMITS.catchUpMax + 1);
    expect(replayed.at(-1)).toBe(total);
    expect(fromStart.events.at(-1)).toEqual({ type: 'ready', last_seq: total, truncated: true });
    fromStart.socket.close();

    // A client that missed less than that gets all of it, and no `truncated`.
    const recent = await connect(user, token, total - 3);
    await recent.until((e) => e.some((x) => x.type === 'ready'));
    expect(seqs(recent.events)).toEqual([total - 2, total - 1, total]);
    expect(recent.events.at(-1)).toEqual({ type: 'ready', last_seq: total });
    recent.socket.close();
  });

  it('closes the oldest socket of a user with one too many open, and keeps the rest (issue 25)', async () => {
    const user = await t.createUser();
    const { token } = await t.signIn(user);
    const clients: Client[] = [];
    for (let i = 0; i < REALTIME_LIMITS.socketsPerUser; i += 1) {
      const client = await connect(user, token);
      await client.until((e) => e.some((x) => x.type === 'ready'));
      clients.push(client);
    }
    const newest = await connect(user, token);
    await newest.until((e) => e.some((x) => x.type === 'ready'));
    expect(await clients[0]!.closed).toEqual({ code: SOCKET_CLOSE.tooManySockets });
    // The others, the newest included, still get live events.
    const event = await store(user, 'still here');
    await t.app.realtime.publishStored(user.id, event);
    for (const client of [...clients.slice(1), newest]) {
      await client.until((e) => seqs(e).includes(event.seq));
      expect(client.socket.readyState).toBe(WebSocket.OPEN);
      client.socket.close();
    }
  });

  it('fills a gap from the database when a live event arrives before an earlier one', async () => {
    const user = await t.createUser();
    const { token } = await t.signIn(user);
    const client = await connect(user, token);
    await client.until((e) => e.some((x) => x.type === 'ready'));
    const a = await store(user, 'a');
    const b = await store(user, 'b');
    await t.app.realtime.publishStored(user.id, b); // a's publication was lost
    await client.until((e) => seqs(e).includes(b.seq));
    expect(seqs(client.events)).toEqual([a.seq, b.seq]);
    client.socket.close();
  });

  it('closes the sockets of a revoked session with the session-revoked code', async () => {
    const user = await t.createUser();
    const kept = await t.signIn(user);
    const ended = await t.signIn(user);
    const keptClient = await connect(user, kept.token);
    const endedClient = await connect(user, ended.token);
    await endedClient.until((e) => e.some((x) => x.type === 'ready'));
    await keptClient.until((e) => e.some((x) => x.type === 'ready'));
    await t.app.realtime.revoke(user.id, ended.sessionId);
    expect((await endedClient.closed).code).toBe(SOCKET_CLOSE.sessionRevoked);
    expect(keptClient.socket.readyState).toBe(WebSocket.OPEN);
    keptClient.socket.close();
  });

  it('delivers only to the addressed user', async () => {
    const a = await t.signIn(alice);
    const b = await t.signIn(bob);
    const aliceClient = await connect(alice, a.token);
    const bobClient = await connect(bob, b.token);
    await aliceClient.until((e) => e.some((x) => x.type === 'ready'));
    await bobClient.until((e) => e.some((x) => x.type === 'ready'));
    const forBob = await store(bob, 'for bob');
    await t.app.realtime.publishStored(bob.id, forBob);
    await bobClient.until((e) => seqs(e).includes(forBob.seq));
    await roundTrip(aliceClient.socket); // anything sent to Alice would have arrived before the pong
    expect(seqs(aliceClient.events)).toEqual([]);
    aliceClient.socket.close();
    bobClient.socket.close();
  });
});
