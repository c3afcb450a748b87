import { randomUUID } from 'node:crypto';
import type { Database } from '@touchline/db';
import { bringHoldDue, moveTrialToDay } from '@touchline/db/trials';
import type { QueueDriver } from '@touchline/drivers';
import { JOBS, todayInLagos } from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';

/** A job enqueued by a development route: its queue and id. */
export type EnqueuedJob = { queue: string; id: string };

/**
 * Development-only actions (registered outside production mode only, see app.ts): a job that
 * fails for good, a payment hold run out now, and a trial that takes place today.
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

    /**
     * An active trial takes place today (Lagos), its deadline today at the latest: trial day's
     * check-in and evaluation can be tried at once (the API refuses to create a trial for today).
     */
    async trialToday(trialId: string): Promise<{ id: string; trial_date: string }> {
      const today = todayInLagos(deps.clock());
      if (!(await moveTrialToDay(deps.db, { trialId, today })))
        throw commonErrors.notFound('No active trial with this id.');
      return { id: trialId, trial_date: today };
    },
  };
}

export type DevJobsService = ReturnType<typeof createDevJobsService>;
