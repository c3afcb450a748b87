import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { notificationPageSchema } from '@touchline/shared';
import { api } from '../../../lib/api-client';
import { setNotificationCount } from '../../../lib/session';

export type NotificationPage = ReturnType<typeof notificationPageSchema.parse>;

/** Every notification query starts with this key. */
export const NOTIFICATIONS_KEY = ['notifications'] as const;
export const NOTIFICATION_LIST_KEY = [...NOTIFICATIONS_KEY, 'list'] as const;

/**
 * `GET /api/notification?page=` — 20 a page, newest first. The first page also carries the
 * server's unread count, which the badge takes (supplement §8: the count is the server's).
 */
export async function getNotifications(page: number, signal?: AbortSignal) {
  const answer = await api.get('notification', {
    query: { page },
    signal,
    schema: notificationPageSchema,
  });
  if (page === 1) setNotificationCount(answer.unread_count);
  return answer;
}

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last: NotificationPage) => (last.has_more ? last.page + 1 : undefined),
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
