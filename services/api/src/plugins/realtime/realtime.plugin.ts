import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import { createPublisher, type Publisher } from '@touchline/delivery';
import { findSessionAuth } from '@touchline/db/auth';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/user-events';
import { LIMITS, SOCKET_CLOSE, type StoredServerEvent } from '@touchline/shared';
import type { FastifyInstance } from 'fastify';
import { createRealtimeHub, type RealtimeHub } from './realtime.hub';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
    /** The one publisher (@touchline/delivery): stored events to their users' tabs after commit. */
    publisher: Publisher;
  }
}

export type RealtimePluginOptions = { heartbeatMs?: number };

/** The socket server and this instance's realtime hub (see realtime.hub.ts beside it). */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app, options) => {
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
    await app.register(websocket, {
      // On app.close(), the hub says goodbye first (1001 'server shutting down', its timers and
      // subscriptions end); @fastify/websocket's default would close every socket with no code.
      preClose: async function closeSockets(this: FastifyInstance) {
        await hub.close();
        for (const client of this.websocketServer.clients)
          client.close(SOCKET_CLOSE.serverShutdown, 'server shutting down');
        // As the default does: no new handshakes (ws answers them 503 once closed).
        this.websocketServer.close();
      },
      options: {
        maxPayload: 64 * 1024,
        // The browser sends the access token as a sub-protocol value next to 'bearer'; the
        // handshake must echo a protocol the client offered, so we answer 'bearer'.
        handleProtocols: (protocols: Set<string>) => (protocols.has('bearer') ? 'bearer' : false),
      },
    });
    app.decorate('realtime', hub);
    app.decorate(
      'publisher',
      createPublisher({
        send: (userId, event) => hub.publishStored(userId, event),
        // Every instance forgets the users' remembered `GET /api/me` first (decision 63).
        unreadChanged: (userIds) => app.sessionCache.invalidate({ profilesOf: userIds }),
        logger: app.log,
      }),
    );
  },
  { name: 'realtime', dependencies: ['dependencies', 'auth'] },
);
