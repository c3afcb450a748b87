import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ADMIN_ERRORS, ADMIN_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('administrators block accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => t.close());

  it('only an administrator may block', async () => {
    const player = await t.createUser();
    const other = await t.createUser();
    const { headers } = await t.signIn(player);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${other.id}/block`,
      headers,
      payload: { reason: 'x' },
    });
    expect(res.statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${other.id}/block`,
      payload: { reason: 'x' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('blocking ends the user’s sessions and closes their open sockets at once', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const player = await t.createUser();
    const adminSession = await t.signIn(admin);
    const playerSession = await t.signIn(player);
    const { port } = t.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/${player.id}/`, [
      'bearer',
      playerSession.token,
    ]);
    await new Promise((resolve) => socket.once('message', resolve));
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.id}/block`,
      headers: adminSession.headers,
      payload: { reason: 'Harassment' },
    });
    expect(res.statusCode).toBe(200);
    expect(await closed).toBe(4001);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: playerSession.headers,
    });
    expect(me.statusCode).toBe(401);
    expect(me.json().code).toBe('user_inactive');

    const unblock = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${player.id}/unblock`,
      headers: adminSession.headers,
    });
    expect(unblock.statusCode).toBe(200);
  });

  it('refuses to block an administrator, another or oneself, with 403 and a code', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const other = await t.createUser({ role: 'admin' });
    const { headers } = await t.signIn(admin);
    const block = (id: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/users/${id}/block`,
        headers,
        payload: { reason: 'Takeover' },
      });
    const another = await block(other.id);
    expect(another.statusCode).toBe(403);
    expect(another.json()).toMatchObject({
      code: ADMIN_ERRORS.blockAdmin,
      message: ADMIN_MESSAGES.blockAdmin,
    });
    const self = await block(admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({
      code: ADMIN_ERRORS.blockSelf,
      message: ADMIN_MESSAGES.blockSelf,
    });
    expect((await t.services.accounts.get(other.id))?.isActive).toBe(true);
    const stillIn = await t.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: (await t.signIn(other)).headers,
    });
    expect(stillIn.statusCode).toBe(200);
  });

  it('answers 404 for an unknown account', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const { headers } = await t.signIn(admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/0190c0de-0000-7000-8000-00000000dead/block',
      headers,
      payload: { reason: 'x' },
    });
    expect(res.statusCode).toBe(404);
  });
});
