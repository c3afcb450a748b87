import { SOCKET_CLOSE } from '@touchline/shared';
import { send, type Connection, type Logger } from './realtime.connection';

/** A session check that failed (database unavailable) is tried again this soon. */
const RECHECK_AFTER_ERROR_MS = 30_000;

/** Says `session_revoked` and closes the socket with 4001. */
export function closeRevoked(connection: Connection) {
  send(connection, { type: 'session_revoked' });
  connection.socket.close(SOCKET_CLOSE.sessionRevoked, 'session revoked');
}

/**
 * A socket outlives the access token it was opened with; when that token expires (and every
 * access TTL after), the session is checked again, so a socket never stays open for long after a
 * logout, block or password reset whose revoke message was lost (bus outage). A live session keeps
 * its socket: the client refreshes its token for HTTP and needs no reconnect.
 */
export function createSessionWatch(deps: {
  /** Whether the session is still live and its user active. */
  sessionLive: (userId: string, sessionId: string) => Promise<boolean>;
  /** How often a socket's session is checked again once its token has expired. */
  recheckMs: number;
  logger: Logger;
}) {
  function arm(connection: Connection, inMs: number) {
    connection.expiry = setTimeout(
      () => {
        deps
          .sessionLive(connection.userId, connection.sessionId)
          .then((live) => {
            if (connection.socket.readyState !== connection.socket.OPEN) return;
            if (live) arm(connection, deps.recheckMs);
            else closeRevoked(connection);
          })
          .catch((err: unknown) => {
            deps.logger.warn({ err, userId: connection.userId }, 'socket session re-check failed');
            arm(connection, RECHECK_AFTER_ERROR_MS);
          });
      },
      Math.max(0, inMs),
    );
    connection.expiry.unref();
  }

  return {
    /** Starts watching a socket's session from the moment its token expires. */
    watch(connection: Connection, tokenExpiresAt?: Date) {
      if (tokenExpiresAt) arm(connection, tokenExpiresAt.getTime() - Date.now());
    },
    /** The socket closed: no more checks. */
    unwatch(connection: Connection) {
      clearTimeout(connection.expiry);
    },
  };
}
