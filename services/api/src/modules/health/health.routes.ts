import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema, livenessSchema } from '@touchline/shared';

const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((r) => setTimeout(() => r(fallback), ms)),
  ]);

/**
 * Health for load balancers and operators:
 * - `GET /api/health/live`: the process answers (no I/O), for restart decisions;
 * - `GET /api/health/ready`: the database answers (200), else 503, for routing decisions. The
 *   queue and bus (Redis in the scaled mode) only make it `degraded`: every change commits with
 *   its outbox row, which waits for Redis, so taking the instance out would help nobody;
 * - `GET /api/health`: the same report as readiness (kept for existing checks and operators).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = Date.now();
  const uptime = () => Math.round((Date.now() - started) / 1000);
  const probe = { tags: ['deployment'], response: { 200: healthSchema, 503: healthSchema } };

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['deployment'],
        summary: 'Liveness: the process answers (no dependency is asked)',
        response: { 200: livenessSchema },
      },
    },
    async () => ({ status: 'ok' as const, uptime_s: uptime() }),
  );

  const readiness = async () => {
    const { queue, bus, storage, mail } = app.drivers;
    const [database, queueOk, busOk] = await Promise.all([
      withTimeout(app.database.ping(), 2000, false),
      withTimeout(queue.ping(), 2000, false),
      withTimeout(bus.ping(), 2000, false),
    ]);
    const status = !database ? 'down' : queueOk && busOk ? 'ok' : 'degraded';
    return {
      code: database ? (200 as const) : (503 as const),
      body: {
        status,
        mode: {
          database: app.database.kind,
          queue: queue.kind,
          bus: bus.kind,
          storage: storage.kind,
          mail: mail.kind,
        },
        checks: { database, queue: queueOk, bus: busOk },
        uptime_s: uptime(),
      } as const,
    };
  };

  for (const [url, summary] of [
    ['/health/ready', 'Readiness: the database answers (200, `degraded` without Redis), else 503'],
    ['/health', 'Readiness, as `/api/health/ready` (database, queue and realtime bus)'],
  ] as const) {
    app.get(
      url,
      { config: { rateLimit: false }, schema: { ...probe, summary } },
      async (_request, reply) => {
        const { code, body } = await readiness();
        return reply.status(code).send(body);
      },
    );
  }
};
