import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Role } from '@touchline/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { setChatUnreadTotal } from '@/api/chat';
import { setUnreadCount } from '@/api/notifications/get-unread-count';
import { setSession } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import type { Route } from '@/test/fake-api';
import { serveApi } from '@/test/fake-api';

function signIn(role: Role, name = role === 'academy' ? 'Lagos Stars Academy' : 'Tunde Bakare') {
  setSession({
    user: name,
    role,
    user_id: `${role}-1`,
    dob: '2005-02-01',
    profile_photo: null,
    access: `access-${role}`,
    refresh: `refresh-${role}`,
  });
}

async function openHome(role: 'player' | 'academy') {
  signIn(role);
  const view = renderApp(role === 'player' ? '/home' : '/academy/home');
  await screen.findByRole('heading', { name: /^Welcome, / });
  return view;
}

// The home screen behind the frame: an empty feed, so the frame is what these tests look at.
const serveHome = (more: Record<string, Route> = {}) =>
  serveApi({
    'GET /api/chat_unread': { status: 200, body: { unread_total: 0 } },
    'GET /api/home': {
      status: 200,
      body: {
        posts: [],
        has_more: false,
        page: 1,
        user: {
          user_id: 'player-1',
          username: 'Tunde Bakare',
          role: 'player',
          bio: '',
          profile_photo: null,
          open_to_work: false,
          friends_count: 0,
          followers_count: 0,
          post_count: 0,
          achievements_count: 0,
        },
        trials: [],
        academies: [],
      },
    },
    'GET /api/user_academy': { status: 200, body: [] },
    'GET /api/search': { status: 200, body: [] },
    ...more,
  });

beforeEach(() => {
  serveHome();
});

const hrefs = (links: HTMLElement[]) =>
  links.map((link) => [link.textContent, link.getAttribute('href')]);

describe('app frame: top bar', () => {
  it('gives a player Home, Trials, Friends and Messages, and a brand link to /home', async () => {
    await openHome('player');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(hrefs(within(main).getAllByRole('link'))).toEqual([
      ['Home', '/home'],
      ['Trials', '/list_trials'],
      ['Friends', '/friends'],
      ['Messages', '/chat'],
    ]);
    expect(screen.getByRole('link', { name: 'Touchline' })).toHaveAttribute('href', '/home');
    expect(within(main).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByTestId('app-frame')).toHaveAttribute('data-accent', 'player');
  });

  it('gives an academy Home, Trials and Messages (no Friends) in indigo', async () => {
    await openHome('academy');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(hrefs(within(main).getAllByRole('link'))).toEqual([
      ['Home', '/academy/home'],
      ['Trials', '/academy/list_trials'],
      ['Messages', '/chat'],
    ]);
    expect(screen.getByRole('link', { name: 'Touchline' })).toHaveAttribute(
      'href',
      '/academy/home',
    );
    expect(screen.getByTestId('app-frame')).toHaveAttribute('data-accent', 'academy');
  });

  it('opens /search?q=… when the search box is submitted, and ignores blank text', async () => {
    const user = userEvent.setup();
    const { memory } = await openHome('player');
    const box = screen.getByPlaceholderText('Search');
    await user.type(box, '   {Enter}');
    expect(memory.history?.at(-1)).toBe('/home');
    await user.clear(box);
    await user.type(box, 'Lagos Stars{Enter}');
    await waitFor(() => expect(memory.history?.at(-1)).toBe('/search?q=Lagos%20Stars'));
  });
});

