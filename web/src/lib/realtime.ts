import type { ClientEvent, ServerEvent } from '@touchline/shared';
import { REALTIME_PATH, SOCKET_CLOSE, TIMINGS, serverEventSchema } from '@touchline/shared';
import { STORAGE_KEYS } from '@/config/app';
import { refreshAccessToken } from './api-client';
import type { Emitter } from './emitter';
import { createEmitter } from './emitter';
import { expireSession } from './session-expiry';
import { getAccessToken, isTokenExpired } from './tokens';

/**
 * The notification socket (spec §4, §7): one per signed-in tab at
 * `/ws/notifications/{userId}/`, the access token sent as a `Sec-WebSocket-Protocol` value
 * (`['bearer', token]`). It reconnects 1 s after any close and resumes with `?since=<last seq>`;
 * stored events carry a `seq`, and one already seen is dropped, so a replay never duplicates.
 */

type ByType = { [K in ServerEvent['type']]: Extract<ServerEvent, { type: K }> };

/**
 * Every server event by its `type`, plus the socket's own connection state. A notice previewed
 * before it was stored (`notification_preview`, decision 60) is emitted as its `notification`,
 * without a `seq`; its numbered copy is emitted as a `notification_count` (the stored count, the
 * list read again), so listeners see each notice once.
 */
export type RealtimeEvents = Omit<ByType, 'notification' | 'notification_preview'> & {
  notification: Omit<ByType['notification'], 'seq'> & { seq?: number };
  connection: { state: 'open' | 'closed' };
};

/** Previewed notices remembered until their numbered copy comes (the oldest forgotten first). */
const PREVIEWS_REMEMBERED = 500;

