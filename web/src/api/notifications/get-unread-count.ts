import type { QueryClient } from '@tanstack/react-query';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadCountSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

export const UNREAD_COUNT_KEY = ['notifications', 'unread-count'] as const;

/** `GET /api/notification/unread_count`: the server's unread count. */
export function getUnreadCount(signal?: AbortSignal) {
  return api.get('notification/unread_count', unreadCountSchema, { signal });
}

/**
 * The badge's count lives only here. The server sends it with every notification event and every
 * read, delete or list answer (`setUnreadCount`), and it is fetched again after each socket
 * (re)connect (supplement §8: the count is the server's).
 */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_COUNT_KEY,
    queryFn: ({ signal }) => getUnreadCount(signal),
    staleTime: Infinity,
  });

/** The unread count (0 until known); only fetched while someone is signed in. */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useQuery({ ...unreadCountQueryOptions(), enabled: signedIn });
  return signedIn ? (data?.unread_count ?? 0) : 0;
}

export function setUnreadCount(queryClient: QueryClient, count: number): void {
  const unread_count = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  queryClient.setQueryData(UNREAD_COUNT_KEY, { unread_count });
}
