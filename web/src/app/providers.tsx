import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@touchline/shared';
import { queryClient as defaultQueryClient } from '@/lib/query-client';
import { setSessionEnd } from '@/lib/session-expiry';
import { signOut } from '@/lib/sign-out';
import type { QueryClient } from '@tanstack/react-query';

/** Server state and toasts for everything below. */
export function AppProviders({
  children,
  queryClient = defaultQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  // An expired session signs out like a logout does, clearing this client's cache.
  useEffect(() => setSessionEnd(() => signOut(queryClient)), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ToastContainer autoClose={TIMINGS.toastAutoHideMs} newestOnTop theme="light" />
    </QueryClientProvider>
  );
}
