import { z } from 'zod';
import { JOBS, QUEUES } from '@touchline/shared';
import type { JobName, JobPayload, QueueName } from '@touchline/shared';
import type { JobContext, JobHandler, JobHandlers } from '../types';

/** Rules shared by both queue drivers, so that they refuse and retry the same things. */

export type RetryPolicy = { attempts: number; backoffMs: number };

export class InvalidJobError extends Error {
  override name = 'InvalidJobError';
}

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}

export function queueOf(name: JobName): QueueName {
  return JOBS[name].queue;
}

export function jobsOf(queue: QueueName): JobName[] {
  return (Object.keys(JOBS) as JobName[]).filter((name) => JOBS[name].queue === queue);
}

/** The payload as the job's schema parses it; throws InvalidJobError (paths, never values). */
export function parsePayload<N extends JobName>(name: N, data: unknown): JobPayload<N> {
  if (!isJobName(name)) throw new InvalidJobError(`unknown job "${String(name)}"`);
  const result = JOBS[name].payload.safeParse(data);
  if (!result.success) {
    throw new InvalidJobError(
      `invalid payload for job "${name}": ${z.prettifyError(result.error)}`,
    );
  }
  return result.data as JobPayload<N>;
}

/**
 * Job ids are deterministic strings such as `email.send:42`. Bare integers are refused because
 * BullMQ reserves them for its own ids; both drivers refuse them so they behave alike.
 */
export function assertJobId(id: string): void {
  if (typeof id !== 'string' || id.length === 0 || id.length > 256) {
    throw new InvalidJobError('a job id must be a string of 1 to 256 characters');
  }
  if (/^-?\d+$/.test(id)) throw new InvalidJobError(`job id "${id}" must not be a bare integer`);
}

/** Delay before attempt `failedAttempt + 1`: backoffMs, 2×, 4×, … (BullMQ's "exponential"). */
export function retryDelayMs(policy: RetryPolicy, failedAttempt: number): number {
  return Math.round(policy.backoffMs * 2 ** (failedAttempt - 1));
}

/** The worker refuses to start when a job of a consumed queue has no handler. */
export function assertHandlers(handlers: JobHandlers, queues: readonly QueueName[]): void {
  for (const queue of queues) {
    if (!QUEUES.includes(queue)) throw new InvalidJobError(`unknown queue "${queue}"`);
    for (const name of jobsOf(queue)) {
      if (typeof handlers[name] !== 'function') {
        throw new InvalidJobError(`no handler for job "${name}" (queue "${queue}")`);
      }
    }
  }
}

export function runHandler(handlers: JobHandlers, context: JobContext): Promise<void> {
  const handler = handlers[context.name] as JobHandler;
  return handler(context);
}

/** Socket-level codes of a service that cannot be reached (now). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** Postgres SQLSTATEs of a server going away or not accepting yet (class 08, 57P0x, 53300). */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300)$/;
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Client was closed and is not queryable/i;

/**
 * True when a job failed because a service it needs (the database) could not be reached, not
 * because of the job: such a job waits for the service instead of spending its attempts. Follows
 * `cause` (drizzle wraps the driver's error).
 */
export function isUnavailableError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNREACHABLE_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))
    )
      return true;
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isUnavailableError(inner)))
      return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
