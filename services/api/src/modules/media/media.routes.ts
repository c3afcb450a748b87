import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RangeNotSatisfiableError, type StoredObject, type Visibility } from '@touchline/drivers';
import { commonErrors } from '../../lib/app-error';
import { parseRangeHeader } from './media.range';

const KEY = /^[a-zA-Z0-9][a-zA-Z0-9/_.-]{0,511}$/;
/** A processed JPEG or PNG image variant, which may have a WebP copy beside it. */
const IMAGE_WITH_WEBP = /^(images\/.+)\.(jpg|png)$/;

/**
 * True when the Accept header names `image/webp` (with q > 0). Wildcards (`image/*`, `*\/*`) do
 * not count: browsers that decode WebP say so in the Accept of their image requests.
 */
export function acceptsWebp(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (type?.trim() !== 'image/webp') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * `/media/*` streams public objects from the storage driver (local disk or S3) so the browser
 * has one origin. `/media-private/*` serves private objects of the local driver only with a
 * valid, unexpired signature; the S3 driver's signed URLs point at the object store itself.
 * Both answer single HTTP byte ranges (206, or 416 past the end), so videos seek and stream;
 * several ranges in one request get the whole file (200). A processed JPEG or PNG image is
 * answered with its WebP copy (`Vary: Accept`) when the browser accepts WebP and the copy exists.
 */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { storage } = app.drivers;

  async function stream(
    key: string,
    visibility: Visibility,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!KEY.test(key) || key.includes('..')) throw commonErrors.notFound('File not found');
    const range = parseRangeHeader(request.headers.range) ?? undefined;
    // Processed images: the WebP copy to browsers that ask for it, when there is one (images
    // stored before the copies existed have none), else the original. Caches keep both apart.
    const webpCopy = IMAGE_WITH_WEBP.exec(key);
    if (webpCopy) reply.header('vary', 'Accept');
    let object: StoredObject | null = null;
    try {
      if (webpCopy && acceptsWebp(request.headers.accept)) {
        object = await storage.get(`${webpCopy[1]}.webp`, visibility, range);
      }
      object ??= await storage.get(key, visibility, range);
    } catch (error) {
      if (!(error instanceof RangeNotSatisfiableError)) throw error;
      return reply
        .code(416)
        .header('accept-ranges', 'bytes')
        .header('content-range', `bytes */${error.totalLength}`)
        .send();
    }
    if (!object) throw commonErrors.notFound('File not found');
    reply.header('accept-ranges', 'bytes');
    reply.header('content-type', object.contentType);
    if (object.contentLength !== undefined) reply.header('content-length', object.contentLength);
    if (object.range && object.totalLength !== undefined) {
      const { start, end } = object.range;
      reply.code(206).header('content-range', `bytes ${start}-${end}/${object.totalLength}`);
    }
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
    async (request, reply) => stream(request.params['*'], 'public', request, reply),
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
      return stream(key, 'private', request, reply);
    },
  );
};
