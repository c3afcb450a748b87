import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { LIMITS } from '@touchline/shared';

/**
 * Multipart uploads: one file per request, at most the largest allowed media size. Registered by
 * the modules whose routes read forms (auth, profiles, posts, chat, trials), not globally: the
 * plugin adds an onRequest and an onResponse hook (promises, a listener) to every route of the
 * context it is registered in (decision 69). Elsewhere a multipart body is answered 415.
 */
export const multipartPlugin = fp(
  async (app) => {
    await app.register(multipart, {
      limits: {
        fileSize: LIMITS.videoMaxBytes,
        files: 1,
        fields: 40,
        fieldSize: 64 * 1024,
        parts: 50,
      },
    });
  },
  { name: 'multipart' },
);
