import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { setSessionEnd } from '@/lib/session-expiry';
import { signOut } from '@/lib/sign-out';
import { useRealtimeConnection } from '@/lib/use-realtime';
import { useRealtimeNotifications } from './use-realtime-notifications';

/**
 * What a signed-in user's app does in the background, mounted (and downloaded: a lazy chunk) only
 * while someone is signed in: the live connection, its toasts and caches (chat, notifications),
 * and `signOut()` as the end of an expired session (socket, session and query cache).
 */
export default function LiveUpdates() {
  const queryClient = useQueryClient();
  useRealtimeConnection();
  useRealtimeNotifications();
  useEffect(() => setSessionEnd(() => signOut(queryClient)), [queryClient]);
  return null;
}
