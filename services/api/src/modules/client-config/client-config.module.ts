import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigRoutes } from './client-config.routes';

/** The client configuration the web app reads before anyone signs in. Public. */
export const clientConfigModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(clientConfigRoutes);
};
