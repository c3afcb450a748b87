import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAccounts } from '@touchline/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { addDays, lagosToday } from './accounts-screen';

const answer = (from: string, to: string): AdminAccounts => ({
  from,
  to,
  currency: 'NGN',
  academies: [
    {
      academy: { id: 'a-1', username: 'Lagos Stars', email: 'stars@example.com' },
      payments: 3,
      gross: 750_000,
      refunded: 250_000,
      net: 500_000,
    },
    {
      academy: { id: 'a-2', username: 'Kano Pillars', email: 'pillars@example.com' },
      payments: 1,
      gross: 0,
      refunded: 100_000,
      net: -100_000,
    },
  ],
  totals: { gross: 750_000, refunded: 350_000, net: 400_000 },
});

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

describe('admin accounts', () => {
  it('shows per academy takings for the last 30 days, another period, and downloads the CSV', async () => {
    signInAs('admin', 'admin-1');
    const fetch = serveApi({
      'GET /api/admin/accounts': ({ url }) => {
        const from = url.searchParams.get('from')!;
        const to = url.searchParams.get('to')!;
        if (url.searchParams.get('format') === 'csv') {
          return 'academy,payments,paid,refunded,net\nLagos Stars,3,7500.00,2500.00,5000.00';
        }
        return from > to ? reply(400, { message: 'nope' }) : answer(from, to);
      },
    });
    const created: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      created.push(blob);
      return 'blob:csv';
    };
    URL.revokeObjectURL = () => {};
    renderApp('/admin/accounts');
    const today = lagosToday();

    const table = await screen.findByRole('table', { name: /Takings per academy/ });
    const stars = within(table).getByRole('row', { name: /Lagos Stars/ });
    expect(stars).toHaveTextContent('3₦7,500₦2,500₦5,000');
    expect(within(table).getByRole('row', { name: /Kano Pillars/ })).toHaveTextContent('−₦1,000');
    expect(within(table).getByRole('row', { name: /Total/ })).toHaveTextContent(
      '4₦7,500₦3,500₦4,000',
    );
    expect(fetch.callsTo('GET /api/admin/accounts')[0]!.url.search).toBe(
      `?from=${addDays(today, -29)}&to=${today}`,
    );

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/accounts').at(-1)!.url.search).toBe(
        `?from=${addDays(today, -6)}&to=${today}`,
      ),
    );

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Custom dates');
    const from = screen.getByLabelText('From');
    await userEvent.clear(from);
    await userEvent.type(from, '2099-01-01');
    expect(
      await screen.findByText('The start date must be on or before the end date.'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
    await userEvent.clear(from);
    await userEvent.type(from, '2026-01-01');
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/accounts').at(-1)!.url.search).toBe(
        `?from=2026-01-01&to=${today}`,
      ),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(await created[0]!.text()).toContain('Lagos Stars,3,7500.00');
    const csvCall = fetch.callsTo('GET /api/admin/accounts').at(-1)!;
    expect(csvCall.url.searchParams.get('format')).toBe('csv');
    expect(csvCall.url.searchParams.get('from')).toBe('2026-01-01');
  });

  it('keeps the period in the address (?from=&to=): opens on it, writes a preset back, bare for 30 days', async () => {
    signInAs('admin', 'admin-1');
    const fetch = serveApi({
      'GET /api/admin/accounts': ({ url }) =>
        answer(url.searchParams.get('from')!, url.searchParams.get('to')!),
    });
    const { history } = renderApp('/admin/accounts?from=2026-01-01&to=2026-01-31');
    const today = lagosToday();
    await screen.findByRole('table', { name: /Takings per academy/ });
    expect(screen.getByLabelText('Period')).toHaveValue('custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-31');
    expect(fetch.callsTo('GET /api/admin/accounts').map((call) => call.url.search)).toEqual([
      '?from=2026-01-01&to=2026-01-31',
    ]);

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 7 days');
    await waitFor(() =>
      expect(history).toEqual([`/admin/accounts?from=${addDays(today, -6)}&to=${today}`]),
    );
    expect(screen.getByLabelText('Period')).toHaveValue('7');
    expect(screen.queryByLabelText('From')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Period'), 'Last 30 days');
    await waitFor(() => expect(history).toEqual(['/admin/accounts']));
    await waitFor(() =>
      expect(fetch.callsTo('GET /api/admin/accounts').at(-1)!.url.search).toBe(
        `?from=${addDays(today, -29)}&to=${today}`,
      ),
    );
  });
});
