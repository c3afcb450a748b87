import type { Database } from '@touchline/db';
import { deliverNotices } from '@touchline/delivery';
import { findNotificationParties } from '@touchline/db/notifications';
import { areFriends, findRequest } from '@touchline/db/social';
import type { BusDriver, JobHandler } from '@touchline/drivers';
import {
  NOTIFICATION_TEXTS,
  profileLink,
  type JobPayload,
  type NotificationKind,
} from '@touchline/shared';
import { publisherFor } from './delivery';

type Payload = JobPayload<'notifications.create'>;
type Draft = { kind: NotificationKind; text: string; link: string };

/**
 * Stores the recipient's notification for a domain event, numbers it in the recipient's realtime
 * stream in the same transaction, and pushes it to their open tabs after commit. Idempotent: one
 * notification per source event. Skipped when the recipient is gone or inactive, when either side
 * blocked the other since, or when a friend request was withdrawn before it was processed.
 *
 * The outcome never depends on when the job runs: a request the recipient accepted (or crossed
 * with a request of their own) before the job ran still gives them the same unread 'sent you a
 * friend request' notification a prompt worker would have stored — it is part of their history,
 * and in the crossing case the only word that the other player asked first — and the accept
 * notification goes to the sender whatever the request job did.
 */
export function createNotificationsHandler(deps: {
  db: Database;
  bus: BusDriver;
}): JobHandler<'notifications.create'> {
  /** Pending, or already turned into a friendship: only a withdrawn or declined request is gone. */
  async function requestStillStands(fromId: string, toId: string) {
    return (
      (await findRequest(deps.db, fromId, toId)) !== null ||
      (await areFriends(deps.db, fromId, toId))
    );
  }

  async function draft(p: Payload, actorName: string, actorRole: string): Promise<Draft | null> {
    const link = profileLink(p.actorId, actorRole);
    switch (p.event) {
      case 'friend.requested':
        if (!(await requestStillStands(p.actorId, p.recipientId))) return null;
        return { kind: 'friend_request', text: NOTIFICATION_TEXTS.friendRequest(actorName), link };
      case 'friend.accepted':
        return {
          kind: 'friend_accepted',
          text: NOTIFICATION_TEXTS.friendAccepted(actorName),
          link,
        };
      case 'follow.created':
        return { kind: 'follow', text: NOTIFICATION_TEXTS.follow(actorName), link };
    }
  }

  return async ({ data }) => {
    // Both people, their state and any block between them: one statement.
    const parties = await findNotificationParties(deps.db, data.actorId, data.recipientId);
    if (!parties?.ok) return;
    const actor = { id: data.actorId };
    const recipient = { id: data.recipientId };
    const notification = await draft(data, parties.actorName, parties.actorRole);
    if (!notification) return;

    // One notice per source event: a rerun stores and publishes nothing.
    await deliverNotices({ db: deps.db, publisher: publisherFor(deps.bus) }, [
      {
        userId: recipient.id,
        actorId: actor.id,
        sourceKey: `${data.event}:${data.eventId}`,
        ...notification,
      },
    ]);
  };
}
