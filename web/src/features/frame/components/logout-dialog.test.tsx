import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, setSession } from '@/lib/session';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp } from '@/test/render-app';

type Call = { url: string; method: string; auth: string | null; body: unknown };

/** The network is the process edge: a scripted fetch that records every call. */
function serve(answer: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      calls.push({
        url: input,
        method: init.method ?? 'GET',
        auth: new Headers(init.headers).get('Authorization'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
      });
      return answer();
    }),
  );
  // The home page behind the menu reads its feed too: only the logout calls matter here.
  return {
    get logout() {
      return calls.filter((call) => call.url === '/api/logout');
    },
  };
}

const ok = () => new Response(JSON.stringify({ message: 'Logged out successfully' }));
const serverError = () => new Response(null, { status: 500, statusText: 'Internal Server Error' });

afterEach(() => {
  vi.unstubAllGlobals();
  // The shared setup file stubs the socket; put it back after unstubbing everything.
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

function signIn(role: Role) {
  setSession({
    user: role === 'academy' ? 'Lagos Stars Academy' : 'Tunde Bakare',
    role,
    user_id: `${role}-1`,
    profile_photo: null,
    access: `access-${role}`,
    refresh: `refresh-${role}`,
  });
}

async function openLogoutDialog(role: 'player' | 'academy') {
  const user = userEvent.setup();
  signIn(role);
  const view = renderApp(role === 'player' ? '/home' : '/academy/home');
  await screen.findByRole('heading', { name: /^Welcome, / });
  await user.click(screen.getByRole('button', { name: 'Account menu' }));
  await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
  // The dialog's code loads when first asked for.
  const dialog = await screen.findByRole('alertdialog', { name: 'Log out of Touchline?' });
  return { ...view, user, dialog };
}

function storedCredentials() {
  return ['access', 'refresh', 'role', 'user'].map((key) => localStorage.getItem(key));
}

describe('logout confirmation', () => {
  it('opens from the account menu with the focus on Cancel, trapped inside', async () => {
    const { user, dialog } = await openLogoutDialog('player');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Log out' });
    expect(cancel).toHaveFocus();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
  });

  it('Cancel closes it, keeps the session and returns focus to the avatar', async () => {
    const calls = serve(ok);
    const { user, dialog } = await openLogoutDialog('player');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
    expect(calls.logout).toHaveLength(0);
    expect(session.role).toBe('player');
  });

  it('Escape closes it and returns focus to the avatar', async () => {
    const { user } = await openLogoutDialog('academy');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveFocus();
  });

  it('posts the refresh token, clears the session and storage, and goes to / for a player', async () => {
    const calls = serve(ok);
    const { user, dialog, history } = await openLogoutDialog('player');
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.last();

    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));

    await waitFor(() => expect(history).toEqual(['/']));
    expect(calls.logout).toEqual([
      {
        url: '/api/logout',
        method: 'POST',
        auth: 'Bearer access-player',
        body: { refresh: 'refresh-player' },
      },
    ]);
    expect(storedCredentials()).toEqual([null, null, null, null]);
    expect(session).toMatchObject({ user: null, role: null, user_id: null });
    expect(socket.closedByClient).toBe(true);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('signs out just the same when the server answers an error', async () => {
    const calls = serve(serverError);
    const { user, dialog, history } = await openLogoutDialog('player');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(history).toEqual(['/']));
    expect(calls.logout.map((call) => call.url)).toEqual(['/api/logout']);
    expect(storedCredentials()).toEqual([null, null, null, null]);
    expect(session.role).toBeNull();
    expect(session.user).toBeNull();
  });

  it('signs out just the same when the network is down', async () => {
    serve(() => Promise.reject(new TypeError('Failed to fetch')));
    const { user, dialog, history } = await openLogoutDialog('player');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(history).toEqual(['/']));
    expect(storedCredentials()).toEqual([null, null, null, null]);
  });

  it('sends an academy to /academy/login', async () => {
    const calls = serve(ok);
    const { user, dialog, history } = await openLogoutDialog('academy');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(history).toEqual(['/academy/login']));
    expect(calls.logout[0]?.body).toEqual({ refresh: 'refresh-academy' });
    expect(storedCredentials()).toEqual([null, null, null, null]);
  });

  it('shows that it is working and cannot be cancelled while the call is pending', async () => {
    let release: (response: Response) => void = () => {};
    serve(() => new Promise<Response>((resolve) => (release = resolve)));
    const { user, dialog, history } = await openLogoutDialog('player');
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(within(dialog).getByRole('button', { name: 'Logging out…' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    release(ok());
    await waitFor(() => expect(history).toEqual(['/']));
  });
});
