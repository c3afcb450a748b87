import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_MESSAGES, TRIAL_MESSAGES, TRIALS_ERRORS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { REQUIREMENT_ID, ownProfile, trialFixture } from '../testing/fixtures';

const SANDBOX_CONFIG = {
  google_client_id: null,
  dev_mailbox: true,
  test_payments: true,
  checkout_host: null,
};

const withQuestion = (fee: number) =>
  trialFixture({
    registration_fee: fee,
    requirements: [{ id: REQUIREMENT_ID, text: 'Which position do you play?' }],
  });

function open(trialId: string) {
  signInAs('player', 'me');
  return renderApp(`/register_trial/${trialId}`);
}

describe('/register_trial/{id}', () => {
  it('is prefilled from the profile and checks every field before sending', async () => {
    const trial = withQuestion(0);
    const fetch = serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile(),
    });
    open(trial.id);

    expect(await screen.findByLabelText('Full name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('2010-03-04');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('E-mail')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('State')).toHaveValue('Lagos');
    expect(screen.getByLabelText('LGA')).toHaveValue('Ikeja');

    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(TRIAL_MESSAGES.phoneRequired)).toBeVisible();
    expect(screen.getByText(TRIAL_MESSAGES.levelRequired)).toBeVisible();
    expect(screen.getByText(TRIAL_MESSAGES.answerRequired)).toBeVisible();

    await userEvent.type(screen.getByLabelText('Phone number'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText(PROFILE_MESSAGES.phoneInvalid)).toBeVisible();
    expect(fetch.callsTo('POST /api/player_trial')).toHaveLength(0);
  });

  it('registers for a free trial, says so and returns to the trial', async () => {
    const trial = withQuestion(0);
    const fetch = serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile(),
      'POST /api/player_trial': () => ({
        id: 'reg-1',
        reference_code: 'TL-ABC234',
        status: 'registered',
        trial: trial.id,
        hold_expires_at: null,
        waitlist_position: null,
      }),
    });
    const { history } = open(trial.id);

    await userEvent.type(await screen.findByLabelText('Phone number'), '08031234567');
    await userEvent.selectOptions(screen.getByLabelText('Level reached'), 'state');
    await userEvent.type(screen.getByLabelText('Which position do you play?'), 'Left back');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText(TRIAL_MESSAGES.registered)).toBeVisible();
    await waitFor(() => expect(history.at(-1)).toBe(`/trial_details/${trial.id}`));
    expect(fetch.callsTo('POST /api/player_trial')[0]!.body).toEqual({
      trial: trial.id,
      name: 'Ada Obi',
      dob: '2010-03-04',
      phone: '+2348031234567',
      email: 'ada@example.com',
      state: 'Lagos',
      district: 'Ikeja',
      level: 'state',
      answers: [{ requirement_id: REQUIREMENT_ID, answer: 'Left back' }],
    });
  });

  it('goes on to the checkout for a paid trial', async () => {
    const trial = withQuestion(1_250_000);
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile({ phone: '+2348031234567' }),
      'POST /api/player_trial': () => ({
        id: 'reg-2',
        reference_code: 'TL-PAY234',
        status: 'pending_payment',
        trial: trial.id,
        hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        waitlist_position: null,
        payment: {
          reference: 'tlp_0123456789abcdef01234567',
          authorization_url: '/sandbox/checkout/tlp_0123456789abcdef01234567',
        },
      }),
      'GET /api/payment/tlp_0123456789abcdef01234567': reply(500, {}),
      'GET /api/client-config': () => SANDBOX_CONFIG,
    });
    const { history } = open(trial.id);

    expect(await screen.findByLabelText('Phone number')).toHaveValue('+2348031234567');
    await userEvent.selectOptions(screen.getByLabelText('Level reached'), 'none');
    await userEvent.type(screen.getByLabelText('Which position do you play?'), 'Striker');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦12,500' }));
    await waitFor(() =>
      expect(history.at(-1)).toBe('/sandbox/checkout/tlp_0123456789abcdef01234567'),
    );
  });

  it('does not send the payer to a checkout address that is not the provider’s', async () => {
    const trial = withQuestion(1_250_000);
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile({ phone: '+2348031234567' }),
      'POST /api/player_trial': () => ({
        id: 'reg-3',
        reference_code: 'TL-PAY235',
        status: 'pending_payment',
        trial: trial.id,
        hold_expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
        waitlist_position: null,
        payment: {
          reference: 'tlp_0123456789abcdef01234568',
          authorization_url: '//evil.example/sandbox/checkout/tlp_0123456789abcdef01234568',
        },
      }),
      'GET /api/client-config': () => SANDBOX_CONFIG,
    });
    const { history } = open(trial.id);

    expect(await screen.findByLabelText('Phone number')).toHaveValue('+2348031234567');
    await userEvent.selectOptions(screen.getByLabelText('Level reached'), 'none');
    await userEvent.type(screen.getByLabelText('Which position do you play?'), 'Striker');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦12,500' }));
    expect(await screen.findByText(TRIAL_MESSAGES.checkoutRefused)).toBeInTheDocument();
    expect(history.some((path) => path.includes('evil.example'))).toBe(false);
  });

  it('shows the server’s refusal by its code', async () => {
    const trial = trialFixture({ registration_fee: 0 });
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile({ phone: '+2348031234567' }),
      'POST /api/player_trial': reply(409, { message: 'full', code: TRIALS_ERRORS.full }),
    });
    open(trial.id);
    await userEvent.selectOptions(await screen.findByLabelText('Level reached'), 'local');
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TRIAL_MESSAGES.full);
  });

  it('does not offer the form to a player already registered', async () => {
    const trial = trialFixture({
      my_registration: {
        id: 'reg-3',
        reference_code: 'TL-HAVE23',
        status: 'registered',
        hold_expires_at: null,
        created_at: '2026-11-20T10:00:00.000Z',
        waitlist_position: null,
        payment: null,
      },
    });
    serveApi({
      [`GET /api/trial/${trial.id}`]: () => trial,
      'GET /api/profile': () => ownProfile(),
    });
    open(trial.id);
    expect(await screen.findByText(TRIAL_MESSAGES.alreadyRegistered)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay ₦12,500' })).toBeNull();
  });
});
