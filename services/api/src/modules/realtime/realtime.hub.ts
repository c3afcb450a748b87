import type { WebSocket } from 'ws';
import {
  SOCKET_CLOSE,
  clientEventSchema,
  userChannel,
  type BusMessage,
  type ClientEvent,
  type ServerEvent,
  type StoredServerEvent,
} from '@touchline/shared';
import type { BusDriver, PresenceChange, PresenceDriver } from '@touchline/drivers';

type Logger = {
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
  debug: (obj: object, msg?: string) => void;
};

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
};

/** The socket a client event came from, as its handler sees it. */
export type SocketClient = {
  userId: string;
  sessionId: string;
  /** Lives as long as the socket: handlers keep per-socket caches here (keys of their own). */
  memo: Map<string, unknown>;
};

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
export type PresenceListener = (change: PresenceChange) => void | Promise<void>;

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

type Connection = {
  socket: WebSocket;
  userId: string;
  sessionId: string;
  lastSeq: number;
  alive: boolean;
  /** Fires when the token expires, then every `recheckMs`: the session is checked again. */
  expiry?: NodeJS.Timeout;
  /** Deliveries to one socket run one after another, so catch-up and live events never interleave. */
  chain: Promise<void>;
  client: SocketClient;
  /** When each throttled client event (type and key) last went through. */
  throttled: Map<string, number>;
  /** Client events of one socket are handled one after another, in the order they came. */
  inbox: Promise<void>;
  /** The current one-second window of client messages: its start and how many came in it. */
  window: { startedAt: number; count: number };
  /** Presence was told of this socket (and must be told of its departure once). */
  present: boolean;
};

type UserRoom = { connections: Set<Connection>; unsubscribe: Promise<() => Promise<void>> };

const CATCH_UP_PAGE = 500;
const PUBLISH_RETRY_MS = [250, 1000, 4000] as const;
/** A session check that failed (database unavailable) is tried again this soon. */
const RECHECK_AFTER_ERROR_MS = 30_000;

/**
 * Holds this instance's sockets. Every instance subscribes to the bus channel of each user it has
 * a socket for; whoever changes state publishes to that channel. Stored events carry a per-user
 * sequence number: a socket receives them strictly in order, each once, filling any gap from the
 * database — the same path that serves a reconnecting client's `since`.
 */
