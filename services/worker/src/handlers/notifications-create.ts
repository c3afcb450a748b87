import type { Database } from '@touchline/db';
import { deliverEachNotice, type Notice } from '@touchline/delivery';
import { findNotificationPartiesMany, type NotificationParties } from '@touchline/db/notifications';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import {
  NOTIFICATION_TEXTS,
  profileLink,
  type JobPayload,
  type NotificationKind,
} from '@touchline/shared';
import { createBatcher, type BatcherOptions, type Outcome } from '../batcher';
import { publisherFor } from './delivery';

type Payload = JobPayload<'notifications.create'>;
type Draft = { kind: NotificationKind; text: string; link: string };

/**
 * The jobs of one worker process that run at the same time are stored together (issue 24 item
 * 3, decision 61): one read of every job's parties, one transaction with one insert statement.
 * Measured with the bench's queue row (concurrency 50, a pool of 5 connections).
 */
export const NOTICE_BATCHING: BatcherOptions = { maxBatch: 50, maxInFlight: 2 };

/** The job's notice, or null when there is nothing to tell (see the handler). */
function draft(p: Payload, parties: NotificationParties): Draft | null {
  const link = profileLink(p.actorId, parties.actorRole);
  switch (p.event) {
    case 'friend.requested':
      // Pending, or already turned into a friendship: only a withdrawn or declined request is gone.
      if (!parties.requestStands) return null;
      return {
        kind: 'friend_request',
        text: NOTIFICATION_TEXTS.friendRequest(parties.actorName),
        link,
      };
    case 'friend.accepted':
      return {
        kind: 'friend_accepted',
        text: NOTIFICATION_TEXTS.friendAccepted(parties.actorName),
        link,
      };
    case 'follow.created':
      return { kind: 'follow', text: NOTIFICATION_TEXTS.follow(parties.actorName), link };
  }
}

/**
 * Stores the recipient's notification for a domain event, numbers it in the recipient's realtime
 * stream in the same transaction, and pushes it to their open tabs after commit. Idempotent: one
 * notification per source event. Skipped when the recipient or the actor is gone or not
 * reachable (inactive; a child without consent), when either side blocked the other since, or
 * when a friend request was withdrawn before it was processed.
 *
 * The outcome never depends on when the job runs: a request the recipient accepted (or crossed
 * with a request of their own) before the job ran still gives them the same unread 'sent you a
 * friend request' notification a prompt worker would have stored — it is part of their history,
 * and in the crossing case the only word that the other player asked first — and the accept
 * notification goes to the sender whatever the request job did.
 *
 * Jobs running at once are batched (`NOTICE_BATCHING`); each job still succeeds or fails alone.
 */
export function createNotificationsHandler(
  deps: { db: Database; bus: BusDriver },
  batching: BatcherOptions = NOTICE_BATCHING,
): JobHandler<'notifications.create'> {
  const publisher = publisherFor(deps.bus);

  /** Each job's notice (null: nothing to tell): the parties of all of them in one statement. */
  async function noticesFor(jobs: Payload[]): Promise<(Notice | null)[]> {
    const parties = await findNotificationPartiesMany(deps.db, jobs);
    return jobs.map((job, i) => {
      const found = parties[i];
      const notice = found?.ok ? draft(job, found) : null;
      if (!notice) return null;
      // One notice per source event: a rerun stores and publishes nothing.
      const sourceKey = `${job.event}:${job.eventId}`;
      return { userId: job.recipientId, actorId: job.actorId, sourceKey, ...notice };
    });
  }

  /** The batch's reads; should that statement fail, each job reads alone, failing alone. */
  async function prepare(jobs: Payload[]): Promise<({ notice: Notice | null } | Outcome)[]> {
    try {
      return (await noticesFor(jobs)).map((notice) => ({ notice }));
    } catch (error) {
      if (jobs.length === 1) return [{ ok: false, error }];
      return Promise.all(
        jobs.map((job) =>
          noticesFor([job]).then(
            ([notice]) => ({ notice: notice ?? null }),
            (err: unknown): Outcome => ({ ok: false, error: err }),
          ),
        ),
      );
    }
  }

  async function run(jobs: Payload[]): Promise<Outcome[]> {
    const prepared = await prepare(jobs);
    const outcomes = prepared.map((p): Outcome => ('notice' in p ? { ok: true } : p));
    const told = prepared.flatMap((p, i) =>
      'notice' in p && p.notice ? [{ i, notice: p.notice }] : [],
    );
    const delivered = await deliverEachNotice(
      { db: deps.db, publisher },
      told.map((t) => t.notice),
    );
    told.forEach((t, k) => (outcomes[t.i] = delivered[k]!));
    return outcomes;
  }

  const enqueue = createBatcher(run, batching);
  return ({ data }) => enqueue(data);
}
