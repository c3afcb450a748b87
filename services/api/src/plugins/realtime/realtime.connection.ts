import type { WebSocket } from 'ws';
import { REALTIME_LIMITS, type ServerEvent, type StoredServerEvent } from '@touchline/shared';

export type Logger = {
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
  debug: (obj: object, msg?: string) => void;
};

/** The socket a client event came from, as its handler sees it. */
export type SocketClient = {
  userId: string;
  sessionId: string;
  /**
   * Lives as long as the socket: handlers keep per-socket caches here (keys of their own). Holds
   * at most `REALTIME_LIMITS.memoEntriesMax` entries, the oldest dropped first.
   */
  memo: Map<string, unknown>;
};

/** One open socket of a user on this instance, and what the hub knows of it. */
export type Connection = {
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

const CATCH_UP_PAGE = 500;

/**
 * A map that keeps at most `max` entries: setting a new key past that drops the oldest. A
 * socket's handler memo is one, so no client can grow it without bound (e.g. `typing` in
 * thousands of conversation names, each remembered by chat).
 */
export class BoundedMemo<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) {
      const oldest = this.keys().next();
      if (!oldest.done) this.delete(oldest.value);
    }
    return super.set(key, value);
  }
}

export function createConnection(
  socket: WebSocket,
  who: { userId: string; sessionId: string },
): Connection {
  return {
    socket,
    userId: who.userId,
    sessionId: who.sessionId,
    lastSeq: 0,
    alive: true,
    chain: Promise.resolve(),
    client: {
      userId: who.userId,
      sessionId: who.sessionId,
      memo: new BoundedMemo(REALTIME_LIMITS.memoEntriesMax),
    },
    throttled: new Map(),
    inbox: Promise.resolve(),
    window: { startedAt: 0, count: 0 },
    present: false,
  };
}

export function send(connection: Connection, event: ServerEvent) {
  if (connection.socket.readyState === connection.socket.OPEN) {
    connection.socket.send(JSON.stringify(event));
  }
}

/**
 * One heartbeat over the sockets: a socket that answered nothing (no pong, no message) since the
 * last beat is dropped; the others are pinged.
 */
export function beat(connections: Iterable<Connection>) {
  for (const connection of connections) {
    if (!connection.alive) {
      connection.socket.terminate();
      continue;
    }
    connection.alive = false;
    connection.socket.ping();
  }
}

/**
 * Stored events reach a socket strictly in sequence order, each once: a live event that follows
 * the last one delivered is sent, an older one dropped, and a gap is filled from the database —
 * the same catch-up that serves a reconnecting client's `since`.
 */
export function createDelivery(deps: {
  loadSince: (userId: string, since: number, limit: number) => Promise<StoredServerEvent[]>;
  logger: Logger;
}) {
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

  /** Sends every stored event after the socket's `lastSeq` (up to `upTo`), page by page. */
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

  return { enqueue, catchUp, deliverStored };
}
