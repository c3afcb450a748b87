import { unreadCountSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUnreadCount } from '@/api/notifications/get-unread-count';
import { api } from '@/lib/api-client';
import { NOTIFICATION_LIST_KEY } from './get-notifications';
import { updateList } from './update-list';

/** `POST /api/mark_as_read/{id}` — marks one notification read. Answers the new unread count. */
export function markAsRead(id: string) {
  return api.post(`mark_as_read/${id}`, undefined, unreadCountSchema);
}

export function useMarkAsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAsRead,
    onMutate: async (id: string) => ({
      restore: await updateList(queryClient, (rows) =>
        rows.map((row) => (row.id === id ? { ...row, is_read: true } : row)),
      ),
    }),
    onError: (_error, _id, context) => context?.restore(),
    onSuccess: ({ unread_count }) => setUnreadCount(queryClient, unread_count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
  });
}
