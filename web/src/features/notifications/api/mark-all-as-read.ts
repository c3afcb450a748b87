import { unreadCountSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUnreadCount } from '@/api/notifications/get-unread-count';
import { api } from '@/lib/api-client';
import { NOTIFICATION_LIST_KEY } from './get-notifications';
import { updateList } from './update-list';

/** `POST /api/mark_all_as_read`. */
export function markAllAsRead() {
  return api.post('mark_all_as_read', undefined, unreadCountSchema);
}

export function useMarkAllAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllAsRead,
    onMutate: async () => ({
      restore: await updateList(queryClient, (rows) =>
        rows.map((row) => ({ ...row, is_read: true })),
      ),
    }),
    onError: (_error, _variables, context) => context?.restore(),
    onSuccess: ({ unread_count }) => setUnreadCount(queryClient, unread_count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
  });
}
