import type { ServerEvent } from '@touchline/shared';
import { SOCKET_CLOSE } from '@touchline/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '@/test/fake-websocket';
import type { RealtimeClientOptions } from './realtime';
import { createRealtimeClient } from './realtime';

const notification = (seq: number): ServerEvent => ({
  type: 'notification',
  seq,
  data: {
    id: `n${seq}`,
    kind: 'like',
    text: `Ada liked your post (${seq})`,
    link: '/view_post_details/4',
    actor_id: 'u2',
    created_at: '2026-01-01T10:00:00.000Z',
    unread: seq,
  },
});

/** A JWT whose `exp` is `secondsFromNow` away (signature irrelevant to the client). */
function jwt(secondsFromNow: number) {
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + secondsFromNow }));
  return `header.${payload.replace(/=+$/, '')}.signature`;
}

let token: string | null;

function setup(overrides: Partial<RealtimeClientOptions> = {}) {
  const options: RealtimeClientOptions = {
    createSocket: (url, protocols) => new FakeWebSocket(url, protocols),
    getAccessToken: () => token,
    refreshAccessToken: vi.fn(async () => {
      token = jwt(900);
      return token;
    }),
    onSessionRevoked: vi.fn(),
    location: { protocol: 'https:', host: 'touchline.test' },
    storage: sessionStorage,
    ...overrides,
  };
  const client = createRealtimeClient(options);
  const notifications: (number | undefined)[] = [];
  client.events.on('notification', (event) => notifications.push(event.seq));
  return { client, options, notifications };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  token = jwt(900);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('realtime client', () => {
  it('connects to the user’s notification socket with the token as a protocol value', async () => {
    const { client } = setup();
    client.connect('u1');
    await settle();
    expect(FakeWebSocket.last().url).toBe('wss://touchline.test/ws/notifications/u1/');
    expect(FakeWebSocket.last().protocols).toEqual(['bearer', token]);
    client.disconnect();
  });

  it('delivers each stored event once, ignoring repeated sequence numbers', async () => {
    const { client, notifications } = setup();
    client.connect('u1');
    await settle();
    const socket = FakeWebSocket.last();
    socket.accept();
    socket.push(notification(5));
    socket.push(notification(5));
    socket.push(notification(4));
    socket.push(notification(6));
    socket.push({ type: 'notification', seq: 'x' });
    socket.push('not json at all');
    expect(notifications).toEqual([5, 6]);
    client.disconnect();
  });

  it('shows a previewed notice once: its numbered copy only updates the count', async () => {
    const { client, notifications } = setup();
    const counts: number[] = [];
    const ids: string[] = [];
    client.events.on('notification_count', (event) => counts.push(event.data.unread));
    client.events.on('notification', (event) => ids.push(event.data.id));
    client.connect('u1');
    await settle();
    const socket = FakeWebSocket.last();
    socket.accept();
    const { data } = notification(7) as Extract<ServerEvent, { type: 'notification' }>;
    socket.push({ type: 'notification_preview', data: { ...data, unread: 3 } });
    socket.push({ type: 'notification_preview', data: { ...data, unread: 3 } });
    expect(ids).toEqual(['n7']);
    expect(notifications).toEqual([undefined]);
    // The stored copy (same id) after it: no second notice, the stored count for the badge.
    socket.push({ ...notification(7), data: { ...data, unread: 4 } });
    expect(ids).toEqual(['n7']);
    expect(counts).toEqual([4]);
    // Another notice, not previewed, is shown as usual; the sequence went on from 7.
    socket.push(notification(8));
    socket.push(notification(7));
    expect(ids).toEqual(['n7', 'n8']);
    expect(notifications).toEqual([undefined, 8]);
    client.disconnect();
  });

  it('reconnects 1 s after a close, resuming after the last sequence received', async () => {
    const { client, notifications } = setup();
    client.connect('u1');
    await settle();
    const first = FakeWebSocket.last();
    first.accept();
    first.push({ type: 'ready', last_seq: 2 });
    first.push(notification(3));
    first.drop(1006);

    await vi.advanceTimersByTimeAsync(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    const second = FakeWebSocket.last();
    expect(second).not.toBe(first);
    expect(second.url).toBe('wss://touchline.test/ws/notifications/u1/?since=3');

    // The server replays what was missed; what was already seen is dropped.
    second.accept();
    second.push(notification(3));
    second.push(notification(4));
    expect(notifications).toEqual([3, 4]);
    client.disconnect();
  });

  it('remembers the last sequence for the tab, so a reload resumes too', async () => {
    const first = setup();
    first.client.connect('u1');
    await settle();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().push(notification(8));
    first.client.disconnect();

    const second = setup();
    second.client.connect('u1');
    await settle();
    expect(FakeWebSocket.last().url).toMatch(/\?since=8$/);
    second.client.disconnect();
  });

  it('sends a client event only on an open socket, and drops it otherwise', async () => {
    const { client } = setup();
    client.connect('u1');
    await settle();
    const socket = FakeWebSocket.last();
    expect(client.send({ type: 'ping' })).toBe(false);
    socket.accept();
    expect(client.send({ type: 'ping' })).toBe(true);
    expect(socket.sent.map((data) => JSON.parse(data))).toContainEqual({ type: 'ping' });
    socket.drop(1006);
    expect(client.send({ type: 'ping' })).toBe(false);
    client.disconnect();
  });

  it('stops for good on disconnect (logout or leaving)', async () => {
    const { client } = setup();
    client.connect('u1');
    await settle();
    const socket = FakeWebSocket.last();
    socket.accept();
    client.disconnect();
    expect(socket.closedByClient).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('ends the session when the server revokes it and the refresh is refused', async () => {
    const refreshAccessToken = vi.fn(() => Promise.reject(new Error('refused')));
    const { client, options } = setup({ refreshAccessToken });
    client.connect('u1');
    await settle();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(SOCKET_CLOSE.sessionRevoked);
    await settle();
    expect(options.onSessionRevoked).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('does not reconnect a socket the server closed as one too many for the user', async () => {
    const { client } = setup();
    client.connect('u1');
    await settle();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().drop(SOCKET_CLOSE.tooManySockets);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.disconnect();
  });

  it('reconnects when a revoked socket’s session can still be refreshed', async () => {
    const { client, options } = setup();
    client.connect('u1');
    await settle();
    FakeWebSocket.last().accept();
    FakeWebSocket.last().push({ type: 'session_revoked' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(options.onSessionRevoked).not.toHaveBeenCalled();
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.disconnect();
  });

  it('refreshes an expired access token before (re)connecting', async () => {
    const expired = jwt(-60);
    token = expired;
    const { client, options } = setup();
    client.connect('u1');
    await settle();
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(token).not.toBe(expired);
    expect(FakeWebSocket.last().protocols).toEqual(['bearer', token]);
    client.disconnect();
  });

  it('refreshes the token after handshakes are refused repeatedly', async () => {
    const { client, options } = setup();
    client.connect('u1');
    await settle();
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(options.refreshAccessToken).not.toHaveBeenCalled();
    FakeWebSocket.last().drop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(options.refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(FakeWebSocket.instances).toHaveLength(3);
    client.disconnect();
  });

  it('waits without a token and connects once one is stored', async () => {
    token = null;
    const { client } = setup();
    client.connect('u1');
    await vi.advanceTimersByTimeAsync(2000);
    expect(FakeWebSocket.instances).toHaveLength(0);
    token = jwt(900);
    await vi.advanceTimersByTimeAsync(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.disconnect();
  });
});
