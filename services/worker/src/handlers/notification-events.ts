import type { NotificationRow } from '@touchline/db/notifications';
import type { BusDriver } from '@touchline/drivers';
import { userChannel, type BusMessage, type StoredServerEvent } from '@touchline/shared';

/**
 * The `notification` socket event's data for a stored row (the same id as the row), with the
 * recipient's unread count after it, so the client's badge never has to guess.
 */
export function notificationEventData(row: NotificationRow, unread: number) {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    actor_id: row.actorId,
    created_at: row.createdAt.toISOString(),
    unread,
  };
}

/** Pushes committed stored events to the user's open tabs, in sequence order. */
export async function publishStored(
  bus: BusDriver,
  userId: string,
  events: readonly StoredServerEvent[],
): Promise<void> {
  for (const event of events) {
    const message: BusMessage = { kind: 'stored', event };
    await bus.publish(userChannel(userId), message);
  }
}
