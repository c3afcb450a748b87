import { unreadCountSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { setUnreadCount } from '@/api/notifications/get-unread-count';
import { api } from '@/lib/api-client';
import { NOTIFICATION_LIST_KEY } from './get-notifications';
import { updateList } from './update-list';

/** `DELETE /api/notification/{id}`. Answers the new unread count. */
export function deleteNotification(id: string) {
  return api.delete(`notification/${id}`, unreadCountSchema);
}

export function useDeleteNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNotification,
    onMutate: async (id: string) => ({
      restore: await updateList(queryClient, (rows) => rows.filter((row) => row.id !== id)),
    }),
    onError: (_error, _id, context) => context?.restore(),
    onSuccess: ({ unread_count }) => setUnreadCount(queryClient, unread_count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
  });
}
