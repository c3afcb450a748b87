import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  errorBodySchema,
  LIMITS,
  photoResponseSchema,
  profileIdParamsSchema,
  profileResponseSchema,
  profileUpdateSchemaAt,
  profileViewSchema,
} from '@touchline/shared';
import { readForm } from '../../lib/form';
import { requireImageFile } from '../media/media.uploads';
import { achievementsRoutes } from './profiles.achievements.routes';
import { experiencesRoutes } from './profiles.experiences.routes';
import type { ProfileImageKind, ProfilesService } from './profiles.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearer: [] }];

/**
 * Profiles (supplement §2, §12 names), all signed in: `GET profile`, `GET profile/{id}`,
 * `POST profile` (partial update), `POST|DELETE profile/photo|cover`, plus the achievement
 * (`user_achievement`) and experience (`user_academy`) lists.
 */
export function profilesRoutes(deps: { profiles: ProfilesService }): FastifyPluginAsyncZod {
  const { profiles } = deps;
  return async (app) => {
    const editors = app.requireRole('player', 'academy');

    app.get(
      '/profile',
      {
        schema: {
          tags: ['profiles'],
          summary: 'The caller’s own profile, private fields included',
          security,
          response: { 200: profileViewSchema, ...errors },
        },
      },
      async (request) => profiles.ownView(request.auth),
    );

    app.get(
      '/profile/:id',
      {
        schema: {
          tags: ['profiles'],
          summary:
            'A user’s profile (private fields only for the owner and administrators); a minor outside their circle answers a limited card',
          security,
          params: profileIdParamsSchema,
          response: { 200: profileResponseSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => profiles.view(request.auth, request.params.id),
    );

    app.post(
      '/profile',
      {
        onRequest: editors,
        schema: {
          tags: ['profiles'],
          summary: 'Update the caller’s profile (only the fields sent change)',
          security,
          body: profileUpdateSchemaAt(app.clock),
          response: { 200: profileViewSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => profiles.update(request.auth, request.body),
    );

    for (const kind of ['photo', 'cover'] as const satisfies readonly ProfileImageKind[]) {
      const what = kind === 'photo' ? 'profile photo (square, 400 px)' : 'cover photo (1500×500)';
      app.post(
        `/profile/${kind}`,
        {
          onRequest: editors,
          schema: {
            tags: ['profiles'],
            summary: `Upload the ${what}: multipart field \`file\`, JPEG, PNG or WebP up to 10 MB`,
            security,
            consumes: ['multipart/form-data'],
            response: {
              200: photoResponseSchema,
              400: errorBodySchema,
              413: errorBodySchema,
              ...errors,
            },
          },
        },
        async (request) => {
          const { file } = await readForm(request, LIMITS.imageMaxBytes);
          return profiles.setImage(request.auth, kind, requireImageFile(file));
        },
      );

      app.delete(
        `/profile/${kind}`,
        {
          onRequest: editors,
          schema: {
            tags: ['profiles'],
            summary: `Remove the ${kind === 'photo' ? 'profile' : 'cover'} photo`,
            security,
            response: { 200: photoResponseSchema, ...errors },
          },
        },
        async (request) => profiles.removeImage(request.auth, kind),
      );
    }

    await app.register(achievementsRoutes({ achievements: profiles.achievements }));
    await app.register(experiencesRoutes({ experiences: profiles.experiences }));
  };
}
