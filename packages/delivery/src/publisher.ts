import type { Database, Transaction } from '@touchline/db';
import type { BusDriver } from '@touchline/drivers';
import {
  SESSIONS_CHANNEL,
  userChannel,
  type BusMessage,
  type SessionInvalidation,
  type StoredServerEvent,
} from '@touchline/shared';
import type { Outbound } from './user-events';

/** Sends one committed stored event towards the user's open tabs (the bus, or the API's hub). */
export type StoredSender = (userId: string, event: StoredServerEvent) => Promise<void>;

type Logger = { warn: (obj: object, msg?: string) => void };

/** Sends over the realtime bus, as a worker does: every API instance hears it. */
export function busSender(bus: BusDriver): StoredSender {
  return async (userId, event) => {
    const message: BusMessage = { kind: 'stored', event };
    await bus.publish(userChannel(userId), message);
  };
}

/** Users per `profilesOf` message: one quick decode, as the previews' messages. */
const PROFILES_PER_MESSAGE = 1000;

/**
 * Has every API instance forget what `GET /api/me` answered these users (their unread badge
 * changed), over the bus, as a worker does: the API's own publisher waits for the instances'
 * acknowledgements instead (its session cache).
 */
export function busUnreadForgetter(bus: BusDriver): (userIds: readonly string[]) => Promise<void> {
  return async (userIds) => {
    for (let i = 0; i < userIds.length; i += PROFILES_PER_MESSAGE) {
      const message: SessionInvalidation = {
        profilesOf: userIds.slice(i, i + PROFILES_PER_MESSAGE),
      };
      await bus.publish(SESSIONS_CHANNEL, message);
    }
  };
}

export type PublisherOptions = {
  send: StoredSender;
  /**
   * Told, after the commit and before the events go out, which users' unread count the events
   * change (`notification`, `notification_count`): the API instances' `GET /api/me` answers of
   * them are forgotten (decision 63). A failure is logged, never thrown.
   */
  unreadChanged?: (userIds: readonly string[]) => Promise<void>;
  logger?: Logger;
  /** Tries per user's events before giving up (the client catches up by sequence number). */
  attempts?: number;
  /** Pause before the first retry; doubled for each further one. */
  retryDelayMs?: number;
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The one publisher: sends stored events after the transaction that stored them commits, each
 * user's in sequence order, users side by side. A failed send is retried with a growing pause;
 * when every try fails it is logged and dropped, never thrown: the event is stored, and the
 * user's tabs get it on their next catch-up ("since N"), so a publish outage never fails the
 * work that already committed.
 */
export function createPublisher(options: PublisherOptions) {
  const attempts = Math.max(1, options.attempts ?? 4);
  const retryDelayMs = options.retryDelayMs ?? 25;

  async function sendWithRetry(userId: string, event: StoredServerEvent) {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await options.send(userId, event);
        return;
      } catch (err) {
        if (attempt >= attempts) {
          options.logger?.warn(
            { err, userId, seq: event.seq, type: event.type },
            'publish failed; the client catches up on its next sync',
          );
          return;
        }
        await wait(retryDelayMs * 2 ** (attempt - 1));
      }
    }
  }

  async function forgetBadges(outbound: readonly Outbound[]) {
    if (!options.unreadChanged) return;
    const users = new Set<string>();
    for (const { userId, event } of outbound)
      if (event.type === 'notification' || event.type === 'notification_count') users.add(userId);
    if (users.size === 0) return;
    try {
      await options.unreadChanged([...users]);
    } catch (err) {
      options.logger?.warn({ err, users: users.size }, 'unread badges not forgotten');
    }
  }

  async function publish(outbound: readonly Outbound[]) {
    await forgetBadges(outbound);
    const byUser = new Map<string, StoredServerEvent[]>();
    for (const { userId, event } of outbound) {
      const list = byUser.get(userId) ?? [];
      list.push(event);
      byUser.set(userId, list);
    }
    await Promise.all(
      [...byUser].map(async ([userId, events]) => {
        events.sort((a, b) => a.seq - b.seq);
        for (const event of events) await sendWithRetry(userId, event);
      }),
    );
  }

  return {
    publish,
    /**
     * Runs `work` in one transaction (it stores notices and events through this module and
     * answers them), then publishes what it stored once the commit is done.
     */
    async deliver(
      db: Database,
      work: (tx: Transaction) => Promise<readonly Outbound[]>,
    ): Promise<readonly Outbound[]> {
      const outbound = await db.transaction(work);
      await publish(outbound);
      return outbound;
    },
  };
}

export type Publisher = ReturnType<typeof createPublisher>;
