import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { chatUnreadResponseSchema } from '@touchline/shared';
import { useSnapshot } from 'valtio';
import { api } from '@/lib/api-client';
import { session } from '@/lib/session';
import { chatKeys } from './chat-keys';

/** `GET /api/chat_unread`: the caller's unread messages over all conversations. */
export function getChatUnread(signal?: AbortSignal) {
  return api.get('chat_unread', chatUnreadResponseSchema, { signal });
}

/**
 * The Messages badge's total lives only here: fetched once, then replaced by the total every chat
 * event and every read answer carries (the server's count; the client never adds), and fetched
 * again after each socket (re)connect.
 */
export const chatUnreadQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.unread,
    queryFn: ({ signal }) => getChatUnread(signal),
    staleTime: Infinity,
  });

/** The unread message total (0 until known, and while signed out). */
export function useChatUnreadTotal(): number {
  const { user_id } = useSnapshot(session);
  const signedIn = Boolean(user_id);
  const { data } = useQuery({ ...chatUnreadQueryOptions(), enabled: signedIn });
  return signedIn ? (data?.unread_total ?? 0) : 0;
}

export function setChatUnreadTotal(queryClient: QueryClient, total: number): void {
  const unread_total = Number.isFinite(total) ? Math.max(0, Math.floor(total)) : 0;
  queryClient.setQueryData(chatKeys.unread, { unread_total });
}
