import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  adminTrialCancelledSchema,
  adminTrialCancelQuerySchema,
  errorBodySchema,
} from '@touchline/shared';
import type { TrialCancellation } from '../trials/trials.module';
import type { AdminTrialsService } from './admin.trials.service';

const params = z.object({ id: z.string().uuid() });

/**
 * An administrator cancels a trial with a reason (supplement §10): through the trials module's
 * own cancellation (the registrants are told in-app and by e-mail, succeeded payments refunded,
 * exactly as when the academy cancels), with the `trial.cancelled` audit record in the same
 * transaction. Answers the trial as the administrators' list shows it.
 */
export function adminTrialsCancelRoutes(deps: {
  cancelTrial: TrialCancellation;
  trials: Pick<AdminTrialsService, 'get'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.delete(
      '/trials/:id',
      {
        schema: {
          tags: ['admin'],
          summary:
            'Cancel a trial with a `reason` (registrants told in-app and by e-mail, payments refunded); audited',
          security: [{ bearer: [] }],
          params,
          querystring: adminTrialCancelQuerySchema,
          response: {
            200: adminTrialCancelledSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
            409: errorBodySchema,
          },
        },
      },
      async (request) => {
        const { id } = request.params;
        await deps.cancelTrial(request.auth.userId, id, request.query.reason);
        const trial = await deps.trials.get(id);
        return { message: ADMIN_MESSAGES.trialCancelled, trial: trial! };
      },
    );
  };
}
