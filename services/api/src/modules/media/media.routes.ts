import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Visibility } from '@touchline/drivers';
import { commonErrors } from '../../lib/app-error';

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,511}$/;

/**
 * `/media/*` streams public objects from the storage driver (local disk or S3) so the browser
 * has one origin. `/media-private/*` serves private objects of the local driver only with a
 * valid, unexpired signature; the S3 driver's signed URLs point at the object store itself.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.drivers;

  async function stream(key: string, visibility: Visibility, reply: FastifyReply) {
    if (!KEY.test(key) || key.includes('..')) throw commonErrors.notFound('File not found');
    const object = await storage.get(key, visibility);
    if (!object) throw commonErrors.notFound('File not found');
    reply.header('content-type', object.contentType);
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    reply.header('x-content-type-options', 'nosniff');
    reply.header(
      'cache-control',
      visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
    );
    return reply.send(object.body);
  }

  app.get(
    '/media/*',
    { schema: { hide: true, params: z.object({ '*': z.string() }) } },
    async (request, reply) => stream(request.params['*'], 'public', reply),
  );

  app.get(
    '/media-private/*',
    {
      schema: {
        hide: true,
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          expires: z.coerce.number().int(),
          signature: z.string().regex(/^[a-f0-9]{64}$/),
        }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const { expires, signature } = request.query;
      if (!storage.verifySignature?.(key, expires, signature)) {
        throw commonErrors.notFound('File not found');
      }
      return stream(key, 'private', reply);
    },
  );
};
