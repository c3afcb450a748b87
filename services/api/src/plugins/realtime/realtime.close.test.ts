import { describe, expect, it } from 'vitest';
import { SOCKET_CLOSE } from '@touchline/shared';
import { createTestApp } from '../../testing/test-app';
import { openTestSocket, socketBase } from './realtime.test-support';

describe('realtime on app.close()', () => {
  it('closes open sockets with 1001 (server shutting down), not without a code', async () => {
    const t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const user = await t.createUser();
    const client = await openTestSocket(socketBase(t.app), { userId: user.id, token: user.token });
    const closed = new Promise<number>((resolve) => client.socket.once('close', resolve));
    await t.close();
    expect(await closed).toBe(SOCKET_CLOSE.serverShutdown);
  }, 60_000);
});
