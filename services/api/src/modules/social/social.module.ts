import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mediaUrlsFrom } from '../media/media.module';
import { socialRoutes } from './social.routes';
import { createSocialService, type SocialService } from './social.service';

/**
 * What other modules may ask of the social graph: who may see whom (blocks), how many friends
 * or followers someone has, and the viewer's relationships to a list of people.
 */
export type SocialGraph = Pick<
  SocialService,
  'canSee' | 'countFriends' | 'countFollowers' | 'relationshipsOf' | 'seesFullProfile'
>;

/** The social graph read from the root's database (profiles, search). */
export function socialGraphFrom(app: FastifyInstance): SocialGraph {
  return createSocialService({ db: app.db, clock: app.clock });
}

/** Social: friends, follows and blocks of the signed-in user. */
export const socialModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  await app.register(
    socialRoutes({
      social: createSocialService({ db: app.db, clock: app.clock }),
      media: mediaUrlsFrom(app),
    }),
  );
};
