import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { syncUnreadCount } from '../api/get-unread-count';
import { NOTIFICATION_LIST_KEY } from '../api/get-notifications';
import { putLiveNotification } from '../api/put-live-notification';

/**
 * Keeps notification data live: a new or updated notification goes first in the cached list at
 * once (an updated grouped like replaces its row, see `putLiveNotification`) and the list is
 * refetched for the actor's details; after every socket (re)connect (`ready`, sent once the
 * missed events were replayed) the badge takes the server's unread count. The badge's +1 per
 * notification and the toast are the shell's (`app/use-realtime-notifications.ts`), so nothing
 * is counted twice; the `notification_count` that follows an updated row that was unread already
 * sets the badge back to the server's count.
 */
export function useNotificationLiveSync(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', ({ data }) => {
    putLiveNotification(queryClient, data);
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
  });
  useRealtimeEvent('notification_count', () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
  });
  useRealtimeEvent('ready', () => {
    void syncUnreadCount();
  });
}
