import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { countAchievements } from '@touchline/db/profiles';
import { mediaUrlsFrom } from '../media/media.module';
import { visiblePostCountFrom } from '../posts/posts.module';
import { socialGraphFrom } from '../social/social.module';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesService } from './profiles.service';
import { multipartPlugin } from '../../plugins/multipart';

/**
 * The profiles service wired from the root's decorators. A profile shows numbers other domains
 * own (friends and followers from social, posts from posts): it asks their narrow interfaces.
 */
export function buildProfilesService(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  const social = socialGraphFrom(app);
  const postCount = visiblePostCountFrom(app);
  return createProfilesService({
    db,
    clock,
    storage: drivers.storage,
    media: mediaUrlsFrom(app),
    countsProvider: async (user) => ({
      friends: user.role === 'player' ? await social.countFriends(user.id) : 0,
      followers: user.role === 'academy' ? await social.countFollowers(user.id) : 0,
      posts: await postCount(user.id),
      achievements: await countAchievements(db, user.id),
    }),
    canView: social.canSee,
    seesFullProfile: social.seesFullProfile,
    onStorageError: (err) => app.log.warn({ err }, 'replaced media file not deleted'),
    forgetProfile: (userId) => app.forgetProfile(userId),
  });
}

/** What administration may ask of profiles: correcting a locked date of birth (audited). */
export type DobCorrection = ProfilesService['correctDob'];

export function dobCorrectionFrom(app: FastifyInstance): DobCorrection {
  return buildProfilesService(app).correctDob;
}

/** Profiles, photos, achievements and experience: every route is signed-in. */
export const profilesModule: FastifyPluginAsyncZod = async (app) => {
  // Its routes take multipart forms (uploads): the parser and its hooks are this module's own.
  await app.register(multipartPlugin);
  app.addHook('onRequest', app.authenticate);
  await app.register(profilesRoutes({ profiles: buildProfilesService(app) }));
};
