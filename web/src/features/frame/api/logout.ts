import { messageSchema } from '@touchline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@touchline/shared';
import { useLocation } from 'wouter';
import { loginPathFor, ROLE_HOME } from '@/config/paths';
import { api } from '@/lib/api-client';
import { signOut } from '@/lib/sign-out';
import { getRefreshToken } from '@/lib/tokens';

/** `POST /api/logout { refresh }`: the server ends the session of this refresh token. */
export function postLogout(refresh: string) {
  return api.post('logout', { refresh }, messageSchema);
}

/** The login page of a role's area: `/`, `/academy/login` or `/admin/login`. */
export function loginPathForRole(role: Role | null): string {
  return role ? loginPathFor(ROLE_HOME[role]) : '/';
}

/**
 * Logs out (spec §4): a mutation (its `isPending` is the pending state) posting `logout`; on
 * success or failure `signOut()` — the stored tokens and the whole user state go, the socket
 * closes, cached server data is dropped (the next person on this device must not see it) — and
 * the page goes to the role's login, replacing history.
 */
export function useLogout(role: Role | null) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      const refresh = getRefreshToken();
      if (refresh) await postLogout(refresh);
    },
    // A refused or unreachable logout still signs out on this device (spec §4). Signed out and
    // navigated in the same tick, so the guard never sees a signed-out user on a protected page
    // and redirects somewhere else first.
    onSettled: () => {
      signOut(queryClient);
      navigate(loginPathForRole(role), { replace: true });
    },
  });

  const logout = () => {
    if (!mutation.isPending) mutation.mutate();
  };

  return { logout, isPending: mutation.isPending };
}
