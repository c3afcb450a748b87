import type { Database } from '@touchline/db';
import { insertAdminAudit, readOutboxHealth } from '@touchline/db/admin';
import type { FailedJobView, QueueAdminView } from '@touchline/drivers';
import {
  ADMIN_OPS_LIMITS,
  ADMIN_OPS_MESSAGES,
  QUEUES,
  type AdminFailedJob,
  type AdminQueues,
  type QueueName,
} from '@touchline/shared';
import { commonErrors } from '../../lib/app-error';

const isoOrNull = (value: Date | null) => (value ? value.toISOString() : null);

function failedJobView(job: FailedJobView): AdminFailedJob {
  return {
    id: job.id,
    queue: job.queue,
    name: job.name,
    payload: job.payload,
    reason: job.reason,
    attempts: job.attempts,
    created_at: isoOrNull(job.createdAt),
    finished_at: isoOrNull(job.finishedAt),
  };
}

/**
 * The job queues for the administrators: per queue counts and failed jobs (BullMQ in the scaled
 * mode, the database's embedded queue otherwise, through the driver's admin view), the outbox's
 * lag, and retrying or removing a job. The queue action cannot share a transaction with the
 * database (Redis), so its audit record (`job.retried` / `job.removed`) is written once the
 * action succeeded; a refused or failed action writes none.
 */
export function createAdminQueuesService(deps: {
  db: Database;
  driver: 'bullmq' | 'inline';
  queue: QueueAdminView;
}) {
  const { db, queue } = deps;

  async function audit(actorId: string, action: string, name: QueueName, id: string) {
    await insertAdminAudit(db, {
      actorId,
      action,
      targetUserId: null,
      reason: '',
      details: { queue: name, job_id: id },
    });
  }

  return {
    async overview(): Promise<AdminQueues> {
      const [counts, outbox, failed] = await Promise.all([
        queue.counts(),
        readOutboxHealth(db),
        Promise.all(
          QUEUES.map((name) => queue.failedJobs(name, ADMIN_OPS_LIMITS.failedJobsPerQueue)),
        ),
      ]);
      return {
        driver: deps.driver,
        queues: QUEUES.map((name, i) => ({
          name,
          counts: counts[name],
          failed_jobs: failed[i]!.map(failedJobView),
        })),
        outbox: {
          outbox_lag_seconds: Math.round(outbox.lagSeconds * 10) / 10,
          unpublished: outbox.unpublished,
          dead_lettered: outbox.deadLettered,
        },
        board: deps.driver === 'bullmq',
      };
    },

    async retry(actorId: string, name: QueueName, id: string) {
      const outcome = await queue.retryJob(name, id);
      if (outcome === 'not_found') throw commonErrors.notFound(ADMIN_OPS_MESSAGES.jobNotFound);
      if (outcome === 'wrong_state') throw commonErrors.conflict(ADMIN_OPS_MESSAGES.jobNotFailed);
      await audit(actorId, 'job.retried', name, id);
      return { message: ADMIN_OPS_MESSAGES.jobRetried };
    },

    async remove(actorId: string, name: QueueName, id: string) {
      const outcome = await queue.removeJob(name, id);
      if (outcome === 'not_found') throw commonErrors.notFound(ADMIN_OPS_MESSAGES.jobNotFound);
      if (outcome === 'wrong_state') throw commonErrors.conflict(ADMIN_OPS_MESSAGES.jobActive);
      await audit(actorId, 'job.removed', name, id);
      return { message: ADMIN_OPS_MESSAGES.jobRemoved };
    },
  };
}

export type AdminQueuesService = ReturnType<typeof createAdminQueuesService>;
