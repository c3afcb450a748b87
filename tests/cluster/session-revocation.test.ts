/**
 * Decision 44: each API instance checks sessions from its own memory. A block made through
 * instance A refuses the user's next request on instance B and closes their sockets there within
 * 1 s — with Redis up, and while Redis restarts (the block made while it is away; B reads the
 * database until its bus is back, then closes what it missed).
 */
import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@touchline/db';
import { MESSAGES, SOCKET_CLOSE } from '@touchline/shared';
import { startCluster, type Cluster } from './testing/cluster';
import { call, createMember, type Member } from './testing/client';
import { waitFor } from './testing/processes';
import type { RedisServer } from './testing/services';
import type { Api } from './testing/stack';

const PORTS = [45600, 45699] as const;

/** A raw socket of `who` on an instance: when it closed, and with which code. */
async function openSocket(baseUrl: string, who: Member, clientIp: string) {
  const socket = new WebSocket(
    `${baseUrl.replace(/^http/, 'ws')}/ws/notifications/${who.id}/`,
    ['bearer', who.token],
    { headers: { 'x-forwarded-for': clientIp } },
  );
  const types: string[] = [];
  const closed = new Promise<{ code: number; at: number }>((resolve) =>
    socket.once('close', (code) => resolve({ code, at: Date.now() })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const event = JSON.parse(String(raw)) as { type: string };
      types.push(event.type);
      if (event.type === 'ready') resolve();
    });
    socket.once('unexpected-response', (_req, res) =>
      reject(new Error(`socket refused: ${res.statusCode}`)),
    );
    socket.once('error', reject);
  });
  return { socket, types, closed };
}

describe('revocation across instances', () => {
  let cluster: Cluster | undefined;
  let db: DatabaseHandle | undefined;
  let redis: RedisServer | undefined;
  let a: Api;
  let b: Api;
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    cluster = await startCluster({
      ports: PORTS,
      apis: 2,
      worker: false,
      extra: { TRUST_PROXY: 'loopback', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
    ({ db, redis } = cluster);
    [a, b] = [cluster.apis[0]!, cluster.apis[1]!];
  });

  afterEach((context) => {
    if (context.task.result?.state === 'fail') cluster?.reportFailure();
  });

  afterAll(async () => {
    for (const socket of sockets) socket.terminate();
    await cluster?.close();
  });

  /** A player signed in on B (B holds the session in memory) with a socket open there. */
  async function playerOnB(label: string, clientIp: string) {
    const player = await createMember(db!, 'player', label);
    for (let i = 0; i < 2; i++)
      expect((await call(b.url, player, 'GET', '/api/me', { clientIp })).status).toBe(200);
    const open = await openSocket(b.url, player, clientIp);
    sockets.push(open.socket);
    return { player, ...open };
  }

  const block = async (admin: Member, player: Member, clientIp: string) => {
    const res = await call(a.url, admin, 'POST', `/api/admin/users/${player.id}/block`, {
      clientIp,
      body: { reason: 'abuse' },
    });
    expect(res.status).toBe(200);
  };

  it('a block through A refuses the next request on B and closes the sockets there within 1 s', async () => {
    const clientIp = '198.51.100.40';
    const admin = await createMember(db!, 'admin', 'revoke_admin');
    const { player, closed, types } = await playerOnB('revoke_player', clientIp);

    await block(admin, player, clientIp);
    const answeredAt = Date.now();
    const next = await call(b.url, player, 'GET', '/api/me', { clientIp });
    expect(next.status).toBe(401);
    expect((next.body as { message: string }).message).toBe(MESSAGES.accountBlocked);
    const { code, at } = await closed;
    expect(code).toBe(SOCKET_CLOSE.sessionRevoked);
    expect(at - answeredAt).toBeLessThan(1000);
    expect(types).toContain('session_revoked');
  });

  it('a block through A while Redis restarts is refused on B at once, and its sockets close within 1 s of the bus being back', async () => {
    const clientIp = '198.51.100.41';
    const admin = await createMember(db!, 'admin', 'restart_admin');
    const { player, closed, types } = await playerOnB('restart_player', clientIp);

    await redis!.stop();
    // B knows its bus is away (its readiness says so): it reads sessions from the database.
    await waitFor('B to report degraded', async () => {
      const res = await call(b.url, null, 'GET', '/api/health/ready', { clientIp });
      return (res.body as { status: string }).status === 'degraded';
    });
    await block(admin, player, clientIp);
    const next = await call(b.url, player, 'GET', '/api/me', { clientIp });
    expect(next.status).toBe(401);
    expect((next.body as { message: string }).message).toBe(MESSAGES.accountBlocked);

    await redis!.start();
    let backAt = 0;
    await waitFor(
      "B's bus to be back",
      async () => {
        const res = await call(b.url, null, 'GET', '/api/health/ready', { clientIp });
        if ((res.body as { status: string }).status !== 'ok') return false;
        backAt = Date.now();
        return true;
      },
      { timeoutMs: 60_000 },
    );
    const { code, at } = await closed;
    expect(code).toBe(SOCKET_CLOSE.sessionRevoked);
    expect(at - backAt).toBeLessThan(1000);
    expect(types).toContain('session_revoked');

    // And the cache is trusted again: a new block through A reaches B as in the first case.
    const { player: other } = await playerOnB('after_restart', clientIp);
    await block(admin, other, clientIp);
    expect((await call(b.url, other, 'GET', '/api/me', { clientIp })).status).toBe(401);
  });
});
