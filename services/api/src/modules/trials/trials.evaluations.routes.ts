import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, evaluationBodySchema, evaluationSchema } from '@touchline/shared';
import type { EvaluationsService } from './trials.evaluations.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const security = [{ bearer: [] }];
const tags = ['trials'];
const idParams = z.object({ id: z.string().uuid() });

/**
 * `GET|PUT /api/player_trial/{id}/evaluation` (supplement §17): the trial's academy scores,
 * notes, measures and shares. Players read shared ones as `feedback` on `trial_history`.
 */
export function evaluationsRoutes(deps: {
  evaluations: EvaluationsService;
}): FastifyPluginAsyncZod {
  const { evaluations } = deps;
  return async (app) => {
    const academies = app.requireRole('academy');

    app.get(
      '/player_trial/:id/evaluation',
      {
        onRequest: academies,
        schema: {
          tags,
          summary: 'Your evaluation of one registrant of your trial (empty until saved)',
          security,
          params: idParams,
          response: { 200: evaluationSchema, ...errors },
        },
      },
      async (request) => evaluations.get(request.auth, request.params.id),
    );

    app.put(
      '/player_trial/:id/evaluation',
      {
        onRequest: academies,
        schema: {
          tags,
          summary:
            'Score (1–5, up to 6 criteria), note and measure a registrant on or after the trial day; `share_with_player` makes it their feedback report',
          security,
          params: idParams,
          body: evaluationBodySchema,
          response: {
            200: z.object({ message: z.string(), evaluation: evaluationSchema }),
            ...errors,
            409: errorBodySchema,
          },
        },
      },
      async (request) => evaluations.save(request.auth, request.params.id, request.body),
    );
  };
}
