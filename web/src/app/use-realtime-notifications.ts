import { useLocation } from 'wouter';
import { showNotificationToast } from '../components/notification-toast';
import { useNotificationLiveSync } from '../features/notifications';
import { showNotice } from '../lib/toast';
import { changeNotificationCount, setNotificationCount } from '../lib/session';
import { useRealtimeEvent } from '../lib/use-realtime';

/**
 * What every screen does with live events: a notification raises the unread count by 1 and shows
 * its toast (spec §4); the server's count replaces ours when it is sent (after a read or delete)
 * and after every (re)connect. The notifications feature keeps its list fresh from the same events.
 */
export function useRealtimeNotifications(): void {
  const [, navigate] = useLocation();
  useNotificationLiveSync();

  useRealtimeEvent('notification', ({ data }) => {
    changeNotificationCount(1);
    showNotificationToast({ id: data.id, text: data.text, link: data.link }, navigate);
  });

  useRealtimeEvent('notification_count', ({ data }) => setNotificationCount(data.unread));

  useRealtimeEvent('system', ({ seq, data }) => {
    if (data.link)
      showNotificationToast({ id: `system-${seq}`, text: data.text, link: data.link }, navigate);
    else showNotice(data.text, 'info');
  });
}
