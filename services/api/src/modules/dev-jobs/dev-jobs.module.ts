import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devJobsRoutes } from './dev-jobs.routes';
import { createDevJobsService } from './dev-jobs.service';

/** Development jobs: public, and registered only outside production mode (see app.ts). */
export const devJobsModule: FastifyPluginAsyncZod = async (app) => {
  const devJobs = createDevJobsService({ db: app.db, clock: app.clock, queue: app.drivers.queue });
  await app.register(devJobsRoutes({ devJobs }));
};
