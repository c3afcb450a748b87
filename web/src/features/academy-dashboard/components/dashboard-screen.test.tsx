import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import type { AcademyDashboard } from '@touchline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { realtime } from '@/lib/realtime';
import { serveApi } from '@/test/fake-api';
import { AcademyDashboardScreen } from './dashboard-screen';

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
});

const days = Array.from({ length: 30 }, (_, i) => ({
  date: `2026-11-${String(i + 1).padStart(2, '0')}`,
  count: i === 29 ? 3 : i === 10 ? 2 : 0,
}));

const dashboard = (overrides: Partial<AcademyDashboard> = {}): AcademyDashboard => ({
  trial_counts: { upcoming: 4, today: 1, completed: 7, cancelled: 2 },
  registration_counts: {
    pending_payment: 1,
    registered: 10,
    selected: 3,
    rejected: 2,
    cancelled: 1,
    trial_cancelled: 0,
    expired: 4,
    no_show: 2,
  },
  registrations_per_day: days,
  evaluation_progress: [
    {
      trial_id: 't-9',
      name: 'Ikeja Open',
      trial_date: '2026-11-28',
      evaluated: 1,
      evaluable: 2,
      checked_in: 2,
      expected: 3,
      no_shows: 1,
    },
  ],
  upcoming_trials: [
    {
      id: 't-1',
      name: 'Under-17 Open Trial',
      trial_date: '2026-12-05',
      start_time: '09:30',
      venue: 'Teslim Balogun Stadium',
      state: 'Lagos',
      district: 'Surulere',
      registered_count: 12,
      total_participant_limit: 50,
      registration_fee: 1_250_000,
      currency: 'NGN',
    },
  ],
  popular_posts: [
    {
      id: 'p-1',
      excerpt: 'Trial day photos',
      likes_count: 40,
      comments_count: 9,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  takings: { gross: 3_750_000, refunded: 1_250_000, net: 2_500_000, currency: 'NGN' },
  recent_payments: [
    {
      reference: 'tlp_1',
      amount: 1_250_000,
      currency: 'NGN',
      status: 'refunded',
      player_name: 'Ada Obi',
      reference_code: 'TL-ABC234',
      trial: { id: 't-1', name: 'Under-17 Open Trial' },
      created_at: '2026-11-21T09:00:00.000Z',
      paid_at: '2026-11-21T09:01:00.000Z',
      refunded_at: '2026-11-22T09:00:00.000Z',
    },
  ],
  ...overrides,
});

function renderDashboard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const memory = memoryLocation({ path: '/academy/home' });
  return render(
    <Router hook={memory.hook}>
      <QueryClientProvider client={queryClient}>
        <AcademyDashboardScreen />
      </QueryClientProvider>
    </Router>,
  );
}

describe('academy dashboard', () => {
  it('shows the figures, the lists, takings and recent payments, with the charts loaded on demand', async () => {
    serveApi({ 'GET /api/academy_dashboard': () => dashboard() });
    renderDashboard();
    const stats = await screen.findByText('Upcoming trials', { selector: 'dt' });
    expect(stats.nextSibling).toHaveTextContent('5');
    expect(screen.getByText('Registrations', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '16',
    );
    expect(screen.getByText('Net takings', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '₦25,000',
    );
    expect(screen.getByText(/Upcoming 4 · Today 1 · Completed 7 · Cancelled 2/)).toBeVisible();
    // Trial day per trial: attendance, no-shows and evaluation progress.
    const trialDay = screen.getByRole('region', { name: 'Attendance and evaluation' });
    expect(within(trialDay).getByRole('link', { name: /Ikeja Open/ })).toHaveTextContent(
      '2 of 3 checked in · 1 no-show · 1 of 2 evaluated',
    );
    expect(screen.getByText('5 registrations in the last 30 days')).toBeVisible();

    const upcoming = screen.getByRole('region', { name: 'Upcoming trials' });
    expect(within(upcoming).getByRole('link', { name: /Under-17 Open Trial/ })).toHaveAttribute(
      'href',
      '/academy/trial_details/t-1',
    );
    expect(within(upcoming).getByText('12/50')).toBeVisible();
    // Times read as people say them, not as raw 'HH:MM'.
    expect(within(upcoming).getByText(/5 Dec 2026 · 9:30 AM ·/)).toBeVisible();
    expect(within(upcoming).queryByText(/09:30/)).toBeNull();
    const posts = screen.getByRole('region', { name: 'Popular posts' });
    expect(within(posts).getByRole('link', { name: /Trial day photos/ })).toHaveAttribute(
      'href',
      '/view_post_details/p-1',
    );
    const takings = screen.getByRole('region', { name: 'Takings' });
    expect(within(takings).getByText('Received').nextSibling).toHaveTextContent('₦37,500');
    expect(within(takings).getByText('Refunded', { selector: 'dt' }).nextSibling).toHaveTextContent(
      '₦12,500',
    );
    const payments = within(takings).getByRole('table', { name: 'Recent payments' });
    expect(within(payments).getByRole('rowheader', { name: /Ada Obi/ })).toHaveTextContent(
      'TL-ABC234',
    );
    expect(within(payments).getByText('Refunded')).toBeVisible();
    expect(within(payments).getByText('21 Nov, 10:01 AM')).toBeVisible();

    // The lazy chart module arrives and draws both figures.
    expect(await screen.findByText('Trial overview')).toBeInTheDocument();
    expect(screen.getByText('Registrations, last 30 days')).toBeInTheDocument();
  });

  it('shows empty states and refreshes when a registration arrives live', async () => {
    let answer = dashboard({ upcoming_trials: [], popular_posts: [], recent_payments: [] });
    const fetch = serveApi({ 'GET /api/academy_dashboard': () => answer });
    renderDashboard();
    expect(
      await screen.findByText('No upcoming trials. Add one and players can register.'),
    ).toBeVisible();
    expect(screen.getByText('No payments yet.')).toBeVisible();

    answer = dashboard();
    act(() =>
      realtime.events.emit('registration_changed', {
        type: 'registration_changed',
        seq: 1,
        data: { trial_id: 't-1', registration_id: 'r-1', status: 'cancelled' },
      }),
    );
    expect(await screen.findByText('Trial day photos')).toBeVisible();
    await waitFor(() => expect(fetch.callsTo('GET /api/academy_dashboard')).toHaveLength(2));
  });
});
