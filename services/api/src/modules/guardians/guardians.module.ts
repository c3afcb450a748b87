import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildAuthServices } from '../auth/auth.module';
import { mediaUrlsFrom } from '../media/media.module';
import { buildYourDataServices } from '../your-data/your-data.module';
import { guardianAskerFrom } from './guardians.asker';
import { guardianPublicRoutes, guardianRoutes } from './guardians.routes';
import { createGuardiansService } from './guardians.service';

/**
 * Guardians and consent (supplement §14): the public consent page and guardian signup, the
 * child's 'Resend to my guardian', and the guardian's own routes (linked children only).
 */
export const guardiansModule: FastifyPluginAsyncZod = async (app) => {
  const { codes, tokens } = buildAuthServices(app);
  const yourData = buildYourDataServices(app);
  const guardians = createGuardiansService({
    db: app.db,
    clock: app.clock,
    askGuardian: guardianAskerFrom(app),
    codes,
    mediaUrl: mediaUrlsFrom(app).publicUrl,
    freeze: ({ subjectId, actorId }) =>
      yourData.deletion.deleteAccount({ subjectId, actorId, immediately: false }),
    forgetSessions: (userId) => tokens.forget(userId),
  });
  await app.register(guardianPublicRoutes({ guardians }));
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(
      guardianRoutes({ guardians, exports: yourData.exports, deletion: yourData.deletion }),
    );
  });
};
