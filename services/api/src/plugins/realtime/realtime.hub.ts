import type { WebSocket } from 'ws';
import {
  PREVIEWS_CHANNEL,
  REALTIME_LIMITS,
  SOCKET_CLOSE,
  userChannel,
  type BusMessage,
  type PreviewsMessage,
  type ServerEvent,
  type StoredServerEvent,
} from '@touchline/shared';
import type { BusDriver, PresenceDriver } from '@touchline/drivers';
import { createClientEvents } from './realtime.client-events';
import {
  beat,
  createConnection,
  createDelivery,
  send,
  type Connection,
  type Logger,
} from './realtime.connection';
import { createPresenceTracker } from './realtime.presence';
import { createBusPublisher } from './realtime.publisher';
import { closeRevoked, createSessionWatch } from './realtime.session-watch';

export type RealtimeHubDeps = {
  /** `onReconnect` (both bus drivers have it): called once the bus's subscriptions deliver again. */
  bus: BusDriver & { onReconnect?: (listener: () => void) => () => void };
  /** Stored events of a user after `since`, ascending, at most `limit`. */
  loadSince: (userId: string, since: number, limit: number) => Promise<StoredServerEvent[]>;
  lastSeq: (userId: string) => Promise<number>;
  logger: Logger;
  heartbeatMs?: number;
  /** Whether the session is still live and its user active (re-checked when a token expires). */
  sessionLive: (userId: string, sessionId: string) => Promise<boolean>;
  /** How often a socket's session is checked again once its token has expired (the access TTL). */
  recheckMs: number;
  /** Delays of the background retries of a publish the bus refused. */
  publishRetryMs?: readonly number[];
  /** Who is online across instances; the hub reports each socket's arrival and departure. */
  presence?: PresenceDriver;
  /** Open sockets per user on this instance (`REALTIME_LIMITS.socketsPerUser`). */
  socketsPerUser?: number;
};

type UserRoom = { connections: Set<Connection>; unsubscribe: Promise<() => Promise<void>> };

/**
 * Holds this instance's sockets. Every instance subscribes to the bus channel of each user it has
 * a socket for; whoever changes state publishes to that channel. Stored events carry a per-user
 * sequence number: a socket receives them strictly in order, each once, filling any gap from the
 * database — the same path that serves a reconnecting client's `since`.
 *
 * The jobs live beside it: the socket's state, delivery order and heartbeat
 * (`realtime.connection.ts`), publishing with retries (`realtime.publisher.ts`), what clients send
 * (`realtime.client-events.ts`), who is online (`realtime.presence.ts`) and the session re-check
 * (`realtime.session-watch.ts`).
 */
