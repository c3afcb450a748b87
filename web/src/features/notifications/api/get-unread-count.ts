import { api } from '../../../lib/api-client';
import { setNotificationCount } from '../../../lib/session';

type UnreadCount = { unread_count: number };

/** `GET /api/notification/unread_count` — the server's unread count. */
export function getUnreadCount(signal?: AbortSignal): Promise<UnreadCount> {
  return api.get<UnreadCount>('notification/unread_count', { signal });
}

/**
 * Puts the server's count on the badge (after every socket (re)connect, supplement §8). The badge
 * lives in the session store, not in the query cache, so this is a plain call; a failure keeps
 * the current count and is only logged.
 */
export async function syncUnreadCount(): Promise<void> {
  try {
    const { unread_count } = await getUnreadCount();
    setNotificationCount(unread_count);
  } catch (error) {
    console.error('Could not re-sync the unread count', error);
  }
}
