import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `POST /api/reset_password {reset_token, password}`: every session is signed out. */
export function resetPassword(input: { reset_token: string; password: string }) {
  return api.post('reset_password', input, messageSchema);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
