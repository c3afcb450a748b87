import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ToastContainer } from 'react-toastify';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

/**
 * Test helper: renders an admin screen at `path` (with its query, if any) with a fresh query
 * cache, a router and the toasts. `history` records the addresses (a replace overwrites the last
 * one); `navigate` moves as a link elsewhere on the page would.
 */
export function renderAdminScreen(ui: ReactElement, path = '/admin/home') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const memory = memoryLocation({ path, record: true });
  const view = render(
    <Router hook={memory.hook}>
      <QueryClientProvider client={queryClient}>
        {ui}
        <ToastContainer />
      </QueryClientProvider>
    </Router>,
  );
  return {
    ...view,
    user: userEvent.setup(),
    history: memory.history ?? [],
    navigate: memory.navigate,
    queryClient,
  };
}
