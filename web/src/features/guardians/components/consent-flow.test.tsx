import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CONSENT_NOTICE, CONSENT_NOTICE_VERSION, GUARDIAN_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { session } from '@/lib/session';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const TOKEN = 'tok-123';
const view = {
  child: { username: 'Tobi Ade', age: 14 },
  guardian_email: 'mum@example.test',
  expires_at: '2026-12-05T10:00:00.000Z',
  notice: {
    version: CONSENT_NOTICE_VERSION,
    ...CONSENT_NOTICE,
    paragraphs: [...CONSENT_NOTICE.paragraphs],
  },
};
const guardianLogin = {
  user: 'Mrs Ade',
  role: 'guardian',
  dob: null,
  user_id: 'guardian-1',
  profile_photo: null,
  notification_count: 0,
  message: 'Login successful',
};
const tokens = reply(200, { access: 'a-1', refresh: 'r-1' });
const consentPath = `/api/guardian/consent/${TOKEN}`;

describe('the consent page', () => {
  it('shows the notice and its version, and the server message of a used link', async () => {
    serveApi({ [`GET ${consentPath}`]: reply(200, view) });
    const first = renderApp(`/guardian/consent/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: CONSENT_NOTICE.title })).toBeVisible();
    expect(screen.getByText(CONSENT_NOTICE.paragraphs[1])).toBeVisible();
    expect(screen.getByText(`Notice version ${CONSENT_NOTICE_VERSION}`)).toBeVisible();
    expect(screen.getByText('Tobi Ade, 14 asked for your consent')).toBeVisible();
    first.unmount();

    serveApi({
      [`GET ${consentPath}`]: reply(410, {
        message: GUARDIAN_MESSAGES.linkUsed,
        code: 'guardian.link_used',
      }),
    });
    renderApp(`/guardian/consent/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(GUARDIAN_MESSAGES.linkUsed);
    expect(screen.queryByRole('button', { name: 'Give consent' })).toBeNull();
  });

  it('creates a guardian account, verifies the code, signs in and gives consent', async () => {
    const api = serveApi({
      [`GET ${consentPath}`]: reply(200, view),
      'POST /api/guardian/signup': reply(201, { message: 'Check your e-mail for the code' }),
      'PUT /api/otp_verification': reply(200, { message: 'Verified' }),
      'POST /api/login': reply(200, guardianLogin),
      'POST /api/token/': tokens,
      [`POST ${consentPath}`]: reply(200, { message: GUARDIAN_MESSAGES.consentGiven('Tobi Ade') }),
    });
    renderApp(`/guardian/consent/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('Your name'), 'Mrs Ade');
    expect(screen.getByLabelText('Email')).toHaveValue('mum@example.test');
    await userEvent.type(screen.getByLabelText('Password'), 'Goal#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(api.callsTo('POST /api/guardian/signup')[0]?.body).toEqual({
      token: TOKEN,
      username: 'Mrs Ade',
      email: 'mum@example.test',
      password: 'Goal#2026',
    });

    await userEvent.type(await screen.findByLabelText('Verification code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText(/Signed in as a guardian/)).toBeVisible();
    expect(api.callsTo('PUT /api/otp_verification')[0]?.body).toEqual({
      email: 'mum@example.test',
      otp: '123456',
      purpose: 'verify',
    });
    expect(api.callsTo('POST /api/login')[0]?.body).toMatchObject({ is_guardian: true });
    expect(session.role).toBe('guardian');

    // The relationship is required before any answer is sent.
    await userEvent.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByText(GUARDIAN_MESSAGES.relationshipRequired)).toBeVisible();
    expect(api.callsTo(`POST ${consentPath}`)).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Your relationship to Tobi Ade'), 'Mother');
    await userEvent.click(screen.getByRole('button', { name: 'Give consent' }));
    expect(await screen.findByRole('heading', { name: 'Consent given' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      GUARDIAN_MESSAGES.consentGiven('Tobi Ade'),
    );
    expect(api.callsTo(`POST ${consentPath}`)[0]?.body).toEqual({
      decision: 'give',
      relationship: 'Mother',
    });
    expect(screen.getByRole('link', { name: 'Go to your guardian page' })).toHaveAttribute(
      'href',
      '/guardian/home',
    );
  });

  it('lets a guardian with an account sign in and decline', async () => {
    const api = serveApi({
      [`GET ${consentPath}`]: reply(200, view),
      'POST /api/login': reply(200, guardianLogin),
      'POST /api/token/': tokens,
      [`POST ${consentPath}`]: reply(200, {
        message: GUARDIAN_MESSAGES.consentDeclined('Tobi Ade'),
      }),
    });
    renderApp(`/guardian/consent/${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: 'I have a guardian account' }));
    expect(screen.queryByLabelText('Your name')).toBeNull();
    await userEvent.type(screen.getByLabelText('Password'), 'Touchline@2026');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await userEvent.type(await screen.findByLabelText('Your relationship to Tobi Ade'), 'Father');
    await userEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(await screen.findByRole('heading', { name: 'Consent declined' })).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent(
      GUARDIAN_MESSAGES.consentDeclined('Tobi Ade'),
    );
    expect(api.callsTo(`POST ${consentPath}`)[0]?.body).toEqual({
      decision: 'decline',
      relationship: 'Father',
    });
  });

  it("shows the server's message when a signup fails, and asks a player to sign out", async () => {
    serveApi({
      [`GET ${consentPath}`]: reply(200, view),
      'POST /api/guardian/signup': reply(409, {
        message: 'An account with this e-mail already exists',
        code: 'conflict',
      }),
    });
    const first = renderApp(`/guardian/consent/${TOKEN}`);
    await userEvent.type(await screen.findByLabelText('Your name'), 'Mrs Ade');
    await userEvent.type(screen.getByLabelText('Password'), 'Goal#2026');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An account with this e-mail already exists',
    );
    first.unmount();

    signInAs('player');
    renderApp(`/guardian/consent/${TOKEN}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(GUARDIAN_MESSAGES.guardianOnly);
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(session.role).toBeNull());
    expect(await screen.findByRole('button', { name: 'Create account' })).toBeVisible();
  });
});
