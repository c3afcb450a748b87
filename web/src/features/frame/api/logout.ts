import { useQueryClient } from '@tanstack/react-query';
import type { Role } from '@touchline/shared';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { loginPathFor, ROLE_HOME } from '../../../config/paths';
import { api } from '../../../lib/api-client';
import { realtime } from '../../../lib/realtime';
import { clearSession, setAuthStatus } from '../../../lib/session';
import { getRefreshToken } from '../../../lib/tokens';

/** `POST /api/logout { refresh }`: the server ends the session of this refresh token. */
export function postLogout(refresh: string) {
  return api.post<{ message: string }>('logout', { refresh });
}

/** The login page of a role's area: `/`, `/academy/login` or `/admin/login`. */
export function loginPathForRole(role: Role | null): string {
  return role ? loginPathFor(ROLE_HOME[role]) : '/';
}

/**
 * Logs out (spec §4): pending, then `POST logout`; on success or failure the stored tokens and
 * the whole user state go, the socket closes, cached server data is dropped (the next person on
 * this device must not see it) and the page goes to the role's login, replacing history.
 */
export function useLogout(role: Role | null) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  const logout = async () => {
    if (pending) return;
    setPending(true);
    setAuthStatus({ loading: true, error: null });
    const refresh = getRefreshToken();
    try {
      if (refresh) await postLogout(refresh);
    } catch {
      // A refused or unreachable logout still signs out on this device (spec §4).
    }
    // Cleared and navigated in the same tick, so the guard never sees a signed-out user on a
    // protected page and redirects somewhere else first.
    realtime.disconnect();
    clearSession();
    queryClient.clear();
    navigate(loginPathForRole(role), { replace: true });
  };

  return { logout, pending };
}
