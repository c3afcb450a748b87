import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountDeletedSchema, type DeleteAccountBody, type Role } from '@touchline/shared';
import { useLocation } from 'wouter';
import { loginPathFor, ROLE_HOME } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { signOut } from '@/lib/sign-out';
import { showNotice } from '@/lib/toast';

/** `DELETE /api/me {password | id_token, immediately}`. */
export function deleteAccount(body: DeleteAccountBody) {
  return apiRequest('me', { method: 'DELETE', body, schema: accountDeletedSchema });
}

/**
 * Deletes the account; once the server answers, this device signs out (the server has already
 * ended every session) and the login page of the role's area opens with the answer's message.
 */
export function useDeleteAccount(role: Role | null) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (answer) => {
      signOut(queryClient);
      navigate(role ? loginPathFor(ROLE_HOME[role]) : '/', { replace: true });
      showNotice(answer.message, 'success');
    },
  });
}
