import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminUi, setSidebarOpen } from '@/lib/admin-ui';
import { setSession } from '@/lib/session';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp } from '@/test/render-app';

beforeEach(() => {
  setSidebarOpen(true);
  setSession({
    user: 'Touchline Admin',
    role: 'admin',
    user_id: 'admin-1',
    access: 'access-admin',
    refresh: 'refresh-admin',
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

async function openAdminHome() {
  const view = renderApp('/admin/home');
  await screen.findByRole('heading', { name: 'Welcome, Touchline Admin' });
  return { ...view, user: userEvent.setup() };
}

describe('admin frame', () => {
  it('lists the admin sections and Logout in the sidebar', async () => {
    await openAdminHome();
    const sidebar = screen.getByRole('complementary', { name: 'Admin sidebar' });
    const links = within(sidebar).getByRole('navigation', { name: 'Admin' });
    expect(
      within(links)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Home', '/admin/home'],
      ['Academies', '/admin/academyview'],
      ['Players', '/admin/playerview'],
      ['Trials', '/admin/trialview'],
      ['Accounts', '/admin/accounts'],
      ['Reports', '/admin/reports'],
      ['Messages', '/admin/chat'],
      ['Consents', '/admin/consents'],
      ['Audit log', '/admin/audit'],
      ['Queues', '/admin/queues'],
    ]);
    expect(within(links).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(sidebar).getByRole('button', { name: 'Logout' })).toBeVisible();
  });

  it('collapses the sidebar to icons and remembers it under root.admin', async () => {
    const { user } = await openAdminHome();
    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(adminUi.sidebarOpen).toBe(false);
    expect(JSON.parse(localStorage.getItem('root') ?? '{}').admin).toEqual({ sidebarOpen: false });
    const sidebar = screen.getByRole('complementary', { name: 'Admin sidebar' });
    // The names stay as accessible labels while only the icons show.
    expect(within(sidebar).getByRole('link', { name: 'Academies' })).toBeInTheDocument();
    expect(within(sidebar).queryByText('Academies')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expand sidebar' }));
    expect(adminUi.sidebarOpen).toBe(true);
    expect(within(sidebar).getByText('Academies')).toBeInTheDocument();
  });

  it('opens the phone drawer from the menu button and closes it on Escape', async () => {
    const { user } = await openAdminHome();
    const menuButton = screen.getByRole('button', { name: 'Open navigation' });
    await user.click(menuButton);
    const drawer = screen.getByRole('dialog', { name: 'Admin navigation' });
    expect(within(drawer).getByRole('button', { name: 'Close navigation' })).toHaveFocus();
    expect(within(drawer).getAllByRole('link', { name: 'Players' })).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(menuButton).toHaveFocus();
  });

  it('logs out after confirmation and goes to /admin/login', async () => {
    const calls: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ message: 'Logged out successfully' }));
      }),
    );
    const { user, history } = await openAdminHome();
    const sidebar = screen.getByRole('complementary', { name: 'Admin sidebar' });
    await user.click(within(sidebar).getByRole('button', { name: 'Logout' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Log out of Touchline?' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(history).toEqual(['/admin/login']));
    expect(calls).toEqual([{ url: '/api/logout', body: { refresh: 'refresh-admin' } }]);
    expect(localStorage.getItem('access')).toBeNull();
  });
});
