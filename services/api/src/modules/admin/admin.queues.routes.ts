import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMIN_OPS_MESSAGES,
  adminBoardLinkSchema,
  adminQueueParamsSchema,
  adminQueuesSchema,
  errorBodySchema,
  messageSchema,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { createBoardAuth } from './admin.queues.board-auth';
import { createAdminQueuesService } from './admin.queues.service';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 401: errorBodySchema, 403: errorBodySchema };

/**
 * `/api/admin/queues…`: per-queue counts and failed jobs, the outbox's lag, retry and remove
 * (audited), and the link that opens the BullMQ board in the scaled mode. The services are built
 * from `app` (the admin module registers this plugin as is).
 */
export const adminQueuesRoutes: FastifyPluginAsyncZod = async (app) => {
  const queues = createAdminQueuesService({
    db: app.db,
    driver: app.drivers.queue.kind,
    queue: app.drivers.queue.admin,
  });
  const board = createBoardAuth({ db: app.db, secret: app.secrets.jwtSecret, clock: app.clock });

  app.get(
    '/queues',
    {
      schema: {
        tags,
        summary:
          'Job queues: per queue waiting/active/delayed/failed/completed and its failed jobs (reason, attempts, times, payload), the outbox lag and dead-lettered events',
        security,
        response: { 200: adminQueuesSchema, ...errors },
      },
    },
    async (_request, reply) =>
      reply.header('cache-control', 'no-store').send(await queues.overview()),
  );

  app.post(
    '/queues/:queue/jobs/:id/retry',
    {
      schema: {
        tags,
        summary: 'Run a failed job again, its attempts reset; audited (`job.retried`)',
        security,
        params: adminQueueParamsSchema,
        response: {
          200: messageSchema,
          400: errorBodySchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => queues.retry(request.auth.userId, request.params.queue, request.params.id),
  );

  app.delete(
    '/queues/:queue/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Remove a job that is not running; audited (`job.removed`)',
        security,
        params: adminQueueParamsSchema,
        response: {
          200: messageSchema,
          400: errorBodySchema,
          ...errors,
          404: errorBodySchema,
          409: errorBodySchema,
        },
      },
    },
    async (request) => queues.remove(request.auth.userId, request.params.queue, request.params.id),
  );

  app.get(
    '/queues/board_link',
    {
      schema: {
        tags,
        summary:
          'A one-minute link that opens the BullMQ board (`/admin/queues/board`) in this browser; scaled mode only (404 otherwise)',
        security,
        response: { 200: adminBoardLinkSchema, ...errors, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      if (app.drivers.queue.kind !== 'bullmq') {
        throw commonErrors.notFound(ADMIN_OPS_MESSAGES.boardUnavailable);
      }
      return reply
        .header('cache-control', 'no-store')
        .send(board.link(request.auth.userId, request.auth.sessionId));
    },
  );
};
