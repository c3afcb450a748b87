import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrlsFrom } from '../media/media.module';
import { socialGraphFrom } from '../social/social.module';
import { searchRoutes } from './search.routes';
import { createSearchService } from './search.service';

/** Search: people (and later trials) for the signed-in user, with their relationship. */
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
