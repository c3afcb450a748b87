import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { revokeSession } from '@touchline/db/auth';
import type { UserRow } from '@touchline/db/users';
import { SOCKET_CLOSE } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

/**
 * A socket outlives the access token it opened with; at the token's expiry the server checks the
 * session again. Here the revoke message is never published (the session is ended in the
 * database only, as when the bus lost it), and tokens live 2-3 s.
 */
describe('socket session re-check at token expiry', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    base = `ws://127.0.0.1:${port}`;
  });
  afterAll(async () => t.close());

  function open(user: UserRow, token: string) {
    return new Promise<{ socket: WebSocket; closed: Promise<number> }>((resolve, reject) => {
      const socket = new WebSocket(`${base}/ws/notifications/${user.id}/`, ['bearer', token]);
      const closed = new Promise<number>((r) => socket.on('close', (code) => r(code)));
      socket.once('message', () => resolve({ socket, closed })); // `ready`
      socket.once('error', reject);
    });
  }

  const roundTrip = (socket: WebSocket) =>
    new Promise<void>((resolve) => {
      socket.once('pong', () => resolve());
      socket.ping();
    });

  /**
   * Opens a socket with a token that expires in `seconds`; on a loaded machine the token can
   * expire before the upgrade is answered (401), so it is tried again with twice the lifetime.
   */
  async function openShort(user: UserRow, sessionId: string, seconds: number) {
    for (let lifetime = seconds; ; lifetime *= 2) {
      const token = t.app.jwt.sign(
        { sub: user.id, role: user.role, sid: sessionId, typ: 'access' },
        { expiresIn: lifetime },
      );
      try {
        return { ...(await open(user, token)), lifetime };
      } catch (err) {
        if (lifetime >= 32 || !String(err).includes('401')) throw err;
      }
    }
  }

  it('closes an ended session at expiry with the revoked code; a live one stays open', async () => {
    const user = await t.createUser();
    const live = await t.signIn(user);
    const ended = await t.signIn(user);
    const liveSocket = await openShort(user, live.sessionId, 2);
    // The ended session's token expires a second after the live one's, so the live socket's
    // check has run (and kept it) by the time the ended one is closed.
    const endedSocket = await openShort(user, ended.sessionId, liveSocket.lifetime + 1);
    await revokeSession(t.db, { id: ended.sessionId, userId: user.id }, 'logout');

    expect(await endedSocket.closed).toBe(SOCKET_CLOSE.sessionRevoked);
    await roundTrip(liveSocket.socket);
    expect(liveSocket.socket.readyState).toBe(WebSocket.OPEN);
    expect(t.app.realtime.connectionCount()).toBe(1);
    liveSocket.socket.close();
  });

  it('closes the socket of a user blocked meanwhile at expiry', async () => {
    const user = await t.createUser();
    const { sessionId } = await t.signIn(user);
    const client = await openShort(user, sessionId, 2);
    await t.db.update(schema.users).set({ isActive: false }).where(eq(schema.users.id, user.id));
    expect(await client.closed).toBe(SOCKET_CLOSE.sessionRevoked);
  });
});
