import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES, type DataExportStatus } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const deletionInfo = {
  confirm_with: 'password',
  erase_after_days: 30,
  upcoming_trials: 0,
  open_registrations: 0,
};

const pending = {
  id: '0190c6f1-0000-7000-8000-000000000001',
  status: 'pending',
  created_at: '2026-11-26T09:00:00.000Z',
  ready_at: null,
  expires_at: null,
  byte_size: null,
  download_url: null,
} as const;

describe("settings: 'Your data'", () => {
  it('asks for an export, shows it being prepared, then offers the download', async () => {
    signInAs('player');
    let status: DataExportStatus = { export: null, next_export_at: null };
    const api = serveApi({
      'GET /api/me/deletion': reply(200, deletionInfo),
      'GET /api/me/export': () => status,
      'POST /api/me/export': () => {
        status = { export: pending, next_export_at: '2026-11-27T09:00:00.000Z' };
        return reply(202, { message: YOUR_DATA_MESSAGES.exportStarted, export: pending });
      },
    });
    renderApp('/settings');
    expect(await screen.findByRole('heading', { name: 'Download your data' })).toBeVisible();
    await userEvent.click(await screen.findByRole('button', { name: 'Request my data' }));
    expect(await screen.findByText(/We're preparing your data/)).toBeVisible();
    expect(screen.getByText(/next export from 27 November 2026 at 10:00/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Request my data' })).toBeNull();
    expect(api.callsTo('POST /api/me/export')).toHaveLength(1);

    // The worker finishes: the next poll shows it ready.
    status = {
      export: {
        ...pending,
        status: 'ready',
        ready_at: '2026-11-26T09:01:00.000Z',
        expires_at: '2026-12-03T09:01:00.000Z',
        byte_size: 2_400_000,
        download_url: `/api/me/export/${pending.id}`,
      },
      next_export_at: '2026-11-27T09:00:00.000Z',
    };
    expect(await screen.findByRole('button', { name: 'Download ZIP' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Your data is ready (2.3 MB). You can download it until 3 December 2026 at 10:01.',
    );
  });

  it('deletes the account in a dialog that keeps the focus, with the password and "at once"', async () => {
    signInAs('player');
    const api = serveApi({
      'GET /api/me/deletion': reply(200, deletionInfo),
      'GET /api/me/export': reply(200, { export: null, next_export_at: null }),
      'DELETE /api/me': ({ body }) =>
        (body as { password: string }).password === 'Right#2026'
          ? {
              message: YOUR_DATA_MESSAGES.deletedAndErased,
              erase_after: '2026-11-26T09:00:00.000Z',
              immediately: true,
            }
          : reply(400, {
              code: YOUR_DATA_ERRORS.confirmationWrong,
              message: YOUR_DATA_MESSAGES.passwordWrong,
            }),
    });
    const { history } = renderApp('/settings');
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();
    const confirm = within(dialog).getByRole('button', { name: 'Delete my account' });
    expect(confirm).toBeDisabled();
    // Tab never leaves the dialog.
    for (let i = 0; i < 8; i++) {
      await userEvent.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await userEvent.type(password, 'Wrong#2026');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(YOUR_DATA_MESSAGES.passwordWrong)).toBeVisible();

    await userEvent.clear(password);
    await userEvent.type(password, 'Right#2026');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Delete at once' }));
    await userEvent.click(confirm);
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.callsTo('DELETE /api/me').at(-1)?.body).toEqual({
      password: 'Right#2026',
      immediately: true,
    });
    expect(localStorage.getItem('refresh')).toBeNull();
  });

  it('tells an academy its upcoming trials will be cancelled', async () => {
    signInAs('academy');
    serveApi({
      'GET /api/me/deletion': reply(200, { ...deletionInfo, upcoming_trials: 2 }),
      'GET /api/me/export': reply(200, { export: null, next_export_at: null }),
    });
    renderApp('/settings');
    expect(
      await screen.findByText(
        'Your 2 upcoming trials will be cancelled, and paid registrations refunded.',
      ),
    ).toBeVisible();
  });
});
