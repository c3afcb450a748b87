import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientConfigRoutes } from './platform.routes';

/** Platform: the client configuration the web app reads before anyone signs in. Public. */
export const platformModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(clientConfigRoutes);
};
