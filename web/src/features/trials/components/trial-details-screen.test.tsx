import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrialView } from '@touchline/shared';
import { TEST_PAYMENTS_NOTICE, TRIAL_MESSAGES, TRIALS_ERRORS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signInAs } from '@/test/render-app';
import { lagosDay, trialFixture } from '../testing/fixtures';

function open(trial: TrialView) {
  signInAs('player', 'me');
  return renderApp(`/trial_details/${trial.id}`);
}

describe('/trial_details/{id}', () => {
  it('shows the trial and a Register button leading to the form', async () => {
    const trial = trialFixture({
      name: 'Ikeja Open Trial',
      requirements: [{ id: 'r1', text: 'Upload a highlight video link' }],
    });
    serveApi({ [`GET /api/trial/${trial.id}`]: () => trial });
    const { history } = open(trial);

    expect(await screen.findByRole('heading', { name: 'Ikeja Open Trial' })).toBeVisible();
    const facts = screen.getAllByRole('region', { name: 'Trial facts' })[0]!;
    expect(within(facts).getByText('₦12,500')).toBeVisible();
    expect(within(facts).getByText('9:30 AM')).toBeVisible();
    expect(within(facts).getByText('Agege Stadium')).toBeVisible();
    expect(within(facts).getByText('Opposite the railway station')).toBeVisible();
    expect(within(facts).getByText('Ages 12–17')).toBeVisible();
    expect(within(facts).getByText('8 places left')).toBeVisible();
    expect(screen.getByText('Upload a highlight video link')).toBeVisible();
    expect(screen.getByRole('link', { name: /Lagos Stars Academy/ })).toHaveAttribute(
      'href',
      '/academy/profile/academy-1',
    );

    await userEvent.click(screen.getByRole('link', { name: 'Register' }));
    expect(history.at(-1)).toBe(`/register_trial/${trial.id}`);
  });

  it('offers to join the waitlist when every place is taken, and explains it', async () => {
    const trial = trialFixture({ places_left: 0, registered_count: 50, waitlist_count: 3 });
    serveApi({ [`GET /api/trial/${trial.id}`]: () => trial });
    const { history } = open(trial);
    const join = await screen.findByRole('link', { name: 'Join the waitlist' });
    expect(screen.getAllByText(TRIAL_MESSAGES.full)[0]).toBeVisible();
    expect(screen.getByText(/the first in line gets it at once/)).toHaveTextContent(
      '3 players are waiting.',
    );
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
    await userEvent.click(join);
    expect(history.at(-1)).toBe(`/register_trial/${trial.id}`);
  });

  it('shows a waitlist place with its number in line, and leaving it', async () => {
    const trial = trialFixture({
      places_left: 0,
      my_registration: {
        id: 'reg-w',
        reference_code: 'TL-WAIT23',
        status: 'waitlisted',
        hold_expires_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: 2,
        payment: null,
      },
    });
    let left = false;
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'DELETE /api/player_trial/reg-w': () => {
        left = true;
        return {
          message: 'Registration cancelled',
          id: 'reg-w',
          status: 'cancelled',
          refund: false,
        };
      },
    });
    open(trial);
    const panel = await screen.findByRole('region', { name: 'Your registration' });
    expect(within(panel).getByText('Waitlisted — number 2 in line')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Leave the waitlist' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Leave the waitlist',
      }),
    );
    expect(await screen.findByText(TRIAL_MESSAGES.waitlistLeft)).toBeVisible();
    expect(left).toBe(true);
  });

  it('says Deadline Over once the deadline has passed in Lagos', async () => {
    const trial = trialFixture({ deadline: lagosDay(-1), trial_date: lagosDay(2) });
    serveApi({ [`GET /api/trial/${trial.id}`]: () => trial });
    open(trial);
    expect(
      await screen.findByRole('button', { name: TRIAL_MESSAGES.deadlinePassed }),
    ).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('shows a cancelled trial with its reason', async () => {
    const trial = trialFixture({ status: 'cancelled', cancel_reason: 'The pitch is flooded' });
    serveApi({ [`GET /api/trial/${trial.id}`]: () => trial });
    open(trial);
    expect(await screen.findByText(TRIAL_MESSAGES.cancelled)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Registration closed' })).toBeDisabled();
    expect(screen.getByText('Reason: The pitch is flooded')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();
  });

  it('shows the player’s registration and cancels it after confirmation', async () => {
    const registration = {
      id: 'reg-1',
      reference_code: 'TL-7KQ2MX',
      status: 'registered' as const,
      hold_expires_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      waitlist_position: null,
      payment: null,
    };
    let cancelled = false;
    const trial = trialFixture({ registration_fee: 0 });
    const fetch = serveApi({
      [`GET /api/trial/${trial.id}`]: () =>
        cancelled
          ? { ...trial, my_registration: { ...registration, status: 'cancelled' } }
          : { ...trial, my_registration: registration },
      'DELETE /api/player_trial/reg-1': () => {
        cancelled = true;
        return { message: TRIAL_MESSAGES.registrationCancelled };
      },
    });
    open(trial);

    expect(await screen.findByTestId('reference-code')).toHaveTextContent('TL-7KQ2MX');
    const panel = screen.getByRole('region', { name: 'Your registration' });
    expect(within(panel).getByText('Registered')).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Register' })).toBeNull();

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel your registration?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.callsTo('DELETE /api/player_trial/reg-1')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('button', { name: 'Cancel registration' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel registration',
      }),
    );
    expect(await screen.findByText(TRIAL_MESSAGES.registrationCancelled)).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Register' })).toBeVisible();
    expect(fetch.callsTo('DELETE /api/player_trial/reg-1')).toHaveLength(1);
  });

  it('a selected player can withdraw after the deadline, until the trial day', async () => {
    const registration = {
      id: 'reg-3',
      reference_code: 'TL-SEL3CT',
      status: 'selected' as const,
      hold_expires_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      waitlist_position: null,
      payment: null,
    };
    let withdrawn = false;
    const trial = trialFixture({
      registration_fee: 0,
      deadline: lagosDay(-1),
      trial_date: lagosDay(2),
    });
    const fetch = serveApi({
      [`GET /api/trial/${trial.id}`]: () => ({
        ...trial,
        my_registration: withdrawn ? { ...registration, status: 'cancelled' } : registration,
      }),
      'DELETE /api/player_trial/reg-3': () => {
        withdrawn = true;
        return { message: TRIAL_MESSAGES.registrationCancelled };
      },
    });
    open(trial);

    const panel = await screen.findByRole('region', { name: 'Your registration' });
    expect(within(panel).getByText('Congratulations! The academy selected you.')).toBeVisible();
    await userEvent.click(within(panel).getByRole('button', { name: 'Withdraw from this trial' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw from this trial?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText(TRIAL_MESSAGES.registrationCancelled)).toBeVisible();
    expect(fetch.callsTo('DELETE /api/player_trial/reg-3')).toHaveLength(1);
  });

  it('offers a selected player no withdrawal once the trial day has passed', async () => {
    const base = {
      id: 'reg-4',
      reference_code: 'TL-LAT3RR',
      hold_expires_at: null,
      created_at: '2026-11-20T10:00:00.000Z',
      waitlist_position: null,
      payment: null,
    };
    const past = trialFixture({
      deadline: lagosDay(-3),
      trial_date: lagosDay(-1),
      my_registration: { ...base, status: 'selected' },
    });
    serveApi({ [`GET /api/trial/${past.id}`]: () => past });
    open(past);
    const panel = await screen.findByRole('region', { name: 'Your registration' });
    expect(within(panel).getByText('Selected')).toBeVisible();
    expect(
      within(panel).queryByRole('button', { name: /Withdraw|Cancel registration/ }),
    ).toBeNull();
  });

  it('shows the server’s reason when a cancellation is refused', async () => {
    const trial = trialFixture({
      my_registration: {
        id: 'reg-2',
        reference_code: 'TL-AB34CD',
        status: 'registered',
        hold_expires_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: null,
        payment: null,
      },
    });
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'DELETE /api/player_trial/reg-2': reply(409, {
        message: 'refused',
        code: TRIALS_ERRORS.cannotCancelRegistration,
      }),
    });
    open(trial);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Cancel registration',
      }),
    );
    expect(await screen.findByText(TRIAL_MESSAGES.cannotCancelRegistration)).toBeVisible();
  });

  it('offers to finish a pending payment', async () => {
    const trial = trialFixture({
      my_registration: {
        id: 'reg-3',
        reference_code: 'TL-PEND23',
        status: 'pending_payment',
        hold_expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: null,
        payment: {
          reference: 'tlp_0123456789abcdef01234567',
          status: 'pending',
          authorization_url: '/sandbox/checkout/tlp_0123456789abcdef01234567',
        },
      },
    });
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/client-config': () => ({
        google_client_id: null,
        dev_mailbox: true,
        test_payments: true,
        checkout_host: null,
      }),
    });
    open(trial);
    expect(await screen.findByText('Pending payment')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Pay ₦12,500' })).toHaveAttribute(
      'href',
      '/sandbox/checkout/tlp_0123456789abcdef01234567',
    );
    // The sandbox takes the payments: the trial page says no money moves (issue 25).
    expect(screen.getByRole('note')).toHaveTextContent(TEST_PAYMENTS_NOTICE);
  });

  it('a place offered from the waitlist opens its checkout with Pay', async () => {
    const trial = trialFixture({
      my_registration: {
        id: 'reg-p',
        reference_code: 'TL-PROM23',
        status: 'pending_payment',
        hold_expires_at: new Date(Date.now() + 25 * 60_000).toISOString(),
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: null,
        payment: null,
      },
    });
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/client-config': () => ({
        google_client_id: null,
        dev_mailbox: true,
        test_payments: true,
        checkout_host: null,
      }),
      'POST /api/player_trial/reg-p/payment': () => ({
        reference: 'tlp_0123456789abcdef0123456a',
        authorization_url: '/sandbox/checkout/tlp_0123456789abcdef0123456a',
      }),
    });
    const { history } = open(trial);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦12,500' }));
    await waitFor(() =>
      expect(history.at(-1)).toBe('/sandbox/checkout/tlp_0123456789abcdef0123456a'),
    );
  });

  it('says nothing about test payments and offers no link to a foreign checkout with a real provider', async () => {
    const trial = trialFixture({
      my_registration: {
        id: 'reg-5',
        reference_code: 'TL-PEND24',
        status: 'pending_payment',
        hold_expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: null,
        payment: {
          reference: 'tlp_0123456789abcdef01234569',
          status: 'pending',
          authorization_url: 'https://checkout.paystack.com.evil.example/ac_1',
        },
      },
    });
    const config = serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/client-config': () => ({
        google_client_id: null,
        dev_mailbox: false,
        test_payments: false,
        checkout_host: 'checkout.paystack.com',
      }),
    });
    open(trial);
    expect(await screen.findByText('Pending payment')).toBeVisible();
    await waitFor(() => expect(config.callsTo('GET /api/client-config')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'Pay ₦12,500' })).toBeNull();
    expect(screen.queryByText(TEST_PAYMENTS_NOTICE)).toBeNull();
  });

  it('follows a live registration update: pending payment becomes Registered', async () => {
    const pending = {
      id: 'reg-4',
      reference_code: 'TL-LIVE23',
      status: 'pending_payment' as const,
      hold_expires_at: new Date(Date.now() + 20 * 60_000).toISOString(),
      created_at: '2026-11-20T10:00:00.000Z',
      waitlist_position: null,
      payment: null,
    };
    let confirmed = false;
    const trial = trialFixture();
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => ({
        ...trial,
        my_registration: confirmed ? { ...pending, status: 'registered' } : pending,
      }),
    });
    open(trial);
    expect(await screen.findByText('Pending payment')).toBeVisible();
    await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
    const socket = FakeWebSocket.last();
    act(() => socket.accept());
    confirmed = true;
    act(() =>
      socket.push({
        type: 'notification',
        seq: 1,
        data: {
          id: 'n1',
          kind: 'registration_update',
          text: `Your registration for ${trial.name} is confirmed`,
          link: `/trial_details/${trial.id}`,
          actor_id: null,
          created_at: new Date().toISOString(),
          unread: 1,
        },
      }),
    );
    const panel = screen.getByRole('region', { name: 'Your registration' });
    expect(await within(panel).findByText('Registered')).toBeVisible();
  });

  it('says so when the trial does not exist', async () => {
    serveApi({});
    signInAs('player', 'me');
    renderApp('/trial_details/00000000-0000-4000-8000-000000000999');
    expect(await screen.findByRole('heading', { name: 'Trial not found' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Explore Trials' })).toHaveAttribute(
        'href',
        '/list_trials',
      ),
    );
  });
});
