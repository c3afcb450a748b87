import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paymentStarterFrom } from '../payments/payments.module';
import { approvalsRoutes } from './trials.approvals.routes';
import { createApprovalsService } from './trials.approvals.service';
import { checkInRoutes } from './trials.checkin.routes';
import { createCheckInService } from './trials.checkin.service';
import { evaluationsRoutes } from './trials.evaluations.routes';
import { createEvaluationsService } from './trials.evaluations.service';
import { trialsRoutes } from './trials.routes';
import { registrationsRoutes } from './trials.registrations.routes';
import { createRegistrationsService } from './trials.registrations.service';
import { createTrialsService } from './trials.service';
import { createTrialViews } from './trials.views';
import { multipartPlugin } from '../../plugins/multipart';

/** The trials services (trials, registrations) wired from the root's decorators. */
export function buildTrialsServices(app: FastifyInstance) {
  const { db, clock, drivers } = app;
  const views = createTrialViews(drivers.storage);
  return {
    trials: createTrialsService({
      db,
      clock,
      storage: drivers.storage,
      views,
      onStorageError: (err) => app.log.warn({ err }, 'trial poster file not deleted'),
    }),
    registrations: createRegistrationsService({
      db,
      clock,
      views,
      provider: drivers.payments.kind,
      payments: paymentStarterFrom(app), // payments' capability
    }),
    approvals: createApprovalsService({
      db,
      clock,
      provider: drivers.payments.kind,
      payments: paymentStarterFrom(app),
    }),
    checkIn: createCheckInService({ db, clock }),
    evaluations: createEvaluationsService({ db, clock }),
  };
}

/** What administration may ask of trials: cancelling any trial (refunds, notices, audited). */
export type TrialCancellation = ReturnType<typeof buildTrialsServices>['trials']['cancelByAdmin'];

/** The administrators' trial cancellation, for the admin module. */
export function trialCancellationFrom(app: FastifyInstance): TrialCancellation {
  return buildTrialsServices(app).trials.cancelByAdmin;
}

/**
 * Trials and registrations: every route is signed-in; academies' and players' routes are narrowed
 * with `requireRole` in the route files.
 */
export const trialsModule: FastifyPluginAsyncZod = async (app) => {
  // Its routes take multipart forms (uploads): the parser and its hooks are this module's own.
  await app.register(multipartPlugin);
  app.addHook('onRequest', app.authenticate);
  const { trials, registrations, approvals, checkIn, evaluations } = buildTrialsServices(app);
  await app.register(trialsRoutes({ trials }));
  await app.register(registrationsRoutes({ registrations }));
  await app.register(approvalsRoutes({ approvals }));
  await app.register(checkInRoutes({ checkIn }));
  await app.register(evaluationsRoutes({ evaluations }));
};
