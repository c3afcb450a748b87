import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devJobsRoutes } from './dev-jobs.routes';

/** Development jobs: public, and registered only outside production mode (see app.ts). */
export const devJobsModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(devJobsRoutes);
};
