import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTrial, AdminTrialPage } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const trial = (overrides: Partial<AdminTrial>): AdminTrial => ({
  id: 't-1',
  name: 'Under-17 Open Trial',
  sport: 'football',
  state: 'Lagos',
  district: 'Surulere',
  venue: 'Teslim Balogun Stadium',
  trial_date: '2026-12-12',
  start_time: '09:00:00',
  status: 'active',
  cancel_reason: null,
  registered_count: 12,
  total_participant_limit: 50,
  registration_fee: 250_000,
  currency: 'NGN',
  academy: { id: 'a-1', username: 'Lagos Stars' },
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function open(pages: Record<string, AdminTrialPage>, path = '/admin/trialview') {
  signInAs('admin', 'admin-1');
  const cancelled = new Set<string>();
  const fetch = serveApi({
    'GET /api/admin/trials': ({ url }) => {
      const key = [
        url.searchParams.get('search') ?? '',
        url.searchParams.get('status') ?? '',
        url.searchParams.get('before') ?? '',
      ].join('|');
      const page = pages[key] ?? { results: [], has_more: false, page: null, next: null };
      return {
        ...page,
        results: page.results.map((t) =>
          cancelled.has(t.id) ? { ...t, status: 'cancelled', cancel_reason: 'Pitch flooded' } : t,
        ),
      };
    },
    'DELETE /api/admin/trials/t-1': ({ url }) => {
      if (!url.searchParams.get('reason')) return reply(400, { message: 'A reason is required' });
      cancelled.add('t-1');
      return {
        message: 'Trial cancelled: its registrants are told and paid registrations refunded',
        trial: trial({ status: 'cancelled', cancel_reason: 'Pitch flooded' }),
      };
    },
  });
  const { history } = renderApp(path);
  return Object.assign(fetch, { history });
}

describe('admin trials', () => {
  it('lists trials, pages on with the cursor, searches and filters by status', async () => {
    const fetch = open({
      '||': { results: [trial({})], has_more: true, page: 1, next: 'cursor-1' },
      '||cursor-1': {
        results: [trial({ id: 't-2', name: 'Goalkeepers Day', registration_fee: 0 })],
        has_more: false,
        page: null,
        next: null,
      },
      'keeper||': {
        results: [trial({ id: 't-2', name: 'Goalkeepers Day' })],
        has_more: false,
        page: null,
        next: null,
      },
      'keeper|cancelled|': { results: [], has_more: false, page: null, next: null },
    });
    const table = await screen.findByRole('table', { name: 'Trials' });
    const first = within(table).getByRole('row', { name: /Under-17 Open Trial/ });
    expect(first).toHaveTextContent('Lagos Stars');
    expect(first).toHaveTextContent('12 / 50');
    expect(first).toHaveTextContent('₦2,500');
    expect(first).toHaveTextContent('Active');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByRole('row', { name: /Goalkeepers Day/ })).toHaveTextContent(
      'Free',
    );
    expect(within(table).queryByRole('row', { name: /Under-17 Open Trial/ })).toBeNull();
    expect(fetch.callsTo('GET /api/admin/trials').at(-1)!.url.searchParams.get('before')).toBe(
      'cursor-1',
    );
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await within(table).findByRole('row', { name: /Under-17 Open Trial/ })).toBeVisible();

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search trials' }), 'keeper');
    await waitFor(() => {
      expect(screen.queryByText('Under-17 Open Trial')).toBeNull();
      expect(screen.getByText('Goalkeepers Day')).toBeVisible();
    });
    await userEvent.click(screen.getByRole('button', { name: 'Cancelled' }));
    expect(await screen.findByText('No trials match.')).toBeVisible();
    expect(
      fetch
        .callsTo('GET /api/admin/trials')
        .map((call) => call.url.search)
        .at(-1),
    ).toBe('?search=keeper&status=cancelled');
  });

  it('opens with the search and status of the address, and writes a new filter back', async () => {
    const fetch = open(
      {
        'keeper|cancelled|': {
          results: [trial({ id: 't-2', name: 'Goalkeepers Day', status: 'cancelled' })],
          has_more: false,
          page: null,
          next: null,
        },
        'keeper||': {
          results: [trial({ id: 't-2', name: 'Goalkeepers Day' })],
          has_more: false,
          page: null,
          next: null,
        },
      },
      '/admin/trialview?search=keeper&status=cancelled',
    );
    expect(await screen.findByText('Goalkeepers Day')).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search trials' })).toHaveValue('keeper');
    expect(screen.getByRole('button', { name: 'Cancelled' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(fetch.callsTo('GET /api/admin/trials').map((call) => call.url.search)).toEqual([
      '?search=keeper&status=cancelled',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(fetch.history.at(-1)).toBe('/admin/trialview?search=keeper'));
    expect(fetch.history).toHaveLength(1);
  });

  it('cancels an active trial with a reason', async () => {
    const fetch = open({ '||': { results: [trial({})], has_more: false, page: null, next: null } });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Cancel Under-17 Open Trial' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel Under-17 Open Trial?' });
    expect(dialog).toHaveTextContent('every paid registration is refunded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    expect(within(dialog).getByText('A reason is required')).toBeVisible();
    expect(fetch.callsTo('DELETE /api/admin/trials/t-1')).toHaveLength(0);

    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Pitch flooded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    expect(
      await screen.findByText(
        'Trial cancelled: its registrants are told and paid registrations refunded',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetch.callsTo('DELETE /api/admin/trials/t-1')[0]!.url.searchParams.get('reason')).toBe(
      'Pitch flooded',
    );
    const row = await screen.findByRole('row', { name: /Under-17 Open Trial.*Cancelled/ });
    expect(row).toHaveTextContent('Pitch flooded');
    expect(within(row).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });
});
