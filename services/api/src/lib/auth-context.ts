import type { ConsentStatus, Role } from '@touchline/shared';

/**
 * Who is asking, once for the whole API: the auth plugin verifies the access token and its
 * session and sets `request.auth`; routes hand it (or the part a service needs) to services.
 */
export type AuthContext = {
  userId: string;
  role: Role;
  sessionId: string;
  /** A child's consent (supplement §14); `not_needed` for everyone else. */
  consentStatus: ConsentStatus;
};

/**
 * What services decide on: the signed-in user and their role. Every `AuthContext` is one, so a
 * route passes `request.auth` as it is; a test or a module acting for someone passes these two.
 */
export type Viewer = Pick<AuthContext, 'userId' | 'role'>;
