import type { QueueName } from '@touchline/shared';
import type { QueueAdminView, QueueJobCounts } from '../types';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `condition` until it holds; fails with `what` after `timeoutMs`. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  what = 'condition',
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Waits until `queue` holds no job that could still run (none waiting, running or delayed) and
 * answers its counts. A test that asserts something did NOT happen (no second run, no retry) waits
 * for this instead of a fixed time: a job added, retried or left behind keeps the queue busy
 * until it has run, so once the queue is settled nothing more will happen there.
 */
export async function waitForQueueSettled(
  admin: Pick<QueueAdminView, 'counts'>,
  queue: QueueName,
  timeoutMs = 20_000,
): Promise<QueueJobCounts> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const counts = (await admin.counts())[queue];
    if (counts.waiting === 0 && counts.active === 0 && counts.delayed === 0) return counts;
    if (Date.now() > deadline) {
      throw new Error(
        `the ${queue} queue did not settle in ${timeoutMs} ms: ${JSON.stringify(counts)}`,
      );
    }
    await sleep(20);
  }
}
