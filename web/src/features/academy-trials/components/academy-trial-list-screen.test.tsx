import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { makeTrial } from '../testing/fixtures';

const byTab: Record<string, ReturnType<typeof makeTrial>[]> = {
  upcoming: [
    makeTrial({ id: 't-1', name: 'Under-17 Open Trial', registered_count: 12 }),
    makeTrial({ id: 't-2', name: 'Goalkeepers Day', registration_fee: 0 }),
  ],
  today: [makeTrial({ id: 't-3', name: 'Saturday Trial', trial_date: '2026-11-28' })],
  completed: [],
  cancelled: [makeTrial({ id: 't-4', name: 'Rained Off', status: 'cancelled' })],
};

function open() {
  signInAs('academy', 'academy-1');
  const fetch = serveApi({
    'GET /api/academy_trials': ({ url }) => ({
      trials: byTab[url.searchParams.get('tab') ?? ''] ?? [],
      has_more: false,
      page: 1,
    }),
  });
  renderApp('/academy/list_trials');
  return fetch;
}

describe('academy trial list', () => {
  it('opens on Upcoming and shows each tab’s own trials', async () => {
    const fetch = open();
    const tabs = await screen.findByRole('tablist', { name: 'Trials by date' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Upcoming', 'Today', 'Completed', 'Cancelled']);
    expect(within(tabs).getByRole('tab', { name: 'Upcoming' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const list = await screen.findByRole('list', { name: 'Upcoming trials' });
    const rows = within(list).getAllByRole('link');
    expect(rows.map((row) => row.getAttribute('href'))).toEqual([
      '/academy/trial_details/t-1',
      '/academy/trial_details/t-2',
    ]);
    expect(within(rows[0]!).getByText('12 / 50 registered')).toBeVisible();
    expect(within(rows[0]!).getByText('₦12,500')).toBeVisible();
    expect(within(rows[1]!).getByText('Free')).toBeVisible();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Today' }));
    expect(await screen.findByRole('list', { name: 'Today trials' })).toHaveTextContent(
      'Saturday Trial',
    );
    expect(screen.queryByText('Under-17 Open Trial')).toBeNull();

    await userEvent.click(within(tabs).getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByText('No completed trials yet.')).toBeVisible();

    expect(
      fetch.callsTo('GET /api/academy_trials').map((call) => call.url.searchParams.get('tab')),
    ).toEqual(['upcoming', 'today', 'completed']);
  });

  it('moves between tabs with the arrow keys', async () => {
    open();
    const upcoming = await screen.findByRole('tab', { name: 'Upcoming' });
    await screen.findByRole('list', { name: 'Upcoming trials' });
    upcoming.focus();
    await userEvent.keyboard('{ArrowLeft}');
    const cancelled = screen.getByRole('tab', { name: 'Cancelled' });
    expect(cancelled).toHaveFocus();
    expect(cancelled).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('list', { name: 'Cancelled trials' })).toHaveTextContent(
      'Rained Off',
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Upcoming' })).toHaveFocus();
  });

  it('shows a “No poster” placeholder for a trial without a poster, and the poster otherwise', async () => {
    signInAs('academy', 'academy-1');
    serveApi({
      'GET /api/academy_trials': () => ({
        trials: [
          makeTrial({ id: 't-1', name: 'With Poster', image: '/media/posters/p1.webp' }),
          makeTrial({ id: 't-2', name: 'Without Poster', image: null }),
        ],
        has_more: false,
        page: 1,
      }),
    });
    renderApp('/academy/list_trials');
    const list = await screen.findByRole('list', { name: 'Upcoming trials' });
    const [withPoster, withoutPoster] = within(list).getAllByRole('link');
    expect(within(withoutPoster!).getByRole('img', { name: 'No poster' })).toBeVisible();
    expect(within(withoutPoster!).getByText('No poster')).toBeVisible();
    expect(within(withPoster!).queryByRole('img', { name: 'No poster' })).toBeNull();
  });
});
