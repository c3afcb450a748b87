import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { findUserById, updateUserBasics } from '@touchline/db';
import {
  dobField,
  errorBodySchema,
  loginResponseSchema,
  resolveSports,
  signupStep2Schema,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';
import { parseOrThrow } from '../../lib/form';

const sessionUserSchema = loginResponseSchema.omit({ message: true }).extend({
  email: z.string(),
  state: z.string().nullable(),
  district: z.string().nullable(),
  sports: z.array(z.string()),
});

/**
 * The signed-in user's own session data (`GET /api/me`) and the first-run details of the
 * /welcome screen (`POST /api/welcome`: date of birth, state, LGA, sport) for accounts created
 * with Google. The profiles slice adds the full `POST /api/profile`.
 */
export function sessionRoutes(deps: {
  unreadCount: (userId: string) => Promise<number>;
  mediaUrl: (mediaId: string | null) => Promise<string | null>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', app.authenticate);

    async function view(userId: string) {
      const user = await findUserById(app.db, userId);
      if (!user) throw commonErrors.notFound('User not found');
      return {
        user: user.username,
        role: user.role,
        dob: user.dob,
        user_id: user.id,
        profile_photo: await deps.mediaUrl(user.profilePhotoMediaId),
        notification_count: await deps.unreadCount(user.id),
        email: user.email,
        state: user.state,
        district: user.district,
        sports: user.sports,
      };
    }

    app.get(
      '/me',
      {
        schema: {
          tags: ['session'],
          summary: 'The signed-in user',
          security: [{ bearer: [] }],
          response: { 200: sessionUserSchema, 401: errorBodySchema },
        },
      },
      async (request) => view(request.auth.userId),
    );

    app.post(
      '/welcome',
      {
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
        if (request.auth.role !== 'player') throw commonErrors.forbidden();
        const dob = parseOrThrow(z.object({ dob: dobField(app.clock) }), request.body).dob;
        const place = parseOrThrow(signupStep2Schema, request.body);
        await updateUserBasics(app.db, request.auth.userId, {
          dob,
          state: place.state,
          district: place.district,
          sports: resolveSports([place.sport], place.customSport),
        });
        return view(request.auth.userId);
      },
    );
  };
}
