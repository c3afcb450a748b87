import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { useAdminAction } from './admin-api';

type Target = { id: string; username: string };

/**
 * `POST /api/admin/users/{id}/block {reason}` and `…/unblock {reason?}` (players and academies alike; the
 * API refuses administrators). `onDone` runs on success (close the dialog).
 */
export function useSetBlocked(onDone: () => void) {
  return useAdminAction({
    run: ({ id, block, reason }: Target & { block: boolean; reason: string }) =>
      api.post(
        `admin/users/${id}/${block ? 'block' : 'unblock'}`,
        block || reason ? { reason } : {},
        messageSchema,
      ),
    success: (_answer, { username, block }) => `${username} is ${block ? 'blocked' : 'unblocked'}`,
    onSuccess: onDone,
  });
}
