import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes } from './health.routes';

/** Health: liveness and readiness for the load balancer. Public. */
export const healthModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(healthRoutes);
};
