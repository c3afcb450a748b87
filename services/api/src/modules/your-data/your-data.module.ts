import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { googleVerifierFrom, sessionRevokerFrom } from '../auth/auth.module';
import { createDeletionService } from './your-data.deletion.service';
import { createExportService } from './your-data.export.service';
import { restoreRoutes } from './your-data.restore.routes';
import { yourDataRoutes } from './your-data.routes';

/**
 * The 'Your data' services wired from the root's decorators. A guardian route (supplement §14)
 * calls the same functions for a linked child after its own link check:
 * `exports.requestExport({ subjectId: childId, actorId: guardianId })`, `exports.status`,
 * `exports.openDownload(childId, exportId)` and
 * `deletion.deleteAccount({ subjectId: childId, actorId: guardianId, immediately })`.
 */
export function buildYourDataServices(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  return {
    exports: createExportService({ db, clock, storage: drivers.storage }),
    deletion: createDeletionService({
      db,
      clock,
      tokens: sessionRevokerFrom(app),
      google: googleVerifierFrom(app),
    }),
  };
}

/** Your data: exports and account deletion (signed in), and restoring a deleted account (public). */
export const yourDataModule: FastifyPluginAsyncZod = async (app) => {
  const services = buildYourDataServices(app);
  await app.register(restoreRoutes({ deletion: services.deletion }));
  await app.register(async (signedIn) => {
    signedIn.addHook('onRequest', signedIn.authenticate);
    await signedIn.register(yourDataRoutes(services));
  });
};
