import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrlsFrom } from '../media/media.module';
import { socialGraphFrom } from '../social/social.module';
import { searchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Search: people (with their relationship) and open trials, for the signed-in user. */
export const searchModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const search = createSearchService({
    db: app.db,
    clock: app.clock,
    media: mediaUrlsFrom(app),
    social: socialGraphFrom(app),
  });
  await app.register(searchRoutes({ search }));
};
