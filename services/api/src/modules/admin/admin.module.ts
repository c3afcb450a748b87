import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountModerationFrom } from '../accounts/accounts.module';
import { dobCorrectionFrom } from '../profiles/profiles.module';
import { adminAccountsRoutes } from './admin.accounts.routes';
import { adminProfilesRoutes } from './admin.profiles.routes';

/** Administration (under `/api/admin`): administrators only, on every route. */
export const adminModule: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);
  app.addHook('onRequest', app.requireRole('admin'));
  await app.register(adminAccountsRoutes({ accounts: accountModerationFrom(app) }));
  await app.register(adminProfilesRoutes({ correctDob: dobCorrectionFrom(app) }));
};
