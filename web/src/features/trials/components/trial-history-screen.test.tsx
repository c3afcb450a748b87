import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { historyItem, trialFixture } from '../testing/fixtures';

describe('/trial_history (View Joined Trials)', () => {
  it('lists the player’s registrations with date, code and status', async () => {
    const first = trialFixture({ name: 'Ikeja Open Trial', trial_date: '2026-12-05' });
    const second = trialFixture({ name: 'Abuja Hoops Day' });
    serveApi({
      'GET /api/trial_history': () => ({
        registrations: [
          historyItem(first, { reference_code: 'TL-ABC234', status: 'selected' }),
          historyItem(second, { reference_code: 'TL-XYZ789', status: 'pending_payment' }),
        ],
        has_more: false,
        page: 1,
      }),
    });
    signInAs('player', 'me');
    renderApp('/trial_history');

    const list = await screen.findByRole('list', { name: 'Joined trials' });
    const row = within(list).getByRole('link', { name: /Ikeja Open Trial/ });
    expect(row).toHaveAttribute('href', `/trial_details/${first.id}`);
    expect(within(row).getByText('Sat, 5 Dec 2026 · 9:30 AM')).toBeVisible();
    expect(within(row).getByText('TL-ABC234')).toBeVisible();
    expect(within(row).getByText('Selected')).toBeVisible();
    const other = within(list).getByRole('link', { name: /Abuja Hoops Day/ });
    expect(within(other).getByText('Pending payment')).toBeVisible();
  });

  it('offers Explore Trials when there is none', async () => {
    serveApi({ 'GET /api/trial_history': () => ({ registrations: [], has_more: false, page: 1 }) });
    signInAs('player', 'me');
    renderApp('/trial_history');
    expect(await screen.findByRole('heading', { name: 'No trials yet' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Explore Trials' })).toHaveAttribute(
      'href',
      '/list_trials',
    );
  });
});
