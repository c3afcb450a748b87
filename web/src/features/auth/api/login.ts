import { useMutation } from '@tanstack/react-query';
import { MESSAGES } from '@touchline/shared';
import { api } from '@/lib/api-client';
import type { SessionInput } from '@/lib/session';
import { loadLoginSchemas } from '../lib/load-login-schemas';

/** Which login page: players at `/`, academies at `/academy/login`, admins at `/admin/login`. */
export type LoginArea = 'player' | 'academy' | 'admin';

export type Credentials = { email: string; password: string };

/** The token answer had no access token (spec §5). */
export class AuthenticationError extends Error {
  constructor() {
    super(MESSAGES.authenticationError);
    this.name = 'AuthenticationError';
  }
}

/**
 * Spec §7: `POST /api/login` answers the session user, then `POST /api/token/` with the same
 * credentials answers the tokens. Without an access token the login fails.
 */
export async function login(credentials: Credentials, area: LoginArea): Promise<SessionInput> {
  const body = {
    email: credentials.email,
    password: credentials.password,
    is_academy: area === 'academy',
    ...(area === 'admin' ? { is_admin: true } : {}),
  };
  const { loginResponseSchema, tokenPairSchema } = await loadLoginSchemas();
  const user = await api.post('login', body, loginResponseSchema);
  const tokens = await api.post('token/', body, tokenPairSchema.partial());
  // Parsed leniently: an answer without an access token is the specification's own failure.
  const { access, refresh } = tokens;
  if (!access || !refresh) {
    throw new AuthenticationError();
  }
  return { ...user, access, refresh };
}

export function useLogin(area: LoginArea) {
  return useMutation({
    mutationFn: (credentials: Credentials) => login(credentials, area),
  });
}
