import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dobField,
  errorBodySchema,
  guardianContactFields,
  todayInLagos,
  resolveSports,
  sessionUserSchema,
  signupStep2Schema,
} from '@touchline/shared';
import { parseOrThrow } from '../../lib/form';
import { serializeFrozenOnce } from '../../lib/serialize-once';
import { guardianContactFor } from '../guardians/guardians.contact';
import type { SessionService } from './session.service';

/**
 * The signed-in user's own session data (`GET /api/me`) and the first-run details of the
 * /welcome screen (`POST /api/welcome`: date of birth, state, LGA, sport) for accounts created
 * with Google. The profiles slice adds the full `POST /api/profile`.
 */
export function sessionRoutes(deps: { session: SessionService }): FastifyPluginAsyncZod {
  const { session } = deps;
  return async (app) => {
    // A remembered answer (frozen) is stringified once, not on every page load (decision 63).
    app.setSerializerCompiler(serializeFrozenOnce);

    app.get(
      '/me',
      {
        // A few hundred bytes, below the compression threshold: no compression hooks on the
        // app's most frequent request (decision 69).
        compress: false,
        schema: {
          tags: ['session'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: sessionUserSchema, 401: errorBodySchema },
        },
      },
      async (request) => session.view(request.auth.userId),
    );

    app.post(
      '/welcome',
      {
        onRequest: app.requireRole('player'),
        schema: {
          tags: ['session'],
          summary: 'Complete a new account: date of birth, state, LGA and sport',
          security: [{ bearer: [] }],
          body: z.object({
            dob: z.string().optional(),
            state: z.string().optional(),
            district: z.string().optional(),
            sport: z.string().optional(),
            customSport: z.string().optional(),
            guardian_email: z.string().optional(),
            guardian_phone: z.string().optional(),
          }),
          response: {
            200: sessionUserSchema,
            400: errorBodySchema,
            401: errorBodySchema,
            403: errorBodySchema,
          },
        },
      },
      async (request) => {
        const dob = parseOrThrow(z.object({ dob: dobField(app.clock) }), request.body).dob;
        const place = parseOrThrow(signupStep2Schema, request.body);
        const me = await session.view(request.auth.userId);
        // The guardian is asked at the first /welcome (the date of birth is then set and locked).
        const guardian =
          me.dob === null
            ? guardianContactFor(
                { dob, email: me.email, today: todayInLagos(app.clock()) },
                parseOrThrow(guardianContactFields, request.body),
              )
            : null;
        return session.welcome(request.auth, {
          guardian,
          dob,
          state: place.state,
          district: place.district,
          sports: resolveSports([place.sport], place.customSport),
        });
      },
    );
  };
}
