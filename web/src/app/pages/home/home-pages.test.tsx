import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setSession } from '../../../lib/session';
import { renderApp } from '../../../test/render-app';

function signIn(role: 'player' | 'academy' | 'admin', user: string) {
  setSession({ user, role, user_id: `${role}-1`, access: 'access', refresh: 'refresh' });
}

const shortcutHrefs = () =>
  within(screen.getByRole('region', { name: /Jump back in|Sections/ }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('home placeholders', () => {
  it('greets a player by name inside the app frame, with links to their areas', async () => {
    signIn('player', 'Tunde Bakare');
    renderApp('/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tunde Bakare' })).toBeVisible();
    expect(screen.getByText('Player')).toBeVisible();
    expect(screen.getByTestId('app-frame')).toBeInTheDocument();
    expect(shortcutHrefs()).toEqual([
      '/list_trials',
      '/trial_history',
      '/friends',
      '/chat',
      '/profile',
      '/notification',
    ]);
  });

  it('greets an academy by name, with academy links and no player-only ones', async () => {
    signIn('academy', 'Lagos Stars Academy');
    renderApp('/academy/home');
    expect(
      await screen.findByRole('heading', { name: 'Welcome, Lagos Stars Academy' }),
    ).toBeVisible();
    const hrefs = shortcutHrefs();
    expect(hrefs).toContain('/academy/list_trials');
    expect(hrefs).toContain('/academy/profile');
    expect(hrefs).not.toContain('/friends');
    expect(hrefs).not.toContain('/trial_history');
  });

  it('greets an administrator inside the admin frame', async () => {
    signIn('admin', 'Touchline Admin');
    renderApp('/admin/home');
    expect(await screen.findByRole('heading', { name: 'Welcome, Touchline Admin' })).toBeVisible();
    expect(screen.getByRole('complementary', { name: 'Admin sidebar' })).toBeInTheDocument();
    expect(screen.queryByTestId('app-frame')).not.toBeInTheDocument();
  });

  it('leaves public pages without a frame', async () => {
    signIn('player', 'Tunde Bakare');
    renderApp('/unauthenticated');
    expect(await screen.findByRole('heading', { name: 'Authentication Error' })).toBeVisible();
    expect(screen.queryByTestId('app-frame')).not.toBeInTheDocument();
  });
});
