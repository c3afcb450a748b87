import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setNotificationCount } from '../../../lib/session';
import { NOTIFICATION_LIST_KEY } from './get-notifications';
import { updateList } from './update-list';

/** `POST /api/mark_as_read/{id}` — marks one notification read. Answers the new unread count. */
export function markAsRead(id: string) {
  return api.post<{ unread_count: number }>(`mark_as_read/${id}`);
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
    onSuccess: ({ unread_count }) => setNotificationCount(unread_count),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
  });
}
