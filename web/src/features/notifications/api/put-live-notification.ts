import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@touchline/shared';
import type { RealtimeEvents } from '@/lib/realtime';
import { NOTIFICATION_LIST_KEY, type NotificationPage } from './get-notifications';

export type LiveNotification = RealtimeEvents['notification']['data'];

/**
 * Puts a notification that arrived over the socket first in the cached list, unread. A grouped
 * notification (likes on one post within an hour) arrives again with the id of the row it
 * updated: that row is replaced and moved up, never shown twice. The actor's name and photo are
 * taken from any cached row of the same actor until the list is refetched.
 */
export function putLiveNotification(queryClient: QueryClient, live: LiveNotification): void {
  queryClient.setQueryData<InfiniteData<NotificationPage>>(NOTIFICATION_LIST_KEY, (previous) => {
    if (!previous || previous.pages.length === 0) return previous;
    const cached = previous.pages.flatMap((page) => page.results);
    const actor = live.actor_id
      ? (cached.find((row) => row.actor?.id === live.actor_id)?.actor ?? null)
      : null;
    const row: NotificationView = {
      id: live.id,
      kind: live.kind,
      text: live.text,
      link: live.link,
      actor,
      is_read: false,
      created_at: live.created_at,
    };
    return {
      ...previous,
      pages: previous.pages.map((page, index) => {
        const others = page.results.filter((result) => result.id !== live.id);
        return { ...page, results: index === 0 ? [row, ...others] : others };
      }),
    };
  });
}
