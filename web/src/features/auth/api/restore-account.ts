import { useMutation } from '@tanstack/react-query';
import type { RestoreAccountBody } from '@touchline/shared';
import { api } from '@/lib/api-client';
import { loadLoginSchemas } from '../lib/load-login-schemas';

/**
 * `POST /api/account/restore`: a deleted account within its 30 days comes back, proven with the
 * same credentials as the sign-in that answered `account.pending_deletion` (or a Google token).
 * Its answer's schema comes with the sign-in schemas' lazy chunk: the login page's first load
 * carries no zod (the 110 kB budget in web/e2e/budgets.spec.ts).
 */
export async function restoreAccount(body: RestoreAccountBody) {
  const { messageSchema } = await loadLoginSchemas();
  return api.post('account/restore', body, messageSchema);
}

export function useRestoreAccount() {
  return useMutation({ mutationFn: restoreAccount });
}
