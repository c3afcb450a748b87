import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reachRoutes } from './reach.routes';
import { createReachService } from './reach.service';

/** Reaching people outside the app (supplement §16): push, preferences, phone (signed in). */
export const reachModule: FastifyPluginAsyncZod = async (app) => {
  const { db, clock, drivers } = app;
  const reach = createReachService({
    db,
    clock,
    push: drivers.push,
    secretBox: drivers.secretBox,
    secret: app.secrets.codeSecret,
  });
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(reachRoutes(reach));
  });
};
