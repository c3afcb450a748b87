import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthSchema } from '@touchline/shared';

const withTimeout = <T>(promise: Promise<T>, ms: number, fallback: T) =>
  Promise.race([
    promise.catch(() => fallback),
    new Promise<T>((r) => setTimeout(() => r(fallback), ms)),
  ]);

/** `GET /api/health`: the database, queue and bus answer (200), or which do not (503). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const started = Date.now();
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        tags: ['platform'],
        summary: 'Liveness and readiness of the database, queue and realtime bus',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const { queue, bus, storage, mail } = app.drivers;
      const [database, queueOk, busOk] = await Promise.all([
        withTimeout(app.database.ping(), 2000, false),
        withTimeout(queue.ping(), 2000, false),
        withTimeout(bus.ping(), 2000, false),
      ]);
      const healthy = database && queueOk && busOk;
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'degraded',
        mode: {
          database: app.database.kind,
          queue: queue.kind,
          bus: bus.kind,
          storage: storage.kind,
          mail: mail.kind,
        },
        checks: { database, queue: queueOk, bus: busOk },
        uptime_s: Math.round((Date.now() - started) / 1000),
      });
    },
  );
};
