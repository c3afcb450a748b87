import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/app-error';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/** The token travels as a `Sec-WebSocket-Protocol` value (browsers) or as `?token=`. */
function tokenFrom(protocolHeader: string | undefined, queryToken: string | undefined) {
  const offered = (protocolHeader ?? '').split(',').map((p) => p.trim());
  return offered.find((p) => JWT_SHAPE.test(p)) ?? queryToken;
}

/**
 * `GET /ws/notifications/{userId}/`: upgraded only for a valid access token whose subject is
 * `userId`; everything else is refused with 401 before the upgrade.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/ws/notifications/:userId/',
    {
      websocket: true,
      schema: {
        hide: true,
        params: z.object({ userId: z.string().uuid() }),
        querystring: z.object({
          since: z.coerce.number().int().min(0).optional(),
          token: z.string().max(4096).optional(),
        }),
      },
      preValidation: async (request) => {
        const { userId } = request.params as { userId: string };
        const { token: queryToken } = request.query as { token?: string };
        const token = tokenFrom(request.headers['sec-websocket-protocol'], queryToken);
        if (!token)
          throw commonErrors.unauthorized('Authentication credentials were not provided.');
        const auth = await app.verifyAccess(token);
        if (auth.userId !== userId)
          throw commonErrors.forbidden('This is not your notification channel');
        request.auth = auth;
      },
    },
    async (socket, request) => {
      await app.realtime.attach(socket, {
        userId: request.auth.userId,
        sessionId: request.auth.sessionId,
        since: request.query.since,
      });
    },
  );
};
