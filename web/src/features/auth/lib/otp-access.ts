import { session, toggleAccess } from '@/lib/session';

/** The session's OTP access flag (spec §3): on while a code is awaited, off once verified. */
export function grantOtpAccess(): void {
  if (!session.is_access) toggleAccess();
}

export function revokeOtpAccess(): void {
  if (session.is_access) toggleAccess();
}
