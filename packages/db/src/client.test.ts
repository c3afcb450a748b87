import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from './client';
import { createTestDatabase, testDatabaseAdminUrl } from './testing';

/**
 * PGlite runs in this thread: a chain of awaited statements (the outbox relay after a start)
 * must still let the event loop turn, or no request is read until the chain ends (decision 68).
 */
describe('the embedded database in a long chain of statements', () => {
  it('lets timers and sockets have their turn between statements', async () => {
    const handle = await createDatabase();
    try {
      let timerRan = false;
      setTimeout(() => {
        timerRan = true;
      }, 0);
      const started = performance.now();
      // Many times longer than a turn: nothing but the awaited statements runs meanwhile.
      while (performance.now() - started < 200) await handle.db.execute(sql`select 1`);
      expect(timerRan).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

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

// A real server that ends a connection: only the Postgres tier has one (PGlite is in-process).
if (testDatabaseAdminUrl())
  describe('the Postgres pool when a checked-out connection dies', () => {
    it('keeps the process alive, fails the holder, and serves the next caller on a new connection', async () => {
      const testDb = await createTestDatabase();
      try {
        if (testDb.kind !== 'postgres') throw new Error('expected a Postgres handle');
        const held = await testDb.client.connect();
        const { rows } = await held.query<{ pid: number }>('select pg_backend_pid() as pid');
        const ended = new Promise((resolve) => held.once('end', resolve));
        // As a Postgres restart does: the server ends the connection while it is checked out
        // and idle between two queries (without a listener, its 'error' would end the process).
        const admin = await testDb.client.connect();
        await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
        admin.release();
        await ended;
        await expect(held.query('select 1')).rejects.toThrow();
        held.release();
        const { rows: after } = await testDb.client.query<{ one: number }>('select 1 as one');
        expect(after[0]!.one).toBe(1);
      } finally {
        await testDb.close();
      }
    });
  });
