import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, MESSAGES } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import type { GoogleCredentialResponse } from '@/lib/google-identity';
import { GOOGLE_SCRIPT_URL } from '@/lib/google-identity';
import type { Reply } from '@/test/fake-api';
import { serveApi } from '@/test/fake-api';

const CLIENT_ID = 'touchline-test.apps.googleusercontent.com';
const configured = {
  status: 200,
  body: {
    google_client_id: CLIENT_ID,
    dev_mailbox: true,
    test_payments: false,
    checkout_host: null,
  },
} satisfies Reply;

/** Google's script, as far as the app uses it: a button that hands over a credential. */
function stubGoogle() {
  const initialize = vi.fn();
  window.google = {
    accounts: {
      id: {
        initialize,
        renderButton: (parent: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google';
          button.addEventListener('click', () => {
            const { callback } = initialize.mock.calls[0]![0] as {
              callback: (r: GoogleCredentialResponse) => void;
            };
            callback({ credential: 'google-id-token' });
          });
          parent.append(button);
        },
      },
    },
  };
  return initialize;
}

const googleAnswer = (created: boolean, dob: string | null) => ({
  access: 'access-g',
  refresh: 'refresh-g',
  username: 'Chidi Okafor',
  dob,
  profile_photo: null,
  notification_count: 0,
  user_id: 'player-42',
  detail: created ? `${MESSAGES.googleSignupSuccess} Chidi Okafor` : AUTH_MESSAGES.loginSuccess,
  created,
});

afterEach(() => {
  delete window.google;
});

describe('Google button', () => {
  it('is not shown (and Google is not loaded) without a client id', async () => {
    const append = vi.spyOn(document.head, 'appendChild');
    serveApi({});
    renderApp('/');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByTestId('google-button')).toBeNull();
    expect(append).not.toHaveBeenCalled();
  });

  it('signs a new player up, welcomes them, and opens /welcome without a date of birth', async () => {
    const initialize = stubGoogle();
    const api = serveApi({
      'GET /api/client-config': configured,
      'POST /api/google': { status: 200, body: googleAnswer(true, null) },
    });
    const { history } = renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: CLIENT_ID }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/google')[0]?.body).toEqual({ access_token: 'google-id-token' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(`${MESSAGES.googleSignupSuccess} Chidi Okafor`)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(history.at(-1)).toBe('/welcome'));
    expect(session).toMatchObject({ user: 'Chidi Okafor', role: 'player', dob: null });
    expect(localStorage.getItem('access')).toBe('access-g');
  });

  it('signs a known player with a date of birth straight in to /home', async () => {
    stubGoogle();
    serveApi({
      'GET /api/client-config': configured,
      'POST /api/google': { status: 200, body: googleAnswer(false, '2009-02-02') },
    });
    const { history } = renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
    expect(screen.queryByText(/Signup successfull/)).toBeNull();
  });

  it.each([
    ['/', MESSAGES.cantLogin],
    ['/signup', MESSAGES.cantSignup],
  ])("on %s shows the server's reason in a %s dialog", async (path, title) => {
    stubGoogle();
    serveApi({
      'GET /api/client-config': configured,
      'POST /api/google': {
        status: 400,
        body: { message: AUTH_MESSAGES.googleEmailTaken, code: 'auth.google_email_taken' },
      },
    });
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(within(dialog).getByText(AUTH_MESSAGES.googleEmailTaken)).toBeVisible();
    expect(session.role).toBeNull();
  });

  it("says 'server error please try again later' when the server fails", async () => {
    stubGoogle();
    serveApi({
      'GET /api/client-config': configured,
      'POST /api/google': { status: 503, statusText: 'Service Unavailable' },
    });
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText(MESSAGES.googleServerError)).toBeVisible();
  });

  it("only logs 'no internet connection' when Google's script cannot load", async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const append = vi.spyOn(document.head, 'appendChild');
    serveApi({ 'GET /api/client-config': configured });
    renderApp('/');
    await waitFor(() => expect(append).toHaveBeenCalled());
    const script = append.mock.calls[0]![0] as HTMLScriptElement;
    expect(script.src).toBe(GOOGLE_SCRIPT_URL);
    script.dispatchEvent(new Event('error'));
    await waitFor(() => expect(log).toHaveBeenCalledWith('no internet connection'));
    await waitFor(() => expect(screen.queryByTestId('google-button')).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
