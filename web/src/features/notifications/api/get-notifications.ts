import type { QueryClient } from '@tanstack/react-query';
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { notificationPageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { setUnreadCount } from '@/api/notifications/get-unread-count';

export type NotificationPage = ReturnType<typeof notificationPageSchema.parse>;

/** Every notification query starts with this key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

/**
 * `GET /api/notification?before=` — 20 a page, newest first by (created_at, id): each page asks
 * for what is older than the last row it holds (`next`), so rows arriving meanwhile never shift
 * a page. The first page also carries the server's unread count, which the badge takes
 * (supplement §8: the count is the server's).
 */
export async function getNotifications(
  queryClient: QueryClient,
  before: string | null,
  signal?: AbortSignal,
) {
  const query = before ? { before } : {};
  const answer = await api.get('notification', notificationPageSchema, { query, signal });
  if (before === null) setUnreadCount(queryClient, answer.unread_count);
  return answer;
}

export const notificationsQueryOptions = (queryClient: QueryClient) =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(queryClient, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: NotificationPage) => last.next ?? undefined,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions(useQueryClient()));
}
