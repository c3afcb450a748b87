import { useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent } from '../../../lib/use-realtime';
import { syncUnreadCount } from '../api/get-unread-count';
import { NOTIFICATION_LIST_KEY } from '../api/get-notifications';

/**
 * Keeps notification data live: a new notification refreshes the list, and after every socket
 * (re)connect (`ready`, sent once the missed events were replayed) the badge takes the server's
 * unread count. The badge's +1 per notification and the toast are the shell's
 * (`app/use-realtime-notifications.ts`), so nothing is counted twice.
 */
export function useNotificationLiveSync(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
  });
  useRealtimeEvent('notification_count', () => {
    void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY });
  });
  useRealtimeEvent('ready', () => {
    void syncUnreadCount();
  });
}
