import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { NotificationView } from '@touchline/shared';
import type { NotificationPage } from './get-notifications';
import { NOTIFICATION_LIST_KEY } from './get-notifications';

type Change = (rows: NotificationView[]) => NotificationView[];

/** Changes the cached list at once (an optimistic update); answers how to put it back. */
export async function updateList(queryClient: QueryClient, change: Change) {
  await queryClient.cancelQueries({ queryKey: NOTIFICATION_LIST_KEY });
  const previous = queryClient.getQueryData<InfiniteData<NotificationPage>>(NOTIFICATION_LIST_KEY);
  if (previous) {
    queryClient.setQueryData<InfiniteData<NotificationPage>>(NOTIFICATION_LIST_KEY, {
      ...previous,
      pages: previous.pages.map((page) => ({ ...page, results: change(page.results) })),
    });
  }
  return () => queryClient.setQueryData(NOTIFICATION_LIST_KEY, previous);
}
