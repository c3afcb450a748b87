import { useQueryClient } from '@tanstack/react-query';
import { UNREAD_COUNT_KEY } from '@/api/notifications/get-unread-count';
import { useRealtimeEvent } from '@/lib/use-realtime';
import { NOTIFICATION_LIST_KEY } from '../api/get-notifications';
import { putLiveNotification } from '../api/put-live-notification';

/**
 * Keeps notification data live: a new or updated notification goes first in the cached list at
 * once (an updated grouped like replaces its row, see `putLiveNotification`) and the list is
 * refetched for the actor's details; after every socket (re)connect (`ready`, sent once the
 * missed events were replayed) the unread count is fetched again. The count each event carries
 * and the toast are the shell's (`app/use-realtime-notifications.ts`).
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
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
  });
}
