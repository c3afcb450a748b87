import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUARDIAN_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { homePage, makePost } from '@/features/feed/testing/fixtures';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

function me(consent_status: 'not_needed' | 'awaiting_consent' | 'given') {
  return {
    user: 'player user',
    role: 'player',
    user_id: 'player-1',
    dob: '2012-01-01',
    profile_photo: null,
    notification_count: 0,
    email: 'kid@example.test',
    state: 'Lagos',
    district: 'Ikeja',
    sports: ['football'],
    consent_status,
  };
}

const banner = () => screen.findByRole('region', { name: 'Waiting for your guardian’s consent' });

describe('a child awaiting a guardian’s consent (supplement §14)', () => {
  it('says so on /home, and resends the consent e-mail', async () => {
    signInAs('player');
    const api = serveApi({
      'GET /api/me': () => me('awaiting_consent'),
      'GET /api/home': () => homePage(),
      'GET /api/user_academy': () => [],
      'POST /api/guardian/resend': () => ({ message: GUARDIAN_MESSAGES.resendDone }),
    });
    renderApp('/home');
    const region = await banner();
    expect(within(region).getByText(GUARDIAN_MESSAGES.consentRequired)).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Resend to my guardian' }));
    expect(await within(region).findByText(GUARDIAN_MESSAGES.resendDone)).toBeVisible();
    expect(api.callsTo('POST /api/guardian/resend')).toHaveLength(1);
  });

  it('shows the rate limit when asked too often', async () => {
    signInAs('player');
    serveApi({
      'GET /api/me': () => me('awaiting_consent'),
      'GET /api/home': () => homePage(),
      'GET /api/user_academy': () => [],
      'POST /api/guardian/resend': reply(429, {
        message: GUARDIAN_MESSAGES.resendTooSoon,
        code: 'guardian.resend_too_soon',
      }),
    });
    renderApp('/home');
    const region = await banner();
    await userEvent.click(within(region).getByRole('button', { name: 'Resend to my guardian' }));
    expect(await within(region).findByText(GUARDIAN_MESSAGES.resendTooSoon)).toBeVisible();
  });

  it('shows nothing once the guardian has consented', async () => {
    signInAs('player');
    const api = serveApi({
      'GET /api/me': () => me('given'),
      'GET /api/home': () => homePage(),
      'GET /api/user_academy': () => [],
    });
    renderApp('/home');
    await waitFor(() => expect(api.callsTo('GET /api/me')).toHaveLength(1));
    expect(await screen.findByText(homePage().posts[0]!.content)).toBeVisible();
    expect(
      screen.queryByRole('region', { name: 'Waiting for your guardian’s consent' }),
    ).toBeNull();
  });

  it('appears when any call is refused with guardian.consent_required', async () => {
    signInAs('player');
    serveApi({
      'GET /api/me': reply(500),
      'GET /api/home': reply(403, {
        message: GUARDIAN_MESSAGES.consentRequired,
        code: 'guardian.consent_required',
      }),
      'GET /api/user_academy': () => [],
    });
    renderApp('/home');
    expect(await banner()).toBeVisible();
  });
});

describe('a child awaiting consent sees no action the server would refuse', () => {
  it('no composer, like or comment on /home: the reason instead', async () => {
    signInAs('player');
    serveApi({
      'GET /api/me': () => me('awaiting_consent'),
      'GET /api/home': () => homePage({ posts: [makePost()] }),
      'GET /api/user_academy': () => [],
    });
    renderApp('/home');
    expect(await screen.findByText('You can post once your guardian gives consent.')).toBeVisible();
    expect(
      await screen.findByText('You can like and comment once your guardian gives consent.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Start a post' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Like/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Comment/ })).not.toBeInTheDocument();
  });

  it('with consent given, the actions are back', async () => {
    signInAs('player');
    serveApi({
      'GET /api/me': () => me('given'),
      'GET /api/home': () => homePage({ posts: [makePost()] }),
      'GET /api/user_academy': () => [],
    });
    renderApp('/home');
    expect(await screen.findByRole('button', { name: /^Like/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start a post' })).toBeVisible();
  });
});
