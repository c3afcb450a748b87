import type { QueryClient } from '@tanstack/react-query';
import { realtime } from './realtime';
import { clearSession } from './session';

/**
 * Signs out on this device, the one way both a logout and an expired session end: the socket
 * closes, the tokens and the whole user state go, and the cached server data is dropped (the
 * next person on this device must not see it). Callers navigate afterwards, in the same tick,
 * so the route guard never sees a signed-out user on a protected page first.
 */
export function signOut(queryClient: QueryClient): void {
  realtime.disconnect();
  clearSession();
  queryClient.clear();
}
