import { z } from 'zod';
import type { DomainEventType } from './events';

/** Queue names: one BullMQ queue each in the scaled mode, one in-process lane in embedded mode. */
export const QUEUES = ['email', 'media', 'realtime', 'maintenance'] as const;
export type QueueName = (typeof QUEUES)[number];

/**
 * Every job the workers run: its queue and its payload schema. The worker refuses to start if a
 * job listed here has no handler. Job ids are deterministic (see `jobId`), so a job enqueued twice
 * runs once.
 */
export const JOBS = {
  'email.send': { queue: 'email', payload: z.object({ emailId: z.string().uuid() }) },
  'media.process': { queue: 'media', payload: z.object({ mediaId: z.string().uuid() }) },
  'realtime.sessions_revoked': {
    queue: 'realtime',
    payload: z.object({ userId: z.string().uuid() }),
  },
  'maintenance.prune': { queue: 'maintenance', payload: z.object({}) },
} as const satisfies Record<string, { queue: QueueName; payload: z.ZodType }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

/** Which jobs each domain event fans out to. Exhaustive: a new event must name its consumers. */
export const EVENT_ROUTES: { readonly [E in DomainEventType]: readonly JobName[] } = {
  'email.queued': ['email.send'],
  'media.uploaded': ['media.process'],
  'user.sessions_revoked': ['realtime.sessions_revoked'],
};

/** Recurring work, declared in one place. */
export const SCHEDULES: readonly { job: JobName; everyMs: number }[] = [
  { job: 'maintenance.prune', everyMs: 60 * 60 * 1000 },
];

/** Retry policy shared by both queue drivers. */
export const JOB_RETRY = { attempts: 5, backoffMs: 1000 } as const;

/** The deterministic id of the job an outbox event produces. */
export function jobIdFor(eventId: string | number, job: JobName): string {
  return `${job}:${eventId}`;
}
