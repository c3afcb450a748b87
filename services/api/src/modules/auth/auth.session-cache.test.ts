import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { GUARDIAN_ERRORS, MESSAGES, SOCKET_CLOSE, YOUR_DATA_ERRORS } from '@touchline/shared';
import type { App } from '../../app';
import { createTestApp, secondInstance, type TestApp, type TestUser } from '../../testing/test-app';
import { awaitingChild, consentedGuardian } from '../guardians/guardians.test-support';
import { openTestSocket, socketBase } from '../../plugins/realtime/realtime.test-support';
import { hashPassword } from './auth.passwords';

const PASSWORD = 'Str0ng@pass';

/**
 * Decision 44: each API instance keeps the sessions it checked in memory. Whatever ends or
 * changes a session, done through one instance, reaches the other before it answers. `a` is the
 * test app; `b` is a second instance on the same database and the same bus (in-process, or Redis
 * with TEST_REDIS_URL), as two processes of the scaled mode are.
 */
describe('the session cache across two instances', () => {
  let t: TestApp;
  let b: App;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    b = await secondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const me = (app: App, access: string) =>
    app.inject({ method: 'GET', url: '/api/me', headers: { authorization: `Bearer ${access}` } });

  /** A player with a password, signed in through `/api/token/` (access and refresh). */
  async function player() {
    const user = await t.createUser({
      email: `cache-${++n}-${Date.now()}@example.test`,
      passwordHash: await hashPassword(PASSWORD),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: user.email, password: PASSWORD, is_academy: false },
    });
    expect(res.statusCode).toBe(200);
    const pair = res.json() as { access: string; refresh: string };
    // Instance b has checked the session once: it holds it from now on.
    expect((await me(b, pair.access)).statusCode).toBe(200);
    return { user, ...pair };
  }

  it('answers a checked session from memory: a change written behind its back waits for the expiry', async () => {
    const { user, access } = await player();
    // No module writes like this; it shows the cache is what answers (the expiry is the net).
    await t.db
      .update(schema.sessions)
      .set({ revokedAt: new Date() })
      .where(eq(schema.sessions.userId, user.id));
    expect((await me(b, access)).statusCode).toBe(200);
    await t.app.forgetSessions(user.id);
    expect((await me(b, access)).statusCode).toBe(401);
  });

  it('a sign-out through one instance is refused by the other at once; other sessions stay', async () => {
    const first = await player();
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/token/',
      payload: { email: first.user.email, password: PASSWORD, is_academy: false },
    });
    const other = second.json() as { access: string };
    expect((await me(b, other.access)).statusCode).toBe(200);
    // Accepted (and its verified token kept) before the sign-out: refused after it all the same.
    expect((await me(b, first.access)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refresh: first.refresh },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(b, first.access)).statusCode).toBe(401);
    expect((await me(b, other.access)).statusCode).toBe(200);
  });

  it('a replayed refresh token revokes its session on every instance', async () => {
    const { access, refresh } = await player();
    const rotate = () =>
      t.app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    expect((await rotate()).statusCode).toBe(200);
    expect((await rotate()).statusCode).toBe(401);
    expect((await me(b, access)).statusCode).toBe(401);
  });

  it("an administrator's block through one instance refuses the next request and closes the sockets on the other", async () => {
    const { user, access } = await player();
    const admin = await t.createUser({ role: 'admin' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const socket = await openTestSocket(socketBase(b), { userId: user.id, token: access });
    const closed = new Promise<number>((resolve) => socket.socket.once('close', resolve));
    const blocked = await admin.call('POST', `/api/admin/users/${user.id}/block`, {
      reason: 'abuse',
    });
    expect(blocked.statusCode).toBe(200);
    const refused = await me(b, access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MESSAGES.accountBlocked);
    // Closed through the bus (the time it takes is the cluster tier's and the bench's concern).
    expect(await closed).toBe(SOCKET_CLOSE.sessionRevoked);
    expect(socket.events.map((e) => e.type)).toContain('session_revoked');
  });

  it('deleting the account through one instance signs it out on the other', async () => {
    const { access } = await player();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/me',
      headers: { authorization: `Bearer ${access}` },
      payload: { password: PASSWORD },
    });
    expect(deleted.statusCode).toBe(200);
    const refused = await me(b, access);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(YOUR_DATA_ERRORS.accountDeleted);
  });

  it("a guardian's consent and its withdrawal reach the child's requests on the other instance at once", async () => {
    const child: TestUser = await awaitingChild(t);
    const like = () =>
      b.inject({
        method: 'POST',
        url: '/api/like/00000000-0000-7000-8000-000000000000',
        headers: child.headers,
      });
    // Awaiting consent: refused before anything else (and the session is now held by b).
    expect((await like()).json().code).toBe(GUARDIAN_ERRORS.consentRequired);
    const guardian = await consentedGuardian(
      t,
      child,
      `guardian-${++n}-${Date.now()}@example.test`,
    );
    // Given: the child may act at once (the unknown post answers 404).
    expect((await like()).statusCode).toBe(404);
    const withdrawn = await guardian.call('POST', `/api/guardian/children/${child.id}/withdraw`);
    expect(withdrawn.statusCode).toBe(200);
    const refused = await b.inject({ method: 'GET', url: '/api/me', headers: child.headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe(GUARDIAN_ERRORS.accountFrozen);
  });
});
