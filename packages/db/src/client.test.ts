import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';

/**
 * A Postgres that accepts connections but never answers (a host gone mid-failover, a full
 * backlog): the pool gives up on each connection within its timeout instead of holding the slot
 * forever, so readiness answers and the pool serves again once the server does.
 */
describe('the Postgres pool against a server that never answers', () => {
  let server: net.Server;
  const sockets = new Set<net.Socket>();
  let url: string;

  beforeAll(async () => {
    server = net.createServer((socket) => {
      sockets.add(socket); // accepted, never answered
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    url = `postgres://postgres@127.0.0.1:${port}/silent`;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fails a query once the connect timeout passes, and ping answers false', async () => {
    const handle = await createDatabase({ url, poolMax: 1, connectTimeoutMs: 300 });
    if (handle.kind !== 'postgres') throw new Error('expected a Postgres handle');
    try {
      const started = Date.now();
      await expect(handle.client.query('select 1')).rejects.toThrow(/timeout/i);
      expect(Date.now() - started).toBeLessThan(10_000);
      // The slot was given back: the next attempt fails the same way rather than waiting forever.
      expect(await handle.ping()).toBe(false);
    } finally {
      await handle.close();
    }
  });
});
