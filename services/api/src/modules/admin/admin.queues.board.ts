import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_OPS_LIMITS, ADMIN_OPS_MESSAGES, ERROR_CODES } from '@touchline/shared';
import { BOARD_COOKIE, BOARD_PATH, cookieValue, createBoardAuth } from './admin.queues.board-auth';
import { serveBoardPage } from './admin.queues.board-page';
import { insertAdminAudit } from '@touchline/db/admin';
import { redactUrl } from '../../lib/log-redaction';

export { BOARD_PATH };

/**
 * The BullMQ board (bull-board) at `/admin/queues/board`, in the scaled mode only (there is no
 * BullMQ without Redis; the embedded mode's queues are on the Queues screen). Outside `/api`, so
 * it is reached by a plain navigation: `GET auth?token=` swaps a link from
 * `GET /api/admin/queues/board_link` for the board's cookie, and every other board request
 * (page, files, its JSON API) needs that cookie of an active administrator, else 401. The board
 * has its own Content-Security-Policy, all 'self', and its fonts from the board's path
 * (`admin.queues.board-page.ts`).
 */
export const queueBoardPlugin: FastifyPluginAsync = async (app) => {
  const queue = app.drivers.queue;
  if (queue.kind !== 'bullmq') return;
  // Loaded only when there is a board to show: an embedded start does not load bull-board.
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/fastify'),
  ]);
  const auth = createBoardAuth({ db: app.db, secret: app.secrets.jwtSecret, clock: app.clock });

  app.get<{ Querystring: { token?: string } }>(
    '/auth',
    { schema: { hide: true } },
    async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : undefined;
      const session = await auth.session(token);
      if (!session) {
        return reply
          .status(401)
          .send({ message: ADMIN_OPS_MESSAGES.boardSignIn, code: ERROR_CODES.unauthorized });
      }
      // Secure over TLS: the request's own (behind a trusted proxy, its X-Forwarded-Proto) or
      // the site's public address (a TLS proxy this instance does not trust for addresses).
      const tls = request.protocol === 'https' || app.config.PUBLIC_URL.startsWith('https:');
      const secure = tls ? '; Secure' : '';
      return reply
        .header(
          'set-cookie',
          `${BOARD_COOKIE}=${session}; Path=${BOARD_PATH}; Max-Age=${ADMIN_OPS_LIMITS.boardSessionSeconds}; HttpOnly; SameSite=Strict${secure}`,
        )
        .header('cache-control', 'no-store')
        .redirect(`${BOARD_PATH}/`, 303);
    },
  );

  await app.register(async (board) => {
    // The board's own CSP and local fonts (the app's policy would block its Google Fonts link).
    serveBoardPage(board);
    const actors = new WeakMap<object, string>();
    board.addHook('onRequest', async (request, reply) => {
      const adminId = await auth.allowed(cookieValue(request.headers.cookie, BOARD_COOKIE));
      if (adminId) {
        actors.set(request, adminId);
        return;
      }
      return reply
        .status(401)
        .send({ message: ADMIN_OPS_MESSAGES.boardSignIn, code: ERROR_CODES.unauthorized });
    });
    // What an administrator does on the board (retry, promote, clean, remove, pause…) joins the
    // admin audit log like the Queues screen's actions (issue 25). Written before the answer goes
    // out (onSend), so whoever sees the answer finds the entry: after it (onResponse), a reader
    // of the log right after the answer could miss it.
    board.addHook('onSend', async (request, reply, payload) => {
      const adminId = actors.get(request);
      if (!adminId || request.method === 'GET' || request.method === 'HEAD') return payload;
      if (reply.statusCode >= 400) return payload;
      try {
        await insertAdminAudit(app.db, {
          actorId: adminId,
          action: 'queues.board_action',
          targetUserId: null,
          reason: '',
          details: {
            method: request.method,
            path: redactUrl(request.url).slice(BOARD_PATH.length),
            status: reply.statusCode,
          },
        });
      } catch (err) {
        request.log.error({ err }, 'board action not audited');
      }
      return payload;
    });
    const serverAdapter = new FastifyAdapter();
    serverAdapter.setBasePath(BOARD_PATH);
    createBullBoard({
      queues: queue.getBullQueues().map((q) => new BullMQAdapter(q)),
      serverAdapter,
      options: { uiConfig: { boardTitle: 'Touchline queues' } },
    });
    await board.register(serverAdapter.registerPlugin());
  });
};
