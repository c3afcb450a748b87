import { useMutation } from '@tanstack/react-query';
import type { CodePurpose } from '@touchline/shared';
import { otpVerifyResponseSchema } from '@touchline/shared';
import { api } from '@/lib/api-client';

/** The answer's type comes from the shared schema. */
export type VerifyCodeAnswer = ReturnType<typeof otpVerifyResponseSchema.parse>;
export type { CodePurpose };

/**
 * `PUT /api/otp_verification {email, otp, purpose}`: verifies the e-mail, or (purpose `reset`)
 * answers the single-use reset token.
 */
export function verifyCode(input: { email: string; otp: string; purpose: CodePurpose }) {
  return api.put('otp_verification', input, otpVerifyResponseSchema);
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
