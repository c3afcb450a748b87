import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { JOBS } from '@touchline/shared';

/**
 * `POST /api/dev/jobs/fail`: enqueues one job that fails for good on its first run (a
 * `media.process` for media that does not exist), so the administrators' queue screen and its
 * browser journey have a real failed job to show and retry. Only registered outside production
 * mode (see app.ts), like the development mailbox.
 */
export const devJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/jobs/fail',
    {
      schema: {
        tags: ['development'],
        summary: 'Enqueue a job that fails for good (development only)',
        response: { 200: z.object({ queue: z.string(), id: z.string() }) },
      },
    },
    async () => {
      const id = `dev-fail-${randomUUID()}`;
      await app.drivers.queue.add('media.process', { mediaId: randomUUID() }, { jobId: id });
      return { queue: JOBS['media.process'].queue, id };
    },
  );
};
