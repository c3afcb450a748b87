import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `POST /api/forget_pass {email}`: sends a reset code (the same answer for unknown e-mails). */
export function forgotPassword(email: string) {
  return api.post('forget_pass', { email }, messageSchema);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