export function createRealtimeHub(deps: RealtimeHubDeps) {
  const rooms = new Map<string, UserRoom>();
  const delivery = createDelivery(deps);
  const publisher = createBusPublisher({
    bus: deps.bus,
    logger: deps.logger,
    retryMs: deps.publishRetryMs,
  });
  const clientEvents = createClientEvents(deps);
  const presence = createPresenceTracker(deps);
  const sessionWatch = createSessionWatch(deps);

  const heartbeat = setInterval(() => beat(allConnections()), deps.heartbeatMs ?? 30_000);
  heartbeat.unref();
  // The bus lost its connection: whatever was published meanwhile never came. Once its
  // subscriptions deliver again, every open socket reads what it missed (the same catch-up as a
  // gap or `?since=`; a no-op when nothing is missing).
  const stopResync = deps.bus.onReconnect?.(() => {
    for (const connection of allConnections())
      void delivery.enqueue(connection, () => delivery.catchUp(connection));
  });

  // Notices previewed to many users at once (decision 60): one message for all, each instance
  // sending to its own sockets of the users listed.
  const previews = deps.bus.subscribe(PREVIEWS_CHANNEL, (m) => onPreviews(m as PreviewsMessage));
  // Without it the numbered notices still come, only later.
  previews.catch((err: unknown) => deps.logger.error({ err }, 'notice previews not subscribed'));

  function onPreviews(message: PreviewsMessage) {
    // The shared part serialised once; each socket's text adds its id and count.
    const shared = JSON.stringify({ type: 'notification_preview', data: message.notice });
    const head = shared.slice(0, -2);
    for (const [userId, id, unread] of message.to) {
      const room = rooms.get(userId);
      if (!room) continue;
      const text = `${head},"id":${JSON.stringify(id)},"unread":${Number(unread)}}}`;
      for (const { socket } of room.connections) {
        if (socket.readyState === socket.OPEN) socket.send(text);
      }
    }
  }

  function* allConnections() {
    for (const room of rooms.values()) yield* room.connections;
  }

  function onBusMessage(userId: string, raw: unknown) {
    const room = rooms.get(userId);
    if (!room) return;
    const message = raw as BusMessage;
    for (const connection of room.connections) {
      if (message.kind === 'stored') delivery.deliverStored(connection, message.event);
      else if (message.kind === 'ephemeral') send(connection, message.event);
      else if (message.kind === 'revoke') {
        if (!message.sessionId || message.sessionId === connection.sessionId) {
          closeRevoked(connection);
        }
      }
    }
  }

  function join(connection: Connection) {
    let room = rooms.get(connection.userId);
    if (!room) {
      const userId = connection.userId;
      room = {
        connections: new Set(),
        unsubscribe: deps.bus.subscribe(userChannel(userId), (m) => onBusMessage(userId, m)),
      };
      rooms.set(userId, room);
    }
    room.connections.add(connection);
    // One socket too many (a tab per socket, or a script opening sockets in a loop): the oldest
    // goes, with a code the client does not reconnect on. Sets keep insertion order.
    const max = deps.socketsPerUser ?? REALTIME_LIMITS.socketsPerUser;
    for (const oldest of room.connections) {
      if (room.connections.size <= max) break;
      leave(oldest);
      oldest.socket.close(SOCKET_CLOSE.tooManySockets, 'too many sockets');
    }
    return room.unsubscribe;
  }

  function leave(connection: Connection) {
    const room = rooms.get(connection.userId);
    if (!room) return;
    sessionWatch.unwatch(connection);
    if (!room.connections.delete(connection)) return;
    presence.track(connection, 'disconnected');
    if (room.connections.size === 0) {
      rooms.delete(connection.userId);
      void room.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  return {
    /**
     * Takes over an authenticated socket: subscribes to the user's channel first, then sends the
     * stored events after `since` (or nothing older, without it), then `ready`, then live events.
     * A catch-up replays at most `REALTIME_LIMITS.catchUpMax` events, the newest: a client that
     * missed more (or claims `since=0`) is told `truncated` and refetches what it shows.
     */
    async attach(
      socket: WebSocket,
      who: { userId: string; sessionId: string; since?: number; tokenExpiresAt?: Date },
    ) {
      const connection = createConnection(socket, who);
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (raw, isBinary) => clientEvents.onMessage(connection, raw, isBinary));
      socket.on('close', () => leave(connection));
      socket.on('error', () => socket.terminate());
      const subscribed = join(connection);
      presence.track(connection, 'connected');
      sessionWatch.watch(connection, who.tokenExpiresAt);
      await delivery.enqueue(connection, async () => {
        await subscribed;
        const last = await deps.lastSeq(who.userId);
        const from = who.since === undefined || who.since > last ? last : who.since;
        connection.lastSeq = Math.max(from, last - REALTIME_LIMITS.catchUpMax);
        const truncated = connection.lastSeq > from;
        await delivery.catchUp(connection);
        send(connection, {
          type: 'ready',
          last_seq: connection.lastSeq,
          ...(truncated ? { truncated } : {}),
        });
      });
    },

    /** After the transaction that stored the event commits. Never rejects (realtime.publisher.ts). */
    publishStored(userId: string, event: StoredServerEvent) {
      return publisher.publish(userId, { kind: 'stored', event });
    },

    /** Never rejects (realtime.publisher.ts). */
    publishEphemeral(userId: string, event: ServerEvent) {
      return publisher.publish(userId, { kind: 'ephemeral', event });
    },

    /** Closes the user's sockets on every instance (one session, or all of them). Never rejects. */
    revoke(userId: string, sessionId?: string) {
      return publisher.publish(userId, { kind: 'revoke', sessionId });
    },

    /** See `realtime.client-events.ts`. */
    onClientEvent: clientEvents.register,
    /** See `realtime.presence.ts`. */
    onPresence: presence.onPresence,
    online: presence.online,

    connectionCount() {
      let count = 0;
      for (const room of rooms.values()) count += room.connections.size;
      return count;
    },

    /** Closes every socket (graceful shutdown) and stops the heartbeat. */
    async close() {
      stopResync?.();
      clearInterval(heartbeat);
      const stopPreviews = previews.then((unsubscribe) => unsubscribe()).catch(() => undefined);
      publisher.close();
      const pending: Promise<unknown>[] = [];
      for (const room of rooms.values()) {
        for (const connection of room.connections) {
          sessionWatch.unwatch(connection);
          connection.socket.close(SOCKET_CLOSE.serverShutdown, 'server shutting down');
        }
        pending.push(room.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined));
      }
      rooms.clear();
      await Promise.all([...pending, stopPreviews]);
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
