import { useQueryClient } from '@tanstack/react-query';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { setUnreadCount } from '@/api/notifications/get-unread-count';
import { showNotificationToast } from '@/components/notification-toast';
import { linkForRole } from '@/config/paths';
import { useChatLiveSync } from '@/features/chat';
import { useNotificationLiveSync } from '@/features/notifications';
import { session } from '@/lib/session';
import { showNotice } from '@/lib/toast';
import { useRealtimeEvent } from '@/lib/use-realtime';

/**
 * What every screen does with live events: a notification shows its toast (spec §4) and the
 * badge takes the unread count it carries; a `notification_count` (after a read or delete in
 * another tab) replaces it too. The server's count is the only one: the client never adds. The notifications feature keeps its list fresh from the same events, and the chat feature its
 * conversations, counts and presence.
 */
export function useRealtimeNotifications(): void {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const { role } = useSnapshot(session);
  useNotificationLiveSync();
  useChatLiveSync();

  useRealtimeEvent('notification', ({ data }) => {
    setUnreadCount(queryClient, data.unread);
    // An administrator's 'New message from …' opens /admin/chat/<thread> (/chat is not theirs).
    const link = linkForRole(data.link, role);
    showNotificationToast({ id: data.id, text: data.text, link }, navigate);
  });

  useRealtimeEvent('notification_count', ({ data }) => setUnreadCount(queryClient, data.unread));

  useRealtimeEvent('system', ({ seq, data }) => {
    if (data.link)
      showNotificationToast({ id: `system-${seq}`, text: data.text, link: data.link }, navigate);
    else showNotice(data.text, 'info');
  });
}
