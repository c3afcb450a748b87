import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realtimeRoutes } from './realtime.routes';

/**
 * Realtime: the socket endpoint (`/ws/notifications/:userId/`, outside `/api`). The hub itself
 * is infrastructure (`plugins/realtime.ts`, `app.realtime`). No authenticate hook: a browser
 * cannot send an Authorization header with an upgrade, so the route verifies the token offered
 * as a sub-protocol (or query) value with `app.verifyAccess` before the upgrade completes.
 */
export const realtimeModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(realtimeRoutes);
};
