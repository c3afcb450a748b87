import WebSocket from 'ws';
import type { ServerEvent } from '@touchline/shared';
import type { TestApp, TestUser, TestUserInput } from '../../testing/test-app';

/** A date of birth `years` ago (plus a month, so the birthday is behind us), Lagos calendar. */
export function bornYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  d.setUTCMonth(d.getUTCMonth() - 1);
  return d.toISOString().slice(0, 10);
}

export const adultPlayer = (t: TestApp, values: TestUserInput = {}) =>
  t.createUser({ role: 'player', ...values });
export const minorPlayer = (t: TestApp, values: TestUserInput = {}) =>
  t.createUser({ role: 'player', dob: bornYearsAgo(15), ...values });
export const academy = (t: TestApp, values: TestUserInput = {}) =>
  t.createUser({ role: 'academy', sports: ['football'], state: 'Lagos', ...values });

/** Fails the test with the answer when the status is not the one expected. */
export async function expectStatus<R extends { statusCode: number; body: string }>(
  response: Promise<R>,
  status: number,
): Promise<R> {
  const res = await response;
  if (res.statusCode !== status)
    throw new Error(`expected ${status}, got ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res;
}

/** Two players become friends through the API (request, then acceptance). */
export async function befriend(a: TestUser, b: TestUser) {
  await expectStatus(a.call('POST', '/api/friend_request', { to_user: b.id }), 201);
  await expectStatus(b.call('POST', `/api/friend_request_accept/${a.id}`), 200);
}

export const follow = (player: TestUser, academyUser: TestUser) =>
  expectStatus(player.call('POST', '/api/follow', { academy: academyUser.id }), 200);

export const block = (who: TestUser, whom: TestUser) =>
  expectStatus(who.call('POST', `/api/block/${whom.id}`), 200);

/** `POST chat` as `who` with `receiver`; answers the raw response. */
export const openChat = (who: TestUser, receiver: { id: string }) =>
  who.call('POST', '/api/chat', { receiver_id: receiver.id });

/** Opens the conversation (must be allowed) and answers its name. */
export async function threadOf(who: TestUser, receiver: { id: string }): Promise<string> {
  const res = await expectStatus(openChat(who, receiver), 200);
  return (JSON.parse(res.body) as { thread_name: string }).thread_name;
}

/** `POST chat/{thread}/messages` (JSON) as `who`. */
export const sendText = (who: TestUser, thread: string, text: string, clientId?: string) =>
  who.call('POST', `/api/chat/${thread}/messages`, {
    text,
    ...(clientId ? { client_id: clientId } : {}),
  });

/** A socket of `user` that records what it receives, as a browser tab holds it. */
export type TestSocket = {
  events: ServerEvent[];
  /** Resolves when `predicate` holds for the events received so far (or rejects at `ms`). */
  until: (predicate: (events: ServerEvent[]) => boolean, ms?: number) => Promise<ServerEvent[]>;
  close: () => void;
};

/** The app must listen (`t.app.listen`); `base` is its `ws://host:port`. */
export function connectSocket(base: string, user: TestUser, since?: number): Promise<TestSocket> {
  const query = since === undefined ? '' : `?since=${since}`;
  const socket = new WebSocket(`${base}/ws/notifications/${user.id}/${query}`, [
    'bearer',
    user.token,
  ]);
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    events.push(JSON.parse(String(raw)) as ServerEvent);
    for (const w of waiters) w();
  });
  const until = (predicate: (e: ServerEvent[]) => boolean, ms = 20_000) =>
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
        reject(new Error(`timed out; received ${JSON.stringify(events).slice(0, 2000)}`));
      }, ms);
      waiters.add(check);
      check();
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ events, until, close: () => socket.close() }));
    socket.once('unexpected-response', (_q, res) =>
      reject(new Error(`socket refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
}