describe('app frame: notification bell', () => {
  it('links to /notification and shows no badge while the count is 0', async () => {
    await openHome('player');
    const bell = screen.getByRole('link', { name: 'Notifications' });
    expect(bell).toHaveAttribute('href', '/notification');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('shows the unread count, and hides the badge again when it drops to 0', async () => {
    const { queryClient } = await openHome('academy');
    act(() => setUnreadCount(queryClient, 3));
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
    act(() => setUnreadCount(queryClient, 0));
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it('caps a large count at 99+', async () => {
    const { queryClient } = await openHome('player');
    act(() => setUnreadCount(queryClient, 250));
    expect(await screen.findByTestId('notification-badge')).toHaveTextContent('99+');
  });
});

describe('app frame: Messages unread total', () => {
  /** The Messages link in the top bar ('Main') and in the phone's bottom bar ('Tabs'). */
  const messagesLinks = () =>
    ['Main', 'Tabs'].map((nav) =>
      within(screen.getByRole('navigation', { name: nav })).getByRole('link', {
        name: /^Messages/,
      }),
    );

  it('shows the server’s total on the top bar’s and the bottom bar’s Messages links', async () => {
    const fetch = serveHome({ 'GET /api/chat_unread': { status: 200, body: { unread_total: 4 } } });
    await openHome('player');
    await waitFor(() =>
      expect(messagesLinks().map((link) => link.getAttribute('aria-label'))).toEqual([
        'Messages, 4 unread',
        'Messages, 4 unread',
      ]),
    );
    for (const link of messagesLinks()) {
      expect(link).toHaveAttribute('href', '/chat');
      expect(within(link).getByTestId('messages-badge')).toHaveTextContent('4');
    }
    expect(
      within(screen.getByRole('navigation', { name: 'Tabs' })).getByRole('link', {
        name: 'Messages, 4 unread',
      }),
    ).toBeVisible();
    expect(fetch.callsTo('GET /api/chat_unread')).toHaveLength(1);
  });

  it('shows no badge at 0, follows the total as it changes, and caps the badge at 99+', async () => {
    const { queryClient } = await openHome('academy');
    await waitFor(() => expect(queryClient.getQueryData(['chat', 'unread'])).toBeDefined());
    for (const link of messagesLinks()) {
      expect(link).toHaveAccessibleName('Messages');
      expect(within(link).queryByTestId('messages-badge')).not.toBeInTheDocument();
    }

    act(() => setChatUnreadTotal(queryClient, 2));
    for (const link of messagesLinks()) {
      await waitFor(() => expect(link).toHaveAccessibleName('Messages, 2 unread'));
      expect(within(link).getByTestId('messages-badge')).toHaveTextContent('2');
    }

    act(() => setChatUnreadTotal(queryClient, 120));
    for (const link of messagesLinks()) {
      await waitFor(() => expect(link).toHaveAccessibleName('Messages, 120 unread'));
      expect(within(link).getByTestId('messages-badge')).toHaveTextContent('99+');
    }

    act(() => setChatUnreadTotal(queryClient, 0));
    for (const link of messagesLinks()) {
      await waitFor(() => expect(link).toHaveAccessibleName('Messages'));
      expect(within(link).queryByTestId('messages-badge')).not.toBeInTheDocument();
    }
    // The bell keeps its own count.
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeVisible();
  });
});

describe('app frame: account menu', () => {
  it('offers a player View Profile, View Joined Trials, Settings and Logout', async () => {
    const user = userEvent.setup();
    await openHome('player');
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    expect(avatar).toHaveAttribute('aria-expanded', 'false');
    await user.click(avatar);
    expect(avatar).toHaveAttribute('aria-expanded', 'true');
    const items = within(screen.getByRole('menu', { name: 'Account' })).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'View Profile',
      'View Joined Trials',
      'Settings',
      'Logout',
    ]);
    expect(items[0]).toHaveAttribute('href', '/profile');
    expect(items[1]).toHaveAttribute('href', '/trial_history');
    expect(items[2]).toHaveAttribute('href', '/settings');
    // The first item takes focus, as in a menu button.
    expect(items[0]).toHaveFocus();
  });

  it('offers an academy View Profile (its academy profile), Settings and Logout only', async () => {
    const user = userEvent.setup();
    await openHome('academy');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['View Profile', 'Settings', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/academy/profile');
    expect(items[1]).toHaveAttribute('href', '/settings');
    expect(screen.queryByText('View Joined Trials')).not.toBeInTheDocument();
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    await openHome('player');
    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { name: 'Welcome, Tunde Bakare' }));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Account menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('closes on Escape and gives focus back to the avatar', async () => {
    const user = userEvent.setup();
    await openHome('player');
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    await user.click(avatar);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(avatar).toHaveFocus();
  });

  it('works from the keyboard: arrows move through the items', async () => {
    const user = userEvent.setup();
    await openHome('player');
    const avatar = screen.getByRole('button', { name: 'Account menu' });
    avatar.focus();
    await user.keyboard('{ArrowDown}');
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(items[3]).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(items[0]).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(items[3]).toHaveFocus();
  });
});

describe('app frame: bottom bar', () => {
  it('gives a player Home, Trials, Messages and Friends', async () => {
    await openHome('player');
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(hrefs(within(tabs).getAllByRole('link'))).toEqual([
      ['Home', '/home'],
      ['Trials', '/list_trials'],
      ['Messages', '/chat'],
      ['Friends', '/friends'],
    ]);
    expect(within(tabs).getByRole('link', { name: 'Home' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('gives an academy Home, Trials, Messages and Profile', async () => {
    await openHome('academy');
    const tabs = screen.getByRole('navigation', { name: 'Tabs' });
    expect(hrefs(within(tabs).getAllByRole('link'))).toEqual([
      ['Home', '/academy/home'],
      ['Trials', '/academy/list_trials'],
      ['Messages', '/chat'],
      ['Profile', '/academy/profile'],
    ]);
  });
});
