import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DevJobsService } from './dev-jobs.service';

const enqueued = z.object({ queue: z.string(), id: z.string() });

/**
 * `POST /api/dev/jobs/fail`: enqueues one job that fails for good on its first run (a
 * `media.process` for media that does not exist), so the administrators' queue screen and its
 * browser journey have a real failed job to show and retry.
 *
 * `POST /api/dev/holds/:id/expire`: a pending registration's payment hold runs out now: its hold
 * is brought due and its `trials.expire_hold` job runs at once (the worker's own expiry, events
 * and live changes), so a browser journey sees an expired hold without waiting its minutes.
 *
 * `POST /api/dev/trials/:id/today`: an active trial takes place today (Lagos), so a browser
 * journey reaches trial day (check-in, evaluation) without a clock shift.
 *
 * Only registered outside production mode (see app.ts), like the development mailbox.
 */
export function devJobsRoutes(deps: { devJobs: DevJobsService }): FastifyPluginAsyncZod {
  const { devJobs } = deps;
  return async (app) => {
    app.post(
      '/dev/jobs/fail',
      {
        schema: {
          tags: ['development'],
          summary: 'Enqueue a job that fails for good (development only)',
          response: { 200: enqueued },
        },
      },
      async () => devJobs.failingJob(),
    );

    app.post(
      '/dev/holds/:id/expire',
      {
        schema: {
          tags: ['development'],
          summary: "Run out a pending registration's payment hold now (development only)",
          params: z.object({ id: z.string().uuid() }),
          response: { 200: enqueued },
        },
      },
      async (request) => devJobs.expireHoldNow(request.params.id),
    );

    app.post(
      '/dev/trials/:id/today',
      {
        schema: {
          tags: ['development'],
          summary: 'Make an active trial take place today (development only)',
          params: z.object({ id: z.string().uuid() }),
          response: { 200: z.object({ id: z.string(), trial_date: z.string() }) },
        },
      },
      async (request) => devJobs.trialToday(request.params.id),
    );
  };
}
