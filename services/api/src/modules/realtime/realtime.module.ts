import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findSessionAuth } from '@touchline/db/auth';
import { realtimeRoutes } from './realtime.routes';
import { createSessionSweep } from './realtime.session-sweep';

/**
 * Realtime: the socket endpoint (`/ws/notifications/:userId/`, outside `/api`). The hub itself
 * is infrastructure (`plugins/realtime.ts`, `app.realtime`). No authenticate hook: a browser
 * cannot send an Authorization header with an upgrade, so the route verifies the token offered
 * as a sub-protocol (or query) value with `app.verifyAccess` before the upgrade completes.
 */
export const realtimeModule: FastifyPluginAsyncZod = async (app) => {
  // Sockets whose session ended during a bus outage close once the bus is back (decision 44).
  const sweep = createSessionSweep({
    bus: app.drivers.bus,
    logger: app.log,
    sessionLive: async (userId, sessionId) => {
      const session = await findSessionAuth(app.db, { id: sessionId, userId }, app.clock());
      return Boolean(session?.live && session.isActive);
    },
  });
  app.addHook('onClose', async () => sweep.close());
  await app.register(realtimeRoutes, { sweep });
};
