import { clientEventSchema, type ClientEvent } from '@touchline/shared';
import type { Connection, Logger, SocketClient } from './realtime.connection';

/** Client events other than `ping` (which only keeps the socket alive). */
export type HandledClientEventType = Exclude<ClientEvent['type'], 'ping'>;
export type ClientEventOf<T extends ClientEvent['type']> = Extract<ClientEvent, { type: T }>;
export type ClientEventHandler<T extends HandledClientEventType> = (
  client: SocketClient,
  event: ClientEventOf<T>,
) => void | Promise<void>;
export type ClientEventOptions<T extends HandledClientEventType> = {
  /**
   * At most one event per socket (and per `throttleKey`, e.g. per conversation) in this window;
   * the others are dropped before the handler runs.
   */
  throttleMs?: number;
  throttleKey?: (event: ClientEventOf<T>) => string;
};

type RegisteredHandler = {
  id: number;
  handler: (client: SocketClient, event: ClientEvent) => void | Promise<void>;
  throttleMs: number;
  throttleKey?: (event: ClientEvent) => string;
};

/** A socket remembers at most this many throttle windows (one per conversation typed in). */
const THROTTLE_KEYS_MAX = 100;
/**
 * Client messages a socket may send per second; the rest are dropped unread (a flood of distinct
 * conversation names must not turn into as many database reads).
 */
const CLIENT_MESSAGES_PER_SECOND = 20;

/** What sockets send: validated, rate-limited, throttled, then handed to the module that asked. */
export function createClientEvents(deps: { logger: Logger }) {
  const handlers = new Map<HandledClientEventType, RegisteredHandler[]>();
  let handlerIds = 0;

  /**
   * Lets a module answer a client event type, e.g. chat's `typing` (each handler has its own
   * throttle). Handlers run after validation and the throttle, one event of a socket after the
   * other; a failing one is logged, never answered.
   */
  function register<T extends HandledClientEventType>(
    type: T,
    handler: ClientEventHandler<T>,
    options: ClientEventOptions<T> = {},
  ) {
    const list = handlers.get(type) ?? [];
    list.push({
      id: (handlerIds += 1),
      handler: handler as RegisteredHandler['handler'],
      throttleMs: options.throttleMs ?? 0,
      throttleKey: options.throttleKey as RegisteredHandler['throttleKey'],
    });
    handlers.set(type, list);
  }

  /**
   * A message from the client: JSON matching `clientEventSchema`, else ignored (a client never
   * learns anything from a bad message, and a socket is not closed for one). `ping` only keeps the
   * socket alive; other types go to the handler a module registered, after the throttle.
   */
  function onMessage(connection: Connection, raw: unknown, isBinary: boolean) {
    connection.alive = true;
    if (isBinary) return;
    const now = Date.now();
    if (now - connection.window.startedAt >= 1000) connection.window = { startedAt: now, count: 0 };
    if ((connection.window.count += 1) > CLIENT_MESSAGES_PER_SECOND) return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      return;
    }
    const result = clientEventSchema.safeParse(parsed);
    if (!result.success) {
      deps.logger.debug({ userId: connection.userId }, 'invalid client event ignored');
      return;
    }
    const event = result.data;
    if (event.type === 'ping') return;
    for (const registered of handlers.get(event.type) ?? []) {
      if (registered.throttleMs > 0) {
        const key = `${registered.id}:${registered.throttleKey?.(event) ?? ''}`;
        const last = connection.throttled.get(key);
        if (last !== undefined && now - last < registered.throttleMs) continue;
        if (connection.throttled.size >= THROTTLE_KEYS_MAX) connection.throttled.clear();
        connection.throttled.set(key, now);
      }
      connection.inbox = connection.inbox
        .then(() => registered.handler(connection.client, event))
        .catch((err: unknown) => {
          deps.logger.warn(
            { err, userId: connection.userId, type: event.type },
            'client event failed',
          );
        });
    }
  }

  return { register, onMessage };
}
