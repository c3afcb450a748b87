import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardianAskerFrom } from '../guardians/guardians.asker';
import { mediaUrlsFrom } from '../media/media.module';
import { sessionRoutes } from './session.routes';
import { createSessionService } from './session.service';

/** Session: the signed-in user's own data (`/api/me`) and the /welcome details. Signed-in. */
export const sessionModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  const session = createSessionService({
    db: app.db,
    mediaUrl: mediaUrlsFrom(app).publicUrl,
    askGuardian: guardianAskerFrom(app),
    forgetSessions: (userId) => app.forgetSessions(userId),
    forgetProfile: (userId) => app.forgetProfile(userId),
    views: app.sessionCache,
  });
  await app.register(sessionRoutes({ session }));
};
