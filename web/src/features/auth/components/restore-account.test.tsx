import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { YOUR_DATA_ERRORS, YOUR_DATA_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { loginAnswer, reply, serveApi } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

describe("login: 'Restore my account' within the 30 days", () => {
  it('offers the restore on a deleted account, restores it and signs in', async () => {
    let deleted = true;
    const pendingMessage = YOUR_DATA_MESSAGES.pendingDeletion('26 December 2026');
    const api = serveApi({
      'POST /api/login': () =>
        deleted
          ? reply(409, { code: YOUR_DATA_ERRORS.pendingDeletion, message: pendingMessage })
          : loginAnswer('player'),
      'POST /api/token/': reply(200, { access: 'access-1', refresh: 'refresh-1' }),
      'POST /api/account/restore': () => {
        deleted = false;
        return { message: YOUR_DATA_MESSAGES.restored };
      },
    });
    const { history } = renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Restore your account?' });
    expect(dialog).toHaveTextContent(pendingMessage);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore my account' }));
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
    expect(api.callsTo('POST /api/account/restore')[0]?.body).toEqual({
      email: 'ada@example.test',
      password: 'Secret@1',
      is_academy: false,
    });
  });

  it("'Not now' closes the offer and stays signed out", async () => {
    serveApi({
      'POST /api/login': reply(409, {
        code: YOUR_DATA_ERRORS.pendingDeletion,
        message: YOUR_DATA_MESSAGES.pendingDeletion('26 December 2026'),
      }),
    });
    const { history } = renderApp('/');
    await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Secret@1');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore your account?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(history.at(-1)).toBe('/');
  });
});
