import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setNotificationCount } from '../../../lib/session';
import { NOTIFICATION_LIST_KEY } from './get-notifications';
import { updateList } from './update-list';

/** `POST /api/mark_all_as_read`. */
export function markAllAsRead() {
  return api.post<{ unread_count?: number }>('mark_all_as_read');
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
    onSuccess: (answer) => setNotificationCount(answer?.unread_count ?? 0),
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
  });
}
