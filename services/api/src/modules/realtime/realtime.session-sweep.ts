import type { WebSocket } from 'ws';
import { SOCKET_CLOSE, type ServerEvent } from '@touchline/shared';

type Logger = { warn: (obj: object, msg?: string) => void };

export type SessionSweepDeps = {
  bus: { onReconnect?: (listener: () => void) => () => void };
  /** Whether the session is still live and its user active (read from the database). */
  sessionLive: (userId: string, sessionId: string) => Promise<boolean>;
  logger: Logger;
};

/**
 * Closes this instance's sockets whose session ended while the bus was away. A revocation
 * published then (a block, a sign-out) never reached this instance; once the bus delivers again,
 * every open socket's session is read from the database and the ended ones close as the hub closes
 * a revoked one (`session_revoked`, then 4001), instead of at their token's expiry re-check.
 * Kept beside the hub (realtime.hub.ts), which owns every other part of a socket's life.
 */
export function createSessionSweep(deps: SessionSweepDeps) {
  const open = new Map<WebSocket, { userId: string; sessionId: string }>();

  async function sweep() {
    const bySession = new Map<
      string,
      { userId: string; sessionId: string; sockets: WebSocket[] }
    >();
    for (const [socket, who] of open) {
      const group = bySession.get(who.sessionId) ?? { ...who, sockets: [] };
      group.sockets.push(socket);
      bySession.set(who.sessionId, group);
    }
    for (const { userId, sessionId, sockets } of bySession.values()) {
      try {
        if (await deps.sessionLive(userId, sessionId)) continue;
      } catch (err) {
        // The hub's own re-check at the token's expiry still comes.
        deps.logger.warn({ err, userId }, 'socket session sweep failed');
        continue;
      }
      const revoked: ServerEvent = { type: 'session_revoked' };
      for (const socket of sockets) {
        if (socket.readyState !== socket.OPEN) continue;
        socket.send(JSON.stringify(revoked));
        socket.close(SOCKET_CLOSE.sessionRevoked, 'session revoked');
      }
    }
  }

  const stop = deps.bus.onReconnect?.(() => void sweep());

  return {
    /** Remembers an open socket until it closes. */
    track(socket: WebSocket, who: { userId: string; sessionId: string }) {
      open.set(socket, who);
      socket.once('close', () => open.delete(socket));
    },
    /** Runs the sweep now (what a reconnect of the bus does). */
    sweep,
    close() {
      stop?.();
      open.clear();
    },
  };
}

export type SessionSweep = ReturnType<typeof createSessionSweep>;
