import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { lagosDay, trialFixture } from '../testing/fixtures';

describe('/list_trials', () => {
  it('shows each trial as a card: fee, place, date, places left, Slot Full, Deadline Over', async () => {
    const paid = trialFixture({ name: 'Paid trial', registration_fee: 1_250_000, places_left: 8 });
    const free = trialFixture({ name: 'Free trial', registration_fee: 0, places_left: 0 });
    const late = trialFixture({ name: 'Late trial', deadline: lagosDay(-1), places_left: null });
    serveApi({
      'GET /api/trial': () => ({ trials: [paid, free, late], has_more: false, page: 1 }),
    });
    signInAs('player', 'me');
    renderApp('/list_trials');

    const list = await screen.findByRole('list', { name: 'Trials' });
    const card = (name: string) => within(list).getByRole('link', { name });
    expect(within(card('Paid trial')).getByText('₦12,500')).toBeVisible();
    expect(within(card('Paid trial')).getByText('8 places left')).toBeVisible();
    expect(within(card('Paid trial')).getByText('Ikeja, Lagos')).toBeVisible();
    expect(card('Paid trial')).toHaveAttribute('href', `/trial_details/${paid.id}`);
    expect(within(card('Free trial')).getByText('Free')).toBeVisible();
    expect(within(card('Free trial')).getByText(TRIAL_MESSAGES.full)).toBeVisible();
    expect(within(card('Late trial')).getByText(TRIAL_MESSAGES.deadlinePassed)).toBeVisible();
  });

  it('asks the server with the search text and the Sport / State / Free-Paid filters', async () => {
    const football = trialFixture({ name: 'Open football' });
    const fetch = serveApi({
      'GET /api/trial': ({ url }) => {
        const sport = url.searchParams.get('sport');
        const trials = sport === 'basketball' ? [] : [football];
        return { trials, has_more: false, page: 1 };
      },
    });
    signInAs('player', 'me');
    const { history } = renderApp('/list_trials');
    expect(await screen.findByRole('link', { name: 'Open football' })).toBeVisible();

    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'football');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await userEvent.selectOptions(screen.getByLabelText('Fee'), 'paid');
    await userEvent.type(screen.getByLabelText('Search trials'), 'Agege');
    await waitFor(() => {
      const last = fetch.callsTo('GET /api/trial').at(-1)!.url.searchParams;
      expect(Object.fromEntries(last)).toEqual({
        page: '1',
        sport: 'football',
        state: 'Lagos',
        payment: 'paid',
        search: 'Agege',
      });
    });
    expect(history.at(-1)).toBe(
      '/list_trials?search=Agege&sport=football&state=Lagos&payment=paid',
    );

    await userEvent.selectOptions(screen.getByLabelText('Sport'), 'basketball');
    expect(await screen.findByRole('heading', { name: 'No trials match' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(await screen.findByRole('link', { name: 'Open football' })).toBeVisible();
    expect(screen.getByLabelText('Search trials')).toHaveValue('');
  });

  it('loads the next page and says so when there are no trials at all', async () => {
    serveApi({
      'GET /api/trial': ({ url }) => {
        const page = Number(url.searchParams.get('page'));
        return {
          trials: [trialFixture({ name: `Trial on page ${page}` })],
          has_more: page === 1,
          page,
        };
      },
    });
    signInAs('player', 'me');
    renderApp('/list_trials');
    expect(await screen.findByRole('link', { name: 'Trial on page 1' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Trial on page 2' })).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
  });

  it('shows the empty state when no trial is open', async () => {
    serveApi({ 'GET /api/trial': () => ({ trials: [], has_more: false, page: 1 }) });
    signInAs('player', 'me');
    renderApp('/list_trials');
    expect(await screen.findByRole('heading', { name: 'No open trials right now' })).toBeVisible();
  });
});
