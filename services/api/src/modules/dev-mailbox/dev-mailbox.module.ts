import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { devMailboxRoutes } from './dev-mailbox.routes';
import { createDevMailboxService } from './dev-mailbox.service';

/**
 * Development mailbox: public, and registered only outside production mode (the one condition
 * in app.ts's module list).
 */
export const devMailboxModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(devMailboxRoutes({ mailbox: createDevMailboxService({ db: app.db }) }));
};