export function createRealtimeHub(deps: RealtimeHubDeps) {
  const rooms = new Map<string, UserRoom>();
  const heartbeat = setInterval(beat, deps.heartbeatMs ?? 30_000);
  heartbeat.unref();
  // The bus lost its connection: whatever was published meanwhile never came. Once its
  // subscriptions deliver again, every open socket reads what it missed (the same catch-up as a
  // gap or `?since=`; a no-op when nothing is missing).
  const stopResync = deps.bus.onReconnect?.(() => {
    for (const room of rooms.values())
      for (const connection of room.connections)
        void enqueue(connection, () => catchUp(connection));
  });
  const clientHandlers = new Map<HandledClientEventType, RegisteredHandler[]>();
  let handlerIds = 0;
  const presenceListeners: PresenceListener[] = [];
  deps.presence?.onChange((change) => reportPresence(change));
  deps.presence?.start();

  /** A user's changes reach the listeners one after the other (online, then offline, …). */
  const presenceChains = new Map<string, Promise<void>>();
  function reportPresence(change: PresenceChange) {
    const { userId } = change;
    const run = async () => {
      for (const listener of presenceListeners) {
        try {
          await listener(change);
        } catch (err) {
          deps.logger.warn({ err, userId }, 'presence listener failed');
        }
      }
    };
    const chain = (presenceChains.get(userId) ?? Promise.resolve()).then(run);
    presenceChains.set(userId, chain);
    void chain.then(() => {
      if (presenceChains.get(userId) === chain) presenceChains.delete(userId);
    });
  }

  function trackPresence(connection: Connection, as: 'connected' | 'disconnected') {
    const presence = deps.presence;
    if (!presence) return;
    if (as === 'connected') connection.present = true;
    else if (!connection.present) return;
    else connection.present = false;
    const { userId } = connection;
    const change = as === 'connected' ? presence.connected(userId) : presence.disconnected(userId);
    change
      .then((changed) => {
        if (changed) reportPresence({ userId, online: as === 'connected' });
      })
      .catch((err: unknown) => deps.logger.warn({ err, userId }, 'presence update failed'));
  }

  /**
   * A message from the client: JSON matching `clientEventSchema`, else ignored (a client never
   * learns anything from a bad message, and a socket is not closed for one). `ping` only keeps the
   * socket alive; other types go to the handler a module registered, after the throttle.
   */
  function onClientMessage(connection: Connection, raw: unknown, isBinary: boolean) {
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
    for (const registered of clientHandlers.get(event.type) ?? []) {
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

  function send(connection: Connection, event: ServerEvent) {
    if (connection.socket.readyState === connection.socket.OPEN) {
      connection.socket.send(JSON.stringify(event));
    }
  }

  function enqueue(connection: Connection, task: () => Promise<void>) {
    connection.chain = connection.chain.then(task).catch((err: unknown) => {
      deps.logger.warn(
        { err, userId: connection.userId },
        'realtime delivery failed; closing socket',
      );
      connection.socket.close(1011, 'delivery failed');
    });
    return connection.chain;
  }

  async function catchUp(connection: Connection, upTo = Number.POSITIVE_INFINITY) {
    while (connection.lastSeq < upTo) {
      const events = await deps.loadSince(connection.userId, connection.lastSeq, CATCH_UP_PAGE);
      for (const event of events) {
        if (event.seq <= connection.lastSeq) continue;
        send(connection, event);
        connection.lastSeq = event.seq;
      }
      if (events.length < CATCH_UP_PAGE) return;
    }
  }

  function deliverStored(connection: Connection, event: StoredServerEvent) {
    void enqueue(connection, async () => {
      if (event.seq <= connection.lastSeq) return; // already delivered
      if (event.seq === connection.lastSeq + 1) {
        send(connection, event);
        connection.lastSeq = event.seq;
        return;
      }
      await catchUp(connection, event.seq); // a gap: read what is missing, in order
    });
  }

  function closeRevoked(connection: Connection) {
    send(connection, { type: 'session_revoked' });
    connection.socket.close(SOCKET_CLOSE.sessionRevoked, 'session revoked');
  }

  /**
   * A socket outlives the access token it was opened with; when that token expires (and every
   * access TTL after), the session is checked again, so a socket never stays open for long after
   * a logout, block or password reset whose revoke message was lost (bus outage). A live session
   * keeps its socket: the client refreshes its token for HTTP and needs no reconnect.
   */
  function armExpiry(connection: Connection, inMs: number) {
    connection.expiry = setTimeout(
      () => {
        deps
          .sessionLive(connection.userId, connection.sessionId)
          .then((live) => {
            if (connection.socket.readyState !== connection.socket.OPEN) return;
            if (live) armExpiry(connection, deps.recheckMs);
            else closeRevoked(connection);
          })
          .catch((err: unknown) => {
            deps.logger.warn({ err, userId: connection.userId }, 'socket session re-check failed');
            armExpiry(connection, RECHECK_AFTER_ERROR_MS);
          });
      },
      Math.max(0, inMs),
    );
    connection.expiry.unref();
  }

  /**
   * Publishes after a commit: the change is done, so a bus outage must not fail the request that
   * made it. A refused publish is retried in the background a few times, then logged as given up;
   * what it carried is not lost (stored events are in `user_events`, replayed on the next gap or
   * reconnect; a revoked session's sockets close at their token's expiry re-check at the latest).
   */
  const pendingRetries = new Set<NodeJS.Timeout>();
  async function publishAfterCommit(userId: string, message: BusMessage): Promise<void> {
    const delays = deps.publishRetryMs ?? PUBLISH_RETRY_MS;
    const attempt = async (n: number) => {
      try {
        await deps.bus.publish(userChannel(userId), message);
      } catch (err) {
        const context = { err, userId, kind: message.kind };
        if (n >= delays.length) {
          deps.logger.error(context, 'realtime publish given up');
          return;
        }
        deps.logger.warn(context, 'realtime publish failed; retrying in the background');
        const timer = setTimeout(() => {
          pendingRetries.delete(timer);
          void attempt(n + 1);
        }, delays[n]);
        timer.unref();
        pendingRetries.add(timer);
      }
    };
    await attempt(0);
  }

  function onBusMessage(userId: string, raw: unknown) {
    const room = rooms.get(userId);
    if (!room) return;
    const message = raw as BusMessage;
    for (const connection of room.connections) {
      if (message.kind === 'stored') deliverStored(connection, message.event);
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
    return room.unsubscribe;
  }

  function leave(connection: Connection) {
    const room = rooms.get(connection.userId);
    if (!room) return;
    clearTimeout(connection.expiry);
    if (!room.connections.delete(connection)) return;
    trackPresence(connection, 'disconnected');
    if (room.connections.size === 0) {
      rooms.delete(connection.userId);
      void room.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  }

  function beat() {
    for (const room of rooms.values()) {
      for (const connection of room.connections) {
        if (!connection.alive) {
          connection.socket.terminate();
          continue;
        }
        connection.alive = false;
        connection.socket.ping();
      }
    }
  }

  return {
    /**
     * Takes over an authenticated socket: subscribes to the user's channel first, then sends every
     * stored event after `since` (or nothing older, without it), then `ready`, then live events.
     */
    async attach(
      socket: WebSocket,
      who: { userId: string; sessionId: string; since?: number; tokenExpiresAt?: Date },
    ) {
      const connection: Connection = {
        socket,
        userId: who.userId,
        sessionId: who.sessionId,
        lastSeq: 0,
        alive: true,
        chain: Promise.resolve(),
        client: { userId: who.userId, sessionId: who.sessionId, memo: new Map() },
        throttled: new Map(),
        inbox: Promise.resolve(),
        window: { startedAt: 0, count: 0 },
        present: false,
      };
      socket.on('pong', () => {
        connection.alive = true;
      });
      socket.on('message', (raw, isBinary) => onClientMessage(connection, raw, isBinary));
      socket.on('close', () => leave(connection));
      socket.on('error', () => socket.terminate());
      const subscribed = join(connection);
      trackPresence(connection, 'connected');
      if (who.tokenExpiresAt) armExpiry(connection, who.tokenExpiresAt.getTime() - Date.now());
      await enqueue(connection, async () => {
        await subscribed;
        const last = await deps.lastSeq(who.userId);
        connection.lastSeq = who.since === undefined || who.since > last ? last : who.since;
        await catchUp(connection);
        send(connection, { type: 'ready', last_seq: connection.lastSeq });
      });
    },

    /** After the transaction that stored the event commits. Never rejects (see above). */
    publishStored(userId: string, event: StoredServerEvent) {
      return publishAfterCommit(userId, { kind: 'stored', event });
    },

    /** Never rejects (see above). */
    publishEphemeral(userId: string, event: ServerEvent) {
      return publishAfterCommit(userId, { kind: 'ephemeral', event });
    },

    /** Closes the user's sockets on every instance (one session, or all of them). Never rejects. */
    revoke(userId: string, sessionId?: string) {
      return publishAfterCommit(userId, { kind: 'revoke', sessionId });
    },

    /**
     * Lets a module answer a client event type, e.g. chat's `typing` (each handler has its own throttle).
     * Handlers run after validation and the throttle, one event of a socket after the other; a
     * failing one is logged, never answered.
     */
    onClientEvent<T extends HandledClientEventType>(
      type: T,
      handler: ClientEventHandler<T>,
      options: ClientEventOptions<T> = {},
    ) {
      const list = clientHandlers.get(type) ?? [];
      list.push({
        id: (handlerIds += 1),
        handler: handler as RegisteredHandler['handler'],
        throttleMs: options.throttleMs ?? 0,
        throttleKey: options.throttleKey as RegisteredHandler['throttleKey'],
      });
      clientHandlers.set(type, list);
    },

    /**
     * Called when a user comes online (their first socket on any instance) or goes offline (their
     * last one closed, or the instance holding it died): each change once, on one instance.
     */
    onPresence(listener: PresenceListener) {
      presenceListeners.push(listener);
    },

    /** The ones of `userIds` online now (any instance); nobody when presence is unavailable. */
    async online(userIds: readonly string[]): Promise<Set<string>> {
      if (!deps.presence || userIds.length === 0) return new Set();
      try {
        return await deps.presence.online(userIds);
      } catch (err) {
        deps.logger.warn({ err }, 'presence unavailable; everyone reads as offline');
        return new Set();
      }
    },

    connectionCount() {
      let count = 0;
      for (const room of rooms.values()) count += room.connections.size;
      return count;
    },

    /** Closes every socket (graceful shutdown) and stops the heartbeat. */
    async close() {
      stopResync?.();
      clearInterval(heartbeat);
      for (const timer of pendingRetries) clearTimeout(timer);
      pendingRetries.clear();
      const pending: Promise<unknown>[] = [];
      for (const room of rooms.values()) {
        for (const connection of room.connections) {
          clearTimeout(connection.expiry);
          connection.socket.close(SOCKET_CLOSE.serverShutdown, 'server shutting down');
        }
        pending.push(room.unsubscribe.then((unsubscribe) => unsubscribe()).catch(() => undefined));
      }
      rooms.clear();
      await Promise.all(pending);
    },
  };
}

export type RealtimeHub = ReturnType<typeof createRealtimeHub>;
