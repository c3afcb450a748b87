import { randomUUID } from 'node:crypto';
import type { Database } from '@touchline/db';
import { bringHoldDue } from '@touchline/db/trials';
import type { QueueDriver } from '@touchline/drivers';
import { JOBS } from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';

/** A job enqueued by a development route: its queue and id. */
export type EnqueuedJob = { queue: string; id: string };

/**
 * Development-only actions (registered outside production mode only, see app.ts): a job that
 * fails for good, and a payment hold run out now.
 */
export function createDevJobsService(deps: {
  db: Database;
  clock: () => Date;
  queue: Pick<QueueDriver, 'add'>;
}) {
  return {
    /** One `media.process` for media that does not exist: it fails for good on its first run. */
    async failingJob(): Promise<EnqueuedJob> {
      const id = `dev-fail-${randomUUID()}`;
      await deps.queue.add('media.process', { mediaId: randomUUID() }, { jobId: id });
      return { queue: JOBS['media.process'].queue, id };
    },

    /**
     * A pending registration's hold is brought due and its `trials.expire_hold` job enqueued at
     * once: the worker's own expiry runs. 404 when the registration is not pending payment.
     */
    async expireHoldNow(registrationId: string): Promise<EnqueuedJob> {
      if (!(await bringHoldDue(deps.db, { registrationId, at: deps.clock() })))
        throw commonErrors.notFound('No pending payment hold for this registration.');
      const id = `dev-expire-${randomUUID()}`;
      await deps.queue.add('trials.expire_hold', { registrationId }, { jobId: id });
      return { queue: JOBS['trials.expire_hold'].queue, id };
    },
  };
}

export type DevJobsService = ReturnType<typeof createDevJobsService>;
