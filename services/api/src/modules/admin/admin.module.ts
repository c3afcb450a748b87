import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountModerationFrom } from '../accounts/accounts.module';
import { dobCorrectionFrom } from '../profiles/profiles.module';
import { trialCancellationFrom } from '../trials/trials.module';
import { adminAcademiesRoutes } from './admin.academies.routes';
import { createAdminAcademiesService } from './admin.academies.service';
import { adminAccountsRoutes } from './admin.accounts.routes';
import { adminConsentsRoutes } from './admin.consents.routes';
import { createAdminConsentsService } from './admin.consents.service';
import { createAdminAuditService } from './admin.audit.service';
import { adminListsRoutes } from './admin.lists.routes';
import { createAdminPlayersService } from './admin.players.service';
import { adminProfilesRoutes } from './admin.profiles.routes';
import { adminQueuesRoutes } from './admin.queues.routes';
import { adminReportsRoutes } from './admin.reports.routes';
import { adminStatsRoutes } from './admin.stats.routes';
import { createAdminStatsService } from './admin.stats.service';
import { createAdminTakingsService } from './admin.takings.service';
import { adminTrialsCancelRoutes } from './admin.trials-cancel.routes';
import { createAdminTrialsService } from './admin.trials.service';

/** The administration's own services, built from the root's infrastructure. */
export function buildAdminServices(app: FastifyInstance) {
  const base = { db: app.db, clock: app.clock };
  return {
    stats: createAdminStatsService(base),
    academies: createAdminAcademiesService({ ...base, storage: app.drivers.storage }),
    players: createAdminPlayersService(base),
    trials: createAdminTrialsService(base),
    audit: createAdminAuditService(base),
    takings: createAdminTakingsService(base),
    consents: createAdminConsentsService(base),
  };
}

/** Administration (under `/api/admin`): administrators only, on every route. */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('admin'));
  const admin = buildAdminServices(app);
  await app.register(adminAccountsRoutes({ accounts: accountModerationFrom(app) }));
  await app.register(adminProfilesRoutes({ correctDob: dobCorrectionFrom(app) }));
  await app.register(adminStatsRoutes({ stats: admin.stats, takings: admin.takings }));
  await app.register(adminAcademiesRoutes({ academies: admin.academies }));
  await app.register(adminListsRoutes(admin));
  await app.register(
    adminTrialsCancelRoutes({ cancelTrial: trialCancellationFrom(app), trials: admin.trials }),
  );
  await app.register(adminConsentsRoutes({ consents: admin.consents }));
  await app.register(adminReportsRoutes);
  await app.register(adminQueuesRoutes);
};