/** The part of the browser WebSocket the client uses (tests inject a fake). */
export type SocketLike = {
  onopen: (() => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
};

export type RealtimeClientOptions = {
  createSocket: (url: string, protocols: string[]) => SocketLike;
  getAccessToken: () => string | null;
  refreshAccessToken: () => Promise<string>;
  /** The server revoked the session and it could not be refreshed. */
  onSessionRevoked: () => void;
  location: { protocol: string; host: string };
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  reconnectMs?: number;
  heartbeatMs?: number;
};

export type RealtimeClient = {
  /** Opens (or keeps) the socket for this user; switching users starts afresh. */
  connect(userId: string): void;
  /** Closes the socket and stops reconnecting (logout, leaving). */
  disconnect(): void;
  /**
   * Sends a client event (`typing`) on the open socket; answers false when there is none (the
   * event is dropped, not queued: what it says is only true now).
   */
  send(event: ClientEvent): boolean;
  events: Emitter<RealtimeEvents>;
};

export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const events = createEmitter<RealtimeEvents>();
  const reconnectMs = options.reconnectMs ?? TIMINGS.socketReconnectMs;
  const heartbeatMs = options.heartbeatMs ?? 25_000;

  let userId: string | null = null;
  let socket: SocketLike | null = null;
  /** The socket whose handshake completed (sending before that would throw). */
  let openSocket: SocketLike | null = null;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let heartbeat: ReturnType<typeof setInterval> | null = null;
  let lastSeq: number | null = null;
  /** Notices shown from a preview, by id, until their numbered copy comes. */
  const previewed = new Set<string>();
  /** Bumped by every connect/disconnect, so late callbacks of an older connection do nothing. */
  let generation = 0;
  /** Closes in a row that happened before the socket opened (a refused handshake). */
  let refusedInRow = 0;
  let refreshedThisStreak = false;

  const seqKey = (id: string) => `${STORAGE_KEYS.realtimeSeqPrefix}${id}`;

  function readSeq(id: string): number | null {
    const stored = Number(options.storage?.getItem(seqKey(id)) ?? Number.NaN);
    return Number.isInteger(stored) && stored >= 0 ? stored : null;
  }

  function saveSeq(seq: number) {
    lastSeq = seq;
    if (userId) options.storage?.setItem(seqKey(userId), String(seq));
  }

  function teardownSocket() {
    if (heartbeat) clearInterval(heartbeat);
    heartbeat = null;
    if (reconnectTimer) clearTimeout(reconnectTimer);
    reconnectTimer = null;
    if (!socket) return;
    const closing = socket;
    socket = null;
    openSocket = null;
    closing.onopen = closing.onclose = closing.onmessage = closing.onerror = null;
    closing.close(1000, 'client closed');
  }

  function scheduleReconnect() {
    if (reconnectTimer || !userId) return;
    const current = generation;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (current === generation) void open();
    }, reconnectMs);
  }

  /**
   * A browser cannot see why a handshake was refused, so the token is refreshed first when its
   * `exp` has passed, or once per streak of refused handshakes (revoked or otherwise rejected).
   */
  async function usableToken(current: number): Promise<string | null> {
    const token = options.getAccessToken();
    if (!token) return null;
    const refusedRepeatedly = refusedInRow >= 2 && !refreshedThisStreak;
    if (!isTokenExpired(token) && !refusedRepeatedly) return token;
    if (refusedRepeatedly) refreshedThisStreak = true;
    try {
      await options.refreshAccessToken();
    } catch {
      // Refused: the API client has ended the session. Offline: retry on the next attempt.
    }
    return current === generation ? options.getAccessToken() : null;
  }

  async function open() {
    const current = generation;
    const token = await usableToken(current);
    if (current !== generation || !userId) return;
    if (!token) {
      scheduleReconnect();
      return;
    }
    const scheme = options.location.protocol === 'https:' ? 'wss' : 'ws';
    const since = lastSeq === null ? '' : `?since=${lastSeq}`;
    const url = `${scheme}://${options.location.host}${REALTIME_PATH}${encodeURIComponent(userId)}/${since}`;

    let opened = false;
    const ws = options.createSocket(url, ['bearer', token]);
    socket = ws;
    ws.onopen = () => {
      opened = true;
      openSocket = ws;
      refusedInRow = 0;
      refreshedThisStreak = false;
      heartbeat = setInterval(() => send({ type: 'ping' }), heartbeatMs);
      events.emit('connection', { state: 'open' });
    };
    ws.onmessage = (message) => receive(message.data);
    ws.onerror = () => {
      // A close event always follows; reconnecting happens there.
    };
    ws.onclose = (event) => {
      if (socket !== ws) return;
      socket = null;
      openSocket = null;
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
      if (opened) events.emit('connection', { state: 'closed' });
      else refusedInRow += 1;
      if (event.code === SOCKET_CLOSE.sessionRevoked) revoked();
      // The user's newer sockets pushed this one out (too many tabs): reconnecting would push
      // out the next oldest, so this tab stays offline until it connects again.
      else if (event.code !== SOCKET_CLOSE.tooManySockets) scheduleReconnect();
    };
  }

  function send(event: ClientEvent) {
    try {
      socket?.send(JSON.stringify(event));
    } catch {
      // Closing socket: the close handler reconnects.
    }
  }

  function sendIfOpen(event: ClientEvent): boolean {
    if (!openSocket || openSocket !== socket) return false;
    send(event);
    return true;
  }

  function receive(data: unknown) {
    let parsed: ReturnType<typeof serverEventSchema.safeParse>;
    try {
      parsed = serverEventSchema.safeParse(JSON.parse(String(data)));
    } catch {
      return;
    }
    if (!parsed.success) return;
    const event = parsed.data;

    if (event.type === 'notification_preview') {
      if (previewed.has(event.data.id)) return;
      previewed.add(event.data.id);
      if (previewed.size > PREVIEWS_REMEMBERED) previewed.delete(previewed.values().next().value!);
      events.emit('notification', { type: 'notification', data: event.data });
      return;
    }
    if (event.type === 'ready') {
      // A server whose sequence went backwards (fresh data) restarts ours.
      if (lastSeq === null || event.last_seq < lastSeq) saveSeq(event.last_seq);
    } else if ('seq' in event) {
      if (lastSeq !== null && event.seq <= lastSeq) return;
      saveSeq(event.seq);
    }
    if (event.type === 'notification' && previewed.delete(event.data.id)) {
      // Shown already from its preview; now stored, the list may be read again with it and the
      // badge takes the stored count.
      events.emit('notification_count', {
        type: 'notification_count',
        seq: event.seq,
        data: { unread: event.data.unread },
      });
      return;
    }
    events.emit(event.type, event as never);
    if (event.type === 'session_revoked') revoked();
  }

  /** The server ended this session: a refresh tells whether it is over (and why) or can go on. */
  function revoked() {
    const current = generation;
    teardownSocket();
    options.refreshAccessToken().then(
      () => {
        if (current === generation) scheduleReconnect();
      },
      () => {
        if (current === generation) {
          disconnect();
          options.onSessionRevoked();
        }
      },
    );
  }

  function connect(id: string) {
    if (userId === id) return;
    disconnect();
    userId = id;
    lastSeq = readSeq(id);
    void open();
  }

  function disconnect() {
    generation += 1;
    userId = null;
    lastSeq = null;
    refusedInRow = 0;
    refreshedThisStreak = false;
    teardownSocket();
  }

  return { connect, disconnect, send: sendIfOpen, events };
}

/** The app's client: the browser's WebSocket, the stored tokens, this page's host. */
export const realtime = createRealtimeClient({
  // The DOM's handler types name the full event classes; the client reads only code, reason, data.
  createSocket: (url, protocols) => new WebSocket(url, protocols) as unknown as SocketLike,
  getAccessToken,
  refreshAccessToken,
  onSessionRevoked: () => expireSession(),
  location: window.location,
  storage: typeof sessionStorage === 'undefined' ? null : sessionStorage,
});
