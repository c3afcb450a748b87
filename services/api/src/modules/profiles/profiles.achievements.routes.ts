import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  achievementCreateSchemaAt,
  achievementListSchema,
  achievementSchema,
  achievementUpdateSchemaAt,
  entryIdParamsSchema,
  errorBodySchema,
  LIMITS,
  messageSchema,
  userListQuerySchema,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import { requireImageFile } from '../media/media.uploads';
import type { ProfilesService } from './profiles.service';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { 400: errorBodySchema, 409: errorBodySchema, 413: errorBodySchema, ...errors };
const security = [{ bearer: [] }];

/** JSON, or a multipart form whose optional `image` is the achievement's picture. */
async function readAchievementForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    return { fields: body && typeof body === 'object' ? body : {}, image: null };
  }
  const { fields, file } = await readForm(request, LIMITS.imageMaxBytes);
  const flat = Object.fromEntries(
    Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]),
  );
  // A form sent without choosing a file carries an empty file part: no image.
  const chosen = file && (file.buffer.length > 0 || file.truncated);
  return { fields: flat, image: chosen ? requireImageFile(file) : null };
}

/**
 * `GET|POST /api/user_achievement` and `PUT|DELETE /api/user_achievement/{id}`. Fields: title,
 * organisation, issued_month, issued_year, description, optional `image` (multipart); PUT takes
 * any of them and `remove_image`.
 */
export function achievementsRoutes(deps: {
  achievements: ProfilesService['achievements'];
}): FastifyPluginAsyncZod {
  const { achievements } = deps;
  return async (app) => {
    const editors = app.requireRole('player', 'academy');

    app.get(
      '/user_achievement',
      {
        schema: {
          tags: ['profiles'],
          summary: 'A user’s achievements (the caller’s own without user_id), newest first',
          security,
          querystring: userListQuerySchema,
          response: { 200: achievementListSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => achievements.list(request.auth, request.query.user_id),
    );

    app.post(
      '/user_achievement',
      {
        onRequest: editors,
        schema: {
          tags: ['profiles'],
          summary: 'Add an achievement (JSON, or multipart with an optional image)',
          security,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: achievementSchema, ...writeErrors },
        },
      },
      async (request, reply) => {
        const { fields, image } = await readAchievementForm(request);
        const input = parseOrThrow(achievementCreateSchemaAt(app.clock), fields);
        return reply.status(201).send(await achievements.create(request.auth, input, image));
      },
    );

    app.put(
      '/user_achievement/:id',
      {
        onRequest: editors,
        schema: {
          tags: ['profiles'],
          summary: 'Edit one of the caller’s achievements (any fields; a new image replaces it)',
          security,
          consumes: ['multipart/form-data', 'application/json'],
          params: entryIdParamsSchema,
          response: { 200: achievementSchema, ...writeErrors },
        },
      },
      async (request) => {
        const { fields, image } = await readAchievementForm(request);
        const patch = parseOrThrow(achievementUpdateSchemaAt(app.clock), fields);
        return achievements.update(request.auth, request.params.id, patch, image);
      },
    );

    app.delete(
      '/user_achievement/:id',
      {
        onRequest: editors,
        schema: {
          tags: ['profiles'],
          summary: 'Delete one of the caller’s achievements',
          security,
          params: entryIdParamsSchema,
          response: { 200: messageSchema, 400: errorBodySchema, ...errors },
        },
      },
      async (request) => achievements.remove(request.auth, request.params.id),
    );
  };
}
