import { screen, within } from '@testing-library/react';
import type { AdminStats } from '@touchline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '@/lib/session';
import { reply, serveApi } from '@/test/fake-api';
import { renderAdminScreen } from '../shared/testing';
import { AdminHomeScreen } from './home-screen';

// recharts measures its container; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  setSession({
    user: 'Touchline Admin',
    role: 'admin',
    user_id: 'admin-1',
    access: 'access-admin',
    refresh: 'refresh-admin',
  });
});

const zero = {
  players: 0,
  academies: 0,
  trials: 0,
  posts: 0,
  registrations: 0,
  takings: 0,
  refunds: 0,
  net: 0,
};

const stats = (overrides: Partial<AdminStats> = {}): AdminStats => ({
  currency: 'NGN',
  totals: {
    players: 1240,
    academies: 37,
    trials: 58,
    posts: 912,
    registrations: 403,
    takings: 5_337_500,
    refunds: 300_000,
    net: 5_037_500,
  },
  this_week: {
    players: 25,
    academies: 2,
    trials: 4,
    posts: 61,
    registrations: 19,
    takings: 250_000,
    refunds: 300_000,
    net: -50_000,
  },
  week_start: '2026-11-20',
  awaiting_review: { academies: 3, reports: 1 },
  per_day: Array.from({ length: 56 }, (_, i) => ({
    ...zero,
    players: i % 3,
    date: new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10),
  })),
  latest: {
    trials: [
      {
        id: 't-1',
        name: 'Under-17 Open Trial',
        trial_date: '2026-12-05',
        status: 'cancelled',
        academy: { id: 'a-1', username: 'Lagos Stars FC' },
        created_at: '2026-11-25T10:00:00.000Z',
      },
    ],
    players: [
      { id: 'p-1', username: 'Ada Obi', minor: true, created_at: '2026-11-25T09:00:00.000Z' },
    ],
    academies: [
      {
        id: 'a-2',
        username: 'Abuja Eagles',
        status: 'pending',
        created_at: '2026-11-24T09:00:00.000Z',
      },
    ],
  },
  ...overrides,
});

describe('admin home', () => {
  it('greets the administrator and shows totals, this week, the charts and the latest', async () => {
    serveApi({ 'GET /api/admin/stats': () => stats() });
    renderAdminScreen(<AdminHomeScreen />);
    expect(screen.getByRole('heading', { name: 'Welcome, Touchline Admin' })).toBeVisible();

    const players = await screen.findByText('Players', { selector: 'dt' });
    expect(players.nextSibling).toHaveTextContent('1,240');
    expect(players.nextSibling!.nextSibling).toHaveTextContent('+25 this week');
    const money = (label: string) => {
      const dt = screen.getByText(label, { selector: 'dt' });
      return [dt.nextSibling!.textContent, dt.nextSibling!.nextSibling!.textContent];
    };
    expect(money('Takings')).toEqual(['₦53,375', '₦2,500 this week']);
    expect(money('Refunds')).toEqual(['₦3,000', '₦3,000 this week']);
    expect(money('Net')).toEqual(['₦50,375', '-₦500 this week']);
    expect(screen.getByText(/This week: 20 Nov 2026 to today/)).toBeVisible();

    // The chart module is its own chunk, loaded after the figures.
    expect(await screen.findByText('Sign-ups per day, last 8 weeks')).toBeVisible();
    expect(screen.getByText('Takings and refunds per day')).toBeVisible();

    const trials = screen.getByRole('region', { name: 'Latest trials' });
    expect(trials).toHaveTextContent('Under-17 Open Trial');
    expect(trials).toHaveTextContent('Lagos Stars FC · 5 Dec 2026');
    expect(within(trials).getByText('Cancelled')).toBeVisible();
    expect(within(trials).getByRole('link', { name: 'See all trials' })).toHaveAttribute(
      'href',
      '/admin/trialview',
    );
    const latestPlayers = screen.getByRole('region', { name: 'Latest players' });
    expect(latestPlayers).toHaveTextContent('Ada Obi');
    expect(within(latestPlayers).getByText('Minor')).toBeVisible();
    const academies = screen.getByRole('region', { name: 'Latest academies' });
    expect(within(academies).getByText('Pending')).toBeVisible();
    expect(within(academies).getByRole('link', { name: 'See all academies' })).toHaveAttribute(
      'href',
      '/admin/academyview',
    );
  });

  it('shows what awaits review, each count a link to its filtered list', async () => {
    serveApi({ 'GET /api/admin/stats': () => stats() });
    renderAdminScreen(<AdminHomeScreen />);
    const awaiting = await screen.findByRole('region', { name: /Awaiting review/ });
    expect(within(awaiting).getByRole('heading')).toHaveTextContent('Awaiting review 4');
    expect(within(awaiting).getByRole('link', { name: '3 academies to verify' })).toHaveAttribute(
      'href',
      '/admin/academyview?status=pending',
    );
    expect(within(awaiting).getByRole('link', { name: '1 open report' })).toHaveAttribute(
      'href',
      '/admin/reports',
    );
  });

  it('says when there is nothing yet', async () => {
    serveApi({
      'GET /api/admin/stats': () => stats({ latest: { trials: [], players: [], academies: [] } }),
    });
    renderAdminScreen(<AdminHomeScreen />);
    expect(await screen.findByText('No trials yet.')).toBeVisible();
    expect(screen.getByText('No players yet.')).toBeVisible();
    expect(screen.getByText('No academies yet.')).toBeVisible();
  });

  it('offers Try again when the dashboard cannot load', async () => {
    let fail = true;
    serveApi({ 'GET /api/admin/stats': () => (fail ? reply(500) : stats()) });
    const { user } = renderAdminScreen(<AdminHomeScreen />);
    expect(await screen.findByText('Could not load the dashboard.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Players', { selector: 'dt' })).toBeVisible();
  });
});
