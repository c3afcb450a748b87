import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CodePurpose = 'verify' | 'reset';
export type VerifyCodeAnswer = { message: string; reset_token?: string };

/**
 * `PUT /api/otp_verification {email, otp, purpose}`: verifies the e-mail, or (purpose `reset`)
 * answers the single-use reset token.
 */
export function verifyCode(input: { email: string; otp: string; purpose: CodePurpose }) {
  return api.put<VerifyCodeAnswer>('otp_verification', input);
}

export function useVerifyCode() {
  return useMutation({ mutationFn: verifyCode });
}
