import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { held, loginAnswer, serveApi } from '@/test/fake-api';

const tokens = { status: 200, body: { access: 'access-1', refresh: 'refresh-1' } };

async function logIn(email: string, password: string) {
  await userEvent.type(await screen.findByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login form', () => {
  it('shows the spec messages for an empty form and sends nothing', async () => {
    const api = serveApi({});
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.passwordRequired)).toBeVisible();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST /api/login')).toHaveLength(0);
  });

  it('logs a player in: login, then tokens, then the session and /home', async () => {
    const api = serveApi({
      'POST /api/login': { status: 200, body: loginAnswer('player') },
      'POST /api/token/': tokens,
    });
    const { history } = renderApp('/');
    await logIn('Ada@Example.test', 'Secret@1');
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
    const expected = { email: 'ada@example.test', password: 'Secret@1', is_academy: false };
    expect(api.callsTo('POST /api/login')[0]?.body).toEqual(expected);
    expect(api.callsTo('POST /api/token/')[0]?.body).toEqual(expected);
    expect(session).toMatchObject({
      user: 'Ada Obi',
      role: 'player',
      dob: '2008-04-01',
      user_id: 'player-7',
    });
    expect(localStorage.getItem('access')).toBe('access-1');
    expect(localStorage.getItem('refresh')).toBe('refresh-1');
  });

  it('sends is_academy from the academy login and opens /academy/home', async () => {
    const api = serveApi({
      'POST /api/login': { status: 200, body: loginAnswer('academy') },
      'POST /api/token/': tokens,
    });
    const { history } = renderApp('/academy/login');
    await logIn('coach@example.test', 'Secret@1');
    await waitFor(() => expect(history.at(-1)).toBe('/academy/home'));
    expect(api.callsTo('POST /api/login')[0]?.body).toMatchObject({ is_academy: true });
  });

  it('sends is_admin from the admin login and opens /admin/home', async () => {
    const api = serveApi({
      'POST /api/login': { status: 200, body: loginAnswer('admin') },
      'POST /api/token/': tokens,
    });
    const { history } = renderApp('/admin/login');
    await logIn('admin@example.test', 'Secret@1');
    await waitFor(() => expect(history.at(-1)).toBe('/admin/home'));
    expect(api.callsTo('POST /api/token/')[0]?.body).toMatchObject({
      is_academy: false,
      is_admin: true,
    });
  });

  it('treats 403 as an unverified e-mail: Verification Incomplete, then the code page', async () => {
    serveApi({
      'POST /api/login': {
        status: 403,
        body: { message: 'Email is not verified', code: 'auth.unverified' },
      },
    });
    const { history } = renderApp('/');
    await logIn('new@example.test', 'Secret@1');
    const dialog = await screen.findByRole('alertdialog', {
      name: MESSAGES.verificationIncomplete,
    });
    expect(within(dialog).getByText(MESSAGES.checkEmail)).toBeVisible();
    expect(history.at(-1)).toBe('/');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(history.at(-1)).toBe('/otp_verification?email=new%40example.test'));
    expect(await screen.findByText('ne***@example.test')).toBeVisible();
    expect(session.is_access).toBe(true);
  });

  it('carries the academy hint to the code page from the academy login', async () => {
    serveApi({
      'POST /api/login': { status: 403, body: { message: 'Unverified', code: 'auth.unverified' } },
    });
    const { history } = renderApp('/academy/login');
    await logIn('coach@example.test', 'Secret@1');
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(history.at(-1)).toBe('/otp_verification?email=coach%40example.test&academy=1'),
    );
  });

  it("shows the server's message in an 'Error' dialog", async () => {
    serveApi({
      'POST /api/login': {
        status: 400,
        body: { message: 'Invalid email or password', code: 'auth.invalid_credentials' },
      },
    });
    const { history } = renderApp('/');
    await logIn('ada@example.test', 'wrong');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('Invalid email or password')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(history).toEqual(['/']);
    expect(session.role).toBeNull();
  });

  it("falls back to 'server error try again later' when the server fails", async () => {
    serveApi({ 'POST /api/login': { status: 502, statusText: 'Bad Gateway' } });
    renderApp('/');
    await logIn('ada@example.test', 'Secret@1');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText(MESSAGES.loginServerError)).toBeVisible();
  });

  it("fails with 'Authentication error' when the token answer has no access token", async () => {
    serveApi({
      'POST /api/login': { status: 200, body: loginAnswer('player') },
      'POST /api/token/': { status: 200, body: { refresh: 'refresh-1' } },
    });
    const { history } = renderApp('/');
    await logIn('ada@example.test', 'Secret@1');
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText(MESSAGES.authenticationError)).toBeVisible();
    expect(session.role).toBeNull();
    expect(localStorage.getItem('access')).toBeNull();
    expect(history).toEqual(['/']);
  });

  it('shows a busy button while the login is on its way', async () => {
    const login = held({ status: 200, body: loginAnswer('player') });
    serveApi({ 'POST /api/login': login.handler, 'POST /api/token/': tokens });
    const { history } = renderApp('/');
    await logIn('ada@example.test', 'Secret@1');
    const button = screen.getByRole('button', { name: 'Log in' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    expect(button).toBeDisabled();
    login.release();
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
  });

  it('links to password reset, signup and the academy login', async () => {
    serveApi({});
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/forget_password',
    );
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByRole('link', { name: 'Academy login' })).toHaveAttribute(
      'href',
      '/academy/login',
    );
  });

  it('has no signup link, forgot link or Google button on the admin login', async () => {
    serveApi({
      'GET /api/client-config': {
        status: 200,
        body: {
          google_client_id: 'id.apps.googleusercontent.com',
          dev_mailbox: true,
          test_payments: false,
          checkout_host: null,
        },
      },
    });
    renderApp('/admin/login');
    expect(await screen.findByRole('heading', { name: 'Admin login' })).toBeVisible();
    expect(screen.queryByRole('link', { name: /sign ?up|create|forgot/i })).toBeNull();
    expect(screen.queryByTestId('google-button')).toBeNull();
  });
});
