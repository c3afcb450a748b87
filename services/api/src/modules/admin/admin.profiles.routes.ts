import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dobCorrectionResponseSchema,
  dobCorrectionSchemaAt,
  errorBodySchema,
} from '@touchline/shared';
import type { DobCorrection } from '../profiles/profiles.module';

const params = z.object({ id: z.string().uuid() });

/**
 * Administrators correct what players cannot change themselves: the date of birth, locked once
 * set (supplement §13). Every correction is written to `admin_audit` with its reason.
 */
export function adminProfilesRoutes(deps: { correctDob: DobCorrection }): FastifyPluginAsyncZod {
  return async (app) => {
    app.put(
      '/users/:id/dob',
      {
        schema: {
          tags: ['admin'],
          summary: 'Correct a player’s date of birth (audited with the reason)',
          security: [{ bearer: [] }],
          params,
          body: dobCorrectionSchemaAt(app.clock),
          response: {
            200: dobCorrectionResponseSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
            404: errorBodySchema,
          },
        },
      },
      async (request) => ({
        message: 'Date of birth corrected',
        ...(await deps.correctDob(request.auth, request.params.id, request.body)),
      }),
    );
  };
}
