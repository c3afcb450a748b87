import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Socket } from 'node:net';
import { createTestApp } from '../../testing/test-app';

describe('realtime heartbeat', () => {
  it('drops a socket whose client stopped answering pings, and keeps a live one', async () => {
    const t = await createTestApp({ heartbeatMs: 1000 });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = t.app.server.address() as { port: number };
    const user = await t.createUser();
    const { token } = await t.signIn(user);
    const open = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/ws/notifications/${user.id}/`, [
          'bearer',
          token,
        ]);
        ws.once('message', () => resolve(ws)); // the `ready` event
        ws.once('error', reject);
      });
    const alive = await open();
    const dead = await open();
    expect(t.app.realtime.connectionCount()).toBe(2);
    // A vanished client: its side stops reading, so pings go unanswered.
    (dead as unknown as { _socket: Socket })._socket.pause();
    // Two missed beats close it; a loaded machine gets far longer than that before we give up.
    const deadline = Date.now() + 45_000;
    while (t.app.realtime.connectionCount() > 1 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(t.app.realtime.connectionCount()).toBe(1);
    expect(alive.readyState).toBe(WebSocket.OPEN);
    alive.close();
    dead.terminate();
    await t.close();
  }, 90_000);
});
