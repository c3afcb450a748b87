import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import type { FastifyPluginAsync } from 'fastify';
import { ADMIN_OPS_LIMITS, ADMIN_OPS_MESSAGES, ERROR_CODES } from '@touchline/shared';
import { BOARD_COOKIE, BOARD_PATH, cookieValue, createBoardAuth } from './admin.queues.board-auth';
import { serveBoardPage } from './admin.queues.board-page';

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
      const secure = request.protocol === 'https' ? '; Secure' : '';
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
    board.addHook('onRequest', async (request, reply) => {
      if (await auth.allowed(cookieValue(request.headers.cookie, BOARD_COOKIE))) return;
      return reply
        .status(401)
        .send({ message: ADMIN_OPS_MESSAGES.boardSignIn, code: ERROR_CODES.unauthorized });
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
