import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { Toaster } from '@/components/toaster';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { clearSession } from '@/lib/session';
import { setSessionEnd } from '@/lib/session-expiry';
import type { QueryClient } from '@tanstack/react-query';

/** Server state and toasts for everything below. */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // An expired session signs out like a logout does, clearing this client's cache. While someone
  // is signed in, the lazy live-updates chunk installs the full `signOut()` (which also closes
  // the socket it opened); until it has loaded there is no socket, and this does the rest.
  useEffect(
    () =>
      setSessionEnd(() => {
        clearSession();
        queryClient.clear();
      }),
    [queryClient],
  );
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
