import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, MESSAGES } from '@touchline/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { endReset } from '../stores/reset-flow';
import { serveApi } from '@/test/fake-api';
import { PASSWORDS_DIFFER } from './reset-password-form';

afterEach(() => endReset());

const codeAnswers = {
  'POST /api/forget_pass': { status: 200, body: { message: AUTH_MESSAGES.codeSent } },
  'PUT /api/otp_verification': {
    status: 200,
    body: { message: AUTH_MESSAGES.verified, reset_token: 'reset-token-1' },
  },
};

async function reachResetPage(history: string[]) {
  await userEvent.type(await screen.findByLabelText('Email'), 'ada@example.test');
  await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
  expect(await screen.findByText('ad***@example.test')).toBeVisible();
  await userEvent.click(screen.getByRole('textbox', { name: 'Digit 1' }));
  await userEvent.paste('246810');
  await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await waitFor(() => expect(history.at(-1)).toBe('/reset_password'));
}

describe('forgot and reset password', () => {
  it('e-mail → code → reset token → new password → notice and the login', async () => {
    const api = serveApi({
      ...codeAnswers,
      'POST /api/reset_password': { status: 200, body: { message: AUTH_MESSAGES.resetDone } },
    });
    const { history } = renderApp('/forget_password');
    await reachResetPage(history);
    expect(api.callsTo('POST /api/forget_pass')[0]?.body).toEqual({ email: 'ada@example.test' });
    expect(api.callsTo('PUT /api/otp_verification')[0]?.body).toEqual({
      email: 'ada@example.test',
      otp: '246810',
      purpose: 'reset',
    });
    await userEvent.type(await screen.findByLabelText('New password'), 'Fresh#2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Fresh#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetDone)).toBeVisible();
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.callsTo('POST /api/reset_password')[0]?.body).toEqual({
      reset_token: 'reset-token-1',
      password: 'Fresh#2026',
    });
  });

  it('applies the signup strength rule and wants the same password twice', async () => {
    const api = serveApi(codeAnswers);
    const { history } = renderApp('/forget_password');
    await reachResetPage(history);
    await userEvent.type(await screen.findByLabelText('New password'), 'weak');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'other');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(MESSAGES.passwordStrength)).toBeVisible();
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeVisible();
    expect(api.callsTo('POST /api/reset_password')).toHaveLength(0);
  });

  it('sends a visitor without a reset token back to /forget_password', async () => {
    serveApi({});
    const { history } = renderApp('/reset_password');
    await waitFor(() => expect(history).toEqual(['/forget_password']));
    expect(await screen.findByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  });

  it('starts again when the reset token has expired', async () => {
    serveApi({
      ...codeAnswers,
      'POST /api/reset_password': {
        status: 400,
        body: { message: AUTH_MESSAGES.resetTokenInvalid, code: 'auth.reset_token_invalid' },
      },
    });
    const { history } = renderApp('/forget_password');
    await reachResetPage(history);
    await userEvent.type(await screen.findByLabelText('New password'), 'Fresh#2026');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'Fresh#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText(AUTH_MESSAGES.resetTokenInvalid)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(history.at(-1)).toBe('/forget_password'));
  });
});
