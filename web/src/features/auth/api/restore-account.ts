import { useMutation } from '@tanstack/react-query';
import { messageSchema, type RestoreAccountBody } from '@touchline/shared';
import { api } from '@/lib/api-client';

/**
 * `POST /api/account/restore`: a deleted account within its 30 days comes back, proven with the
 * same credentials as the sign-in that answered `account.pending_deletion` (or a Google token).
 */
export function restoreAccount(body: RestoreAccountBody) {
  return api.post('account/restore', body, messageSchema);
}

export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount });
}
