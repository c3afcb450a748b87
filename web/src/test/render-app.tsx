import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { Role } from '@touchline/shared';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { App } from '@/app/app';
import { AppProviders } from '@/app/providers';
import type { AppRoute } from '@/app/routes';
import { setSession } from '@/lib/session';

/** Renders the whole app at `path` on an in-memory history that records every entry. */
export function renderApp(path: string, options: { routes?: readonly AppRoute[] } = {}) {
  const memory = memoryLocation({ path, record: true });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <Router hook={memory.hook} searchHook={memory.searchHook}>
      <AppProviders queryClient={queryClient}>
        <App routes={options.routes} />
      </AppProviders>
    </Router>,
  );
  return { ...view, memory, history: memory.history ?? [], queryClient };
}

/** Signs in as a user of this role, as a login would. */
export function signInAs(role: Role, userId = `${role}-1`) {
  setSession({
    user: `${role} user`,
    role,
    user_id: userId,
    dob: '2000-01-01',
    profile_photo: null,
    access: `access-${role}`,
    refresh: `refresh-${role}`,
  });
}
