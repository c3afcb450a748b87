import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  academyTrialsQuerySchema,
  cancelTrialQuerySchema,
  errorBodySchema,
  LIMITS,
  trialCreateSchemaAt,
  trialListQuerySchema,
  trialListResponseSchema,
  trialSchema,
  trialUpdateSchema,
} from '@touchline/shared';
import { parseOrThrow, readForm } from '../../lib/form';
import { imageUploadErrors } from '../media/media.uploads';
import { trialsErrors } from './trials.errors';
import type { TrialsService } from './trials.service';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };
const security = [{ bearer: [] }];
const tags = ['trials'];
export const trialIdParams = z.object({ id: z.string().uuid() });

/**
 * The trial form, as JSON or multipart: the fields (numbers and lists as a browser form sends
 * them; the contract's schemas coerce) and the poster, the one file part `image` (JPEG, PNG or
 * WebP up to 10 MB). A form sent without choosing a file carries an empty part: no poster.
 */
async function readTrialForm(request: FastifyRequest) {
  if (!request.isMultipart()) {
    const body = request.body;
    const fields = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
    return { fields: fields as Record<string, unknown>, poster: null };
  }
  const { fields, file } = await readForm(request, LIMITS.imageMaxBytes);
  if (!file || (file.buffer.length === 0 && !file.truncated)) return { fields, poster: null };
  if (file.fieldname !== 'image') throw trialsErrors.posterField();
  if (file.truncated || file.buffer.length > LIMITS.imageMaxBytes)
    throw imageUploadErrors.tooLarge();
  return { fields, poster: file.buffer };
}

/**
 * Trials (supplement §5, §12 names): everyone signed in lists and reads; verified academies
 * create, and the owning academy edits and cancels (`DELETE trial/{id}?reason=`) and lists its
 * own by tab.
 */
export function trialsRoutes(deps: { trials: TrialsService }): FastifyPluginAsyncZod {
  const { trials } = deps;
  return async (app) => {
    const academies = app.requireRole('academy');
    const createSchema = trialCreateSchemaAt(app.clock);

    app.post(
      '/trial',
      {
        onRequest: academies,
        schema: {
          tags,
          summary:
            'Create a trial (verified academies): JSON, or multipart with the poster as `image` (JPEG, PNG or WebP, ≤10 MB)',
          security,
          consumes: ['multipart/form-data', 'application/json'],
          response: { 201: trialSchema, ...errors, 413: errorBodySchema },
        },
      },
      async (request, reply) => {
        const { fields, poster } = await readTrialForm(request);
        const input = parseOrThrow(createSchema, fields);
        return reply.status(201).send(await trials.create(request.auth, input, poster));
      },
    );

    app.get(
      '/trial',
      {
        schema: {
          tags,
          summary:
            'Open trials (active, from today), filtered by `search`, `sport`, `state`, `payment` (free|paid), a page at a time',
          security,
          querystring: trialListQuerySchema,
          response: { 200: trialListResponseSchema, ...errors },
        },
      },
      async (request) => trials.list(request.auth, request.query),
    );

    app.get(
      '/trial/:id',
      {
        schema: {
          tags,
          summary: 'One trial; a player also gets `my_registration`',
          security,
          params: trialIdParams,
          response: { 200: trialSchema, ...errors, 404: errorBodySchema },
        },
      },
      async (request) => trials.view(request.auth, request.params.id),
    );

    app.put(
      '/trial/:id',
      {
        onRequest: academies,
        schema: {
          tags,
          summary:
            'Edit your trial (only the fields sent change; fee and sport are locked once anyone registered, the limit never below the count)',
          security,
          params: trialIdParams,
          consumes: ['multipart/form-data', 'application/json'],
          response: {
            200: trialSchema,
            ...errors,
            404: errorBodySchema,
            409: errorBodySchema,
            413: errorBodySchema,
          },
        },
      },
      async (request) => {
        const { fields, poster } = await readTrialForm(request);
        const input = parseOrThrow(trialUpdateSchema, fields);
        return trials.update(request.auth, request.params.id, input, poster);
      },
    );

    app.delete(
      '/trial/:id',
      {
        onRequest: academies,
        schema: {
          tags,
          summary:
            'Cancel your trial with a `reason`: registrants are told and paid registrations refunded',
          security,
          params: trialIdParams,
          querystring: cancelTrialQuerySchema,
          response: { 200: trialSchema, ...errors, 404: errorBodySchema, 409: errorBodySchema },
        },
      },
      async (request) => trials.cancel(request.auth, request.params.id, request.query.reason),
    );

    app.get(
      '/academy_trials',
      {
        onRequest: academies,
        schema: {
          tags,
          summary: 'Your own trials by tab: upcoming, today, completed or cancelled (Lagos dates)',
          security,
          querystring: academyTrialsQuerySchema,
          response: { 200: trialListResponseSchema, ...errors },
        },
      },
      async (request) => trials.academyTrials(request.auth, request.query),
    );
  };
}
