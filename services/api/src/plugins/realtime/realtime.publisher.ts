import { userChannel, type BusMessage } from '@touchline/shared';
import type { BusDriver } from '@touchline/drivers';
import type { Logger } from './realtime.connection';

const PUBLISH_RETRY_MS = [250, 1000, 4000] as const;

/**
 * Publishes to a user's bus channel after a commit: the change is done, so a bus outage must not
 * fail the request that made it. A refused publish is retried in the background a few times, then
 * logged as given up; what it carried is not lost (stored events are in `user_events`, replayed on
 * the next gap or reconnect; a revoked session's sockets close at their token's expiry re-check at
 * the latest).
 */
export function createBusPublisher(deps: {
  bus: BusDriver;
  logger: Logger;
  /** Delays of the background retries of a publish the bus refused. */
  retryMs?: readonly number[];
}) {
  const pendingRetries = new Set<NodeJS.Timeout>();

  async function publish(userId: string, message: BusMessage): Promise<void> {
    const delays = deps.retryMs ?? PUBLISH_RETRY_MS;
    const attempt = async (n: number) => {
      try {
        await deps.bus.publish(userChannel(userId), message);
      } catch (err) {
        const context = { err, userId, kind: message.kind };
        if (n >= delays.length) {
          deps.logger.error(context, 'realtime publish given up');
          return;
        }
        deps.logger.warn(context, 'realtime publish failed; retrying in the background');
        const timer = setTimeout(() => {
          pendingRetries.delete(timer);
          void attempt(n + 1);
        }, delays[n]);
        timer.unref();
        pendingRetries.add(timer);
      }
    };
    await attempt(0);
  }

  /** Drops the retries still waiting (shutdown). */
  function close() {
    for (const timer of pendingRetries) clearTimeout(timer);
    pendingRetries.clear();
  }

  return { publish, close };
}
