import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { commonErrors } from '../../lib/app-error';
import type { SessionSweep } from './realtime.session-sweep';

const JWT_SHAPE = /^[\w-]+\.[\w-]+\.[\w-]+$/;

/**
 * The token travels only as a `Sec-WebSocket-Protocol` value (`['bearer', token]`, what the web
 * client sends). Never in the URL: URLs end up in access logs, proxies and browser history.
 */
function tokenFrom(protocolHeader: string | undefined) {
  const offered = (protocolHeader ?? '').split(',').map((p) => p.trim());
  return offered.find((p) => JWT_SHAPE.test(p));
}

/**
 * `GET /ws/notifications/{userId}/`: upgraded only for a valid access token whose subject is
 * `userId`; everything else is refused with 401 before the upgrade.
 */
export const realtimeRoutes: FastifyPluginAsyncZod<{
  sweep: Pick<SessionSweep, 'track'>;
}> = async (app, { sweep }) => {
  /** When each upgraded request's token expires: the hub re-checks the session then. */
  const tokenExpiry = new WeakMap<object, Date>();
  app.get(
    '/ws/notifications/:userId/',
    {
      websocket: true,
      schema: {
        hide: true,
        params: z.object({ userId: z.string().uuid() }),
        querystring: z.object({
          since: z.coerce.number().int().min(0).optional(),
          /** Named only to refuse it: a token in the URL (the old fallback) is never accepted. */
          token: z.string().max(4096).optional(),
        }),
      },
      preValidation: async (request) => {
        const { userId } = request.params as { userId: string };
        if ((request.query as { token?: string }).token !== undefined)
          throw commonErrors.unauthorized(
            'Send the access token as a Sec-WebSocket-Protocol value, never in the URL',
          );
        const token = tokenFrom(request.headers['sec-websocket-protocol']);
        if (!token)
          throw commonErrors.unauthorized('Authentication credentials were not provided.');
        const auth = await app.verifyAccess(token);
        if (auth.userId !== userId)
          throw commonErrors.forbidden('This is not your notification channel');
        request.auth = auth;
        const exp = app.jwt.decode<{ exp?: number }>(token)?.exp;
        if (exp) tokenExpiry.set(request, new Date(exp * 1000));
      },
    },
    async (socket, request) => {
      sweep.track(socket, { userId: request.auth.userId, sessionId: request.auth.sessionId });
      await app.realtime.attach(socket, {
        userId: request.auth.userId,
        sessionId: request.auth.sessionId,
        since: request.query.since,
        tokenExpiresAt: tokenExpiry.get(request),
      });
    },
  );
};
