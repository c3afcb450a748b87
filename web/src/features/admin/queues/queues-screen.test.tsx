import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminFailedJob, AdminQueues } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { lagText } from './queues-screen';

const counts = { waiting: 2, active: 1, delayed: 4, completed: 120 };
const outbox = { outbox_lag_seconds: 3, unpublished: 1, dead_lettered: 0 };

const job = (id: string, overrides: Partial<AdminFailedJob>): AdminFailedJob => ({
  id,
  queue: 'notifications',
  name: 'notifications.trial_cancelled',
  payload: { trialId: 't-1' },
  reason: 'SMTP refused',
  attempts: 5,
  created_at: '2026-11-26T09:00:00.000Z',
  finished_at: '2026-11-26T09:05:00.000Z',
  ...overrides,
});

describe('admin queues', () => {
  it('shows counts per queue, the outbox and failed jobs; retries one and removes another', async () => {
    signInAs('admin', 'admin-1');
    let failed = [
      job('17', {}),
      job('18', {
        name: 'media.cleanup',
        payload: { mediaId: 'm-1' },
        reason: 'Gone',
        attempts: 1,
      }),
    ];
    const fetch = serveApi({
      'GET /api/admin/queues': (): AdminQueues => ({
        driver: 'inline',
        queues: [
          {
            name: 'notifications',
            counts: { ...counts, failed: failed.length },
            failed_jobs: failed,
          },
          { name: 'email', counts: { ...counts, failed: 0 }, failed_jobs: [] },
        ],
        outbox,
        board: false,
      }),
      'POST /api/admin/queues/notifications/jobs/17/retry': () => {
        failed = failed.filter((j) => j.id !== '17');
        return { message: 'Job queued again' };
      },
      'DELETE /api/admin/queues/notifications/jobs/18': () => {
        failed = failed.filter((j) => j.id !== '18');
        return { message: 'Job removed' };
      },
    });
    renderApp('/admin/queues');
    const table = await screen.findByRole('table', { name: 'Jobs per queue' });
    expect(within(table).getByRole('row', { name: /notifications/ })).toHaveTextContent(
      'notifications2142120',
    );
    expect(screen.getByText('Outbox lag').nextSibling).toHaveTextContent('3 s');
    expect(screen.getByText('In-process queue', { exact: false })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'BullMQ board' })).toBeNull();

    const jobs = screen.getByRole('list', { name: 'Failed jobs' });
    const first = within(jobs).getByRole('listitem', {
      name: 'notifications.trial_cancelled 17 in notifications',
    });
    expect(first).toHaveTextContent('SMTP refused');
    expect(first).toHaveTextContent('5 attempts');
    expect(first).toHaveTextContent('{"trialId":"t-1"}');

    await userEvent.click(
      within(first).getByRole('button', { name: 'Retry notifications.trial_cancelled 17' }),
    );
    expect(await screen.findByText('Job queued again')).toBeVisible();
    await waitFor(() => expect(within(jobs).getAllByRole('listitem')).toHaveLength(1));
    await userEvent.click(within(jobs).getByRole('button', { name: 'Remove media.cleanup 18' }));
    expect(await screen.findByText('No failed jobs.')).toBeVisible();
    expect(fetch.callsTo('DELETE /api/admin/queues/notifications/jobs/18')).toHaveLength(1);
  });

  it('opens the BullMQ board through a short-lived link when the server has one', async () => {
    signInAs('admin', 'admin-1');
    serveApi({
      'GET /api/admin/queues': (): AdminQueues => ({
        driver: 'bullmq',
        queues: [],
        outbox: { ...outbox, dead_lettered: 2 },
        board: true,
      }),
      'GET /api/admin/queues/board_link': () => ({
        url: '/admin/queues/board?ticket=abc',
        expires_at: '2026-11-26T10:05:00.000Z',
      }),
    });
    const opened: string[] = [];
    const open = window.open;
    window.open = (url?: string | URL) => {
      opened.push(String(url));
      return null;
    };
    try {
      renderApp('/admin/queues');
      await userEvent.click(await screen.findByRole('button', { name: 'BullMQ board' }));
      await waitFor(() => expect(opened).toEqual(['/admin/queues/board?ticket=abc']));
      expect(screen.getByText('Dead letters').nextSibling).toHaveTextContent('2');
    } finally {
      window.open = open;
    }
  });

  it('writes a lag in seconds, minutes and hours', () => {
    expect(lagText(0)).toBe('0 s');
    expect(lagText(200)).toBe('3 min 20 s');
    expect(lagText(7500)).toBe('2 h 5 min');
  });
});
