import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  entryIdParamsSchema,
  errorBodySchema,
  experienceCreateSchemaAt,
  experienceListSchema,
  experienceSchema,
  experienceUpdateSchemaAt,
  messageSchema,
  userListQuerySchema,
} from '@touchline/shared';
import { profilesErrors } from './profiles.errors';
import type { ProfilesService } from './profiles.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const security = [{ bearer: [] }];

/**
 * `GET|POST /api/user_academy` and `PUT|DELETE /api/user_academy/{id}` (players only for
 * changes). The list is answered bare, current entries first: the home card shows the first
 * entry's position (spec §7).
 */
export function experiencesRoutes(deps: {
  experiences: ProfilesService['experiences'];
}): FastifyPluginAsyncZod {
  const { experiences } = deps;
  return async (app) => {
    // The module authenticates in onRequest; the role is checked there too, before validation:
    // a stranger gets 401, an academy 403.
    const playersOnly = async (request: FastifyRequest) => {
      if (request.auth.role !== 'player') throw profilesErrors.playersOnly();
    };

    app.get(
      '/user_academy',
      {
        schema: {
          tags: ['profiles'],
          summary: 'A player’s experience (the caller’s own without user_id), current first',
          security,
          querystring: userListQuerySchema,
          response: { 200: experienceListSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => experiences.list(request.auth, request.query.user_id),
    );

    app.post(
      '/user_academy',
      {
        onRequest: playersOnly,
        schema: {
          tags: ['profiles'],
          summary: 'Add an experience entry (players only)',
          security,
          body: experienceCreateSchemaAt(app.clock),
          response: {
            201: experienceSchema,
            400: errorBodySchema,
            409: errorBodySchema,
            ...errors,
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await experiences.create(request.auth, request.body)),
    );

    app.put(
      '/user_academy/:id',
      {
        onRequest: playersOnly,
        schema: {
          tags: ['profiles'],
          summary: 'Edit one of the caller’s experience entries (any fields)',
          security,
          params: entryIdParamsSchema,
          body: experienceUpdateSchemaAt(app.clock),
          response: { 200: experienceSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => experiences.update(request.auth, request.params.id, request.body),
    );

    app.delete(
      '/user_academy/:id',
      {
        onRequest: playersOnly,
        schema: {
          tags: ['profiles'],
          summary: 'Delete one of the caller’s experience entries',
          security,
          params: entryIdParamsSchema,
          response: { 200: messageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => experiences.remove(request.auth, request.params.id),
    );
  };
}
