import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { findSessionAuth } from '@touchline/db/auth';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/platform';
import { LIMITS, type StoredServerEvent } from '@touchline/shared';
import { createRealtimeHub, type RealtimeHub } from '../modules/realtime/realtime.hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

export type RealtimePluginOptions = { heartbeatMs?: number };

/** The socket server and this instance's realtime hub (see realtime.hub.ts). */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, options) => {
    await app.register(websocket, {
      options: {
        maxPayload: 64 * 1024,
        // The browser sends the access token as a sub-protocol value next to 'bearer'; the
        // handshake must echo a protocol the client offered, so we answer 'bearer'.
        handleProtocols: (protocols: Set<string>) => (protocols.has('bearer') ? 'bearer' : false),
      },
    });
    const hub = createRealtimeHub({
      bus: app.drivers.bus,
      presence: app.drivers.presence,
      logger: app.log,
      heartbeatMs: options.heartbeatMs,
      loadSince: async (userId, since, limit) =>
        (await listUserEventsSince(app.db, userId, since, limit)).map(
          (row) => ({ type: row.type, seq: row.seq, data: row.data }) as StoredServerEvent,
        ),
      lastSeq: (userId) => lastUserSeq(app.db, userId),
      sessionLive: async (userId, sessionId) => {
        const session = await findSessionAuth(app.db, { id: sessionId, userId }, app.clock());
        return Boolean(session?.live && session.isActive);
      },
      recheckMs: LIMITS.accessTokenTtlSeconds * 1000,
    });
    app.decorate('realtime', hub);
    app.addHook('preClose', async () => {
      await hub.close();
    });
  },
  { name: 'realtime', dependencies: ['platform'] },
);
