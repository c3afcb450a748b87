import WebSocket from 'ws';
import type { ClientEvent, ServerEvent } from '@touchline/shared';

/** A test's socket, as a browser tab holds one. */
export type TestSocket = {
  socket: WebSocket;
  /** Everything received, in order. */
  events: ServerEvent[];
  /** Resolves with the events once `predicate` holds for them; fails after `ms`. */
  until: (predicate: (events: ServerEvent[]) => boolean, ms?: number) => Promise<ServerEvent[]>;
  send: (event: ClientEvent | Record<string, unknown> | string) => void;
  /** Closes and waits until the socket is closed. */
  close: () => Promise<void>;
};

/** The base WebSocket URL of a listening app. */
export function socketBase(app: { server: { address(): unknown } }): string {
  const address = app.server.address() as { port: number } | string | null;
  if (!address || typeof address === 'string') throw new Error('the app is not listening');
  return `ws://127.0.0.1:${address.port}`;
}

/** Opens `/ws/notifications/{userId}/` with the token and waits for `ready`. */
export function openTestSocket(
  base: string,
  who: { userId: string; token: string; since?: number },
): Promise<TestSocket> {
  const query = who.since === undefined ? '' : `?since=${who.since}`;
  const socket = new WebSocket(`${base}/ws/notifications/${who.userId}/${query}`, [
    'bearer',
    who.token,
  ]);
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (raw) => {
    events.push(JSON.parse(String(raw)) as ServerEvent);
    for (const waiter of [...waiters]) waiter();
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  const until: TestSocket['until'] = (predicate, ms = 20_000) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (!predicate(events)) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve(events);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out; received ${JSON.stringify(events)}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const client: TestSocket = {
    socket,
    events,
    until,
    send: (event) => socket.send(typeof event === 'string' ? event : JSON.stringify(event)),
    close: async () => {
      socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('unexpected-response', (_request, response) =>
      reject(new Error(`refused ${response.statusCode}`)),
    );
    socket.once('error', reject);
    socket.once('open', () => {
      until((e) => e.some((x) => x.type === 'ready')).then(() => resolve(client), reject);
    });
  });
}
