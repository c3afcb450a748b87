import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { LIMITS } from '@touchline/shared';

/** Multipart uploads: one file per request, at most the largest allowed media size. */
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
