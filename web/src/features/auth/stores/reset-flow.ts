import { proxy } from 'valtio';

/**
 * The password reset in progress: the address the code went to and, once the code is verified,
 * the single-use reset token (valid 15 minutes). Memory only: the token never reaches the URL or
 * storage, so a reload starts the reset again.
 */
export type ResetFlow = { email: string | null; resetToken: string | null; academy: boolean };

export const resetFlow = proxy<ResetFlow>({ email: null, resetToken: null, academy: false });

export function startReset(email: string, academy: boolean): void {
  Object.assign(resetFlow, { email, resetToken: null, academy });
}

export function setResetToken(resetToken: string): void {
  resetFlow.resetToken = resetToken;
}

export function endReset(): void {
  Object.assign(resetFlow, { email: null, resetToken: null, academy: false });
}
