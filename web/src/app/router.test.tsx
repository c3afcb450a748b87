import { screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@touchline/shared';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { renderApp, signInAs } from '@/test/render-app';
import type { AppRoute } from './routes';

/** Waits until the recorded history is exactly one entry: the redirect target. */
async function expectReplacedWith(history: string[], target: string) {
  await waitFor(() => expect(history).toEqual([target]));
}

describe('access guard for protected pages', () => {
  it.each([
    ['/home', '/'],
    ['/trial_details/12', '/'],
    ['/profile/7', '/'],
    ['/chat', '/'],
    ['/academy/home', '/academy/login'],
    ['/academy/profile/42', '/academy/login'],
    ['/admin/home', '/admin/login'],
    ['/admin/accounts', '/admin/login'],
    ['/guardian/home', '/guardian/login'],
  ])('a signed-out visitor to %s is sent to %s, replacing history', async (path, target) => {
    const { history } = renderApp(path);
    await expectReplacedWith(history, target);
  });

  it.each([
    ['player', '/academy/home'],
    ['player', '/academy/add_trial'],
    ['player', '/admin/home'],
    ['academy', '/home'],
    ['academy', '/trial_history'],
    ['admin', '/home'],
    ['admin', '/profile'],
    ['admin', '/chat/chat_1_2'],
    ['player', '/guardian/home'],
    ['guardian', '/home'],
    ['guardian', '/chat'],
  ] as const)('a %s opening %s gets the 401 page', async (role, path) => {
    signInAs(role);
    const { history } = renderApp(path);
    await expectReplacedWith(history, '/unauthenticated');
    expect(await screen.findByText(MESSAGES.unauthenticatedTitle)).toBeVisible();
  });

  it.each(['player', 'academy'] as const)(
    'a %s may open pages for both roles, with optional parameters',
    async (role) => {
      signInAs(role);
      const routes: AppRoute[] = [
        {
          path: '/profile/:userId?',
          access: 'both',
          title: 'Profile',
          screen: ({ params }) => <p>Profile of {params.userId ?? 'me'}</p>,
        },
      ];
      renderApp('/profile', { routes });
      expect(await screen.findByText('Profile of me')).toBeVisible();
    },
  );

  it('renders the screen with its route parameter when the role matches', async () => {
    signInAs('academy');
    const routes: AppRoute[] = [
      {
        path: '/academy/trial_details/:id',
        access: 'academy',
        title: 'Trial',
        screen: ({ params }) => <p>Trial {params.id}</p>,
      },
    ];
    const { history } = renderApp('/academy/trial_details/31', { routes });
    expect(await screen.findByText('Trial 31')).toBeVisible();
    expect(history).toEqual(['/academy/trial_details/31']);
  });

  it('still redirects a signed-out visitor from a page that is not built yet', async () => {
    const { history } = renderApp('/friends');
    await expectReplacedWith(history, '/');
  });
});

describe('access guard for public-only pages', () => {
  it.each([
    ['player', '/', '/home'],
    ['player', '/signup', '/home'],
    ['player', '/otp_verification', '/home'],
    ['player', '/reset_password', '/home'],
    ['academy', '/academy/login', '/academy/home'],
    ['academy', '/academy/signup', '/academy/home'],
    ['admin', '/admin/login', '/admin/home'],
    ['guardian', '/guardian/login', '/guardian/home'],
  ] as const)('a signed-in %s on %s is sent to %s, replacing history', async (role, path, to) => {
    signInAs(role);
    const { history } = renderApp(path);
    await expectReplacedWith(history, to);
  });

  it("sends a signed-in user to the page's configured target even in another role's area", async () => {
    // /academy/login → /academy/home (spec §2), whose guard then refuses a player.
    signInAs('player');
    const { history } = renderApp('/academy/login');
    await expectReplacedWith(history, '/unauthenticated');
    expect(await screen.findByText(MESSAGES.unauthenticatedBody)).toBeVisible();
  });

  it('lets a signed-out visitor stay on a public-only page', async () => {
    const { history } = renderApp('/academy/login');
    expect(await screen.findByRole('heading', { name: 'Academy login' })).toBeVisible();
    expect(history).toEqual(['/academy/login']);
  });
});

describe('pages that exist for everyone', () => {
  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText(MESSAGES.notFound)).toBeVisible();
    expect(screen.getByText('404')).toBeVisible();
  });

  it('shows the 404 page for a signed-in user on an unknown admin path', async () => {
    signInAs('admin');
    const { history } = renderApp('/admin/no-such-page');
    expect(await screen.findByText(MESSAGES.notFound)).toBeVisible();
    expect(history).toEqual(['/admin/no-such-page']);
  });

  it('shows the 401 authentication error page', async () => {
    renderApp('/unauthenticated');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    expect(screen.getByText('You do not have the permission to access this page')).toBeVisible();
    expect(screen.getByText('401')).toBeVisible();
  });

  it('shows the skeleton placeholder on /sample', async () => {
    renderApp('/sample');
    expect(await screen.findByRole('status', { name: 'Loading page' })).toBeInTheDocument();
  });

  it('shows a status and its text when a screen fails unexpectedly', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes: AppRoute[] = [
      {
        path: '/broken',
        access: 'public',
        title: 'Broken',
        screen: () => {
          throw new ApiError(503, 'Service Unavailable', null);
        },
      },
    ];
    renderApp('/broken', { routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('503 Service Unavailable');
    vi.restoreAllMocks();
  });

  it('shows the message of an error that has no status', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const routes: AppRoute[] = [
      {
        path: '/broken',
        access: 'public',
        title: 'Broken',
        screen: () => {
          throw new Error('Cannot read the feed');
        },
      },
    ];
    renderApp('/broken', { routes });
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot read the feed');
    vi.restoreAllMocks();
  });
});
