import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attendanceResponseSchema,
  checkInBodySchema,
  checkInResponseSchema,
  errorBodySchema,
} from '@touchline/shared';
import type { CheckInService } from './trials.checkin.service';

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
 * Trial day (supplement §17): `POST /api/trial/{id}/check_in {reference_code}` and
 * `GET /api/trial/{id}/attendance`, the owning academy only (another academy 403, players 403).
 */
export function checkInRoutes(deps: { checkIn: CheckInService }): FastifyPluginAsyncZod {
  const { checkIn } = deps;
  return async (app) => {
    const academies = app.requireRole('academy');

    app.post(
      '/trial/:id/check_in',
      {
        onRequest: academies,
        config: { rateLimit: { max: 120, timeWindow: 60_000 } },
        schema: {
          tags,
          summary:
            "Check a registrant of your trial in by reference code; a second check-in answers 'Already checked in' (200)",
          security,
          params: idParams,
          body: checkInBodySchema,
          response: { 200: checkInResponseSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request) =>
        checkIn.checkIn(request.auth, request.params.id, request.body.reference_code),
    );

    app.get(
      '/trial/:id/attendance',
      {
        onRequest: academies,
        schema: {
          tags,
          summary: 'Who of your trial’s registrants checked in, who not yet, who did not attend',
          security,
          params: idParams,
          response: { 200: attendanceResponseSchema, ...errors },
        },
      },
      async (request) => checkIn.attendance(request.auth, request.params.id),
    );
  };
}
