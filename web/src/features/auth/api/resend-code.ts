import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** `POST /api/resend_otp {email}`: a new verification code (60 s apart, 5 an hour). */
export function resendCode(email: string) {
  return api.post('resend_otp', { email }, messageSchema);
}

export function useResendCode() {
  return useMutation({ mutationFn: resendCode });
}
