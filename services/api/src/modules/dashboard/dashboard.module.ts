import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardRoutes } from './dashboard.routes';
import { createDashboardService } from './dashboard.service';

/** The academy dashboard: read-only figures for the signed-in academy. */
export const dashboardModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const dashboard = createDashboardService({ db: app.db, clock: app.clock });
  await app.register(dashboardRoutes({ dashboard }));
};
