import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUARDIAN_MESSAGES, MESSAGES, todayInLagos, yearsBefore } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { session, setSession } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { serveApi } from '@/test/fake-api';
import { chooseLocation } from '@/test/locations';

function signInFromGoogle(dob: string | null = null) {
  setSession({
    user: 'Chidi Okafor',
    role: 'player',
    user_id: 'player-42',
    dob,
    access: 'access-g',
    refresh: 'refresh-g',
  });
}

describe('/welcome', () => {
  it('asks a Google player for the missing details with the spec messages', async () => {
    signInFromGoogle();
    serveApi({});
    renderApp('/welcome');
    expect(await screen.findByRole('heading', { name: 'Welcome, Chidi Okafor!' })).toBeVisible();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute(
      'max',
      yearsBefore(todayInLagos(), 7),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(MESSAGES.dobRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.stateRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.lgaRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sportRequired)).toBeVisible();
  });

  it("saves them, updates the session's date of birth and opens /home", async () => {
    signInFromGoogle();
    const dob = yearsBefore(todayInLagos(), 19);
    const api = serveApi({
      'POST /api/welcome': {
        status: 200,
        body: {
          user: 'Chidi Okafor',
          role: 'player',
          dob,
          user_id: 'player-42',
          profile_photo: null,
          notification_count: 0,
          email: 'chidi@example.test',
          state: 'Enugu',
          district: 'Nsukka',
          sports: ['basketball'],
          consent_status: 'not_needed',
        },
      },
    });
    const { history } = renderApp('/welcome');
    fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: dob } });
    await chooseLocation('Enugu', 'Nsukka');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'basketball');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
    expect(api.callsTo('POST /api/welcome')[0]?.body).toEqual({
      dob,
      state: 'Enugu',
      district: 'Nsukka',
      sport: 'basketball',
      customSport: '',
    });
    expect(session.dob).toBe(dob);
    expect(localStorage.getItem('refresh')).toBe('refresh-g');
  });

  it("asks a minor for the guardian's e-mail and sends it (supplement §14)", async () => {
    signInFromGoogle();
    const dob = yearsBefore(todayInLagos(), 13);
    const api = serveApi({
      'POST /api/welcome': {
        status: 400,
        body: {
          message: GUARDIAN_MESSAGES.guardianEmailSame,
          code: 'guardian.email_same',
          fields: { guardian_email: GUARDIAN_MESSAGES.guardianEmailSame },
        },
      },
    });
    renderApp('/welcome');
    expect(screen.queryByLabelText("Guardian's e-mail")).toBeNull();
    fireEvent.change(await screen.findByLabelText('Date of birth'), { target: { value: dob } });
    await chooseLocation('Enugu', 'Nsukka');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'basketball');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByLabelText("Guardian's e-mail")).toHaveAccessibleDescription(
      GUARDIAN_MESSAGES.guardianEmailRequired,
    );
    expect(api.callsTo('POST /api/welcome')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText("Guardian's e-mail"), 'chidi@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.getByLabelText("Guardian's e-mail")).toHaveAccessibleDescription(
        GUARDIAN_MESSAGES.guardianEmailSame,
      ),
    );
    expect(api.callsTo('POST /api/welcome')[0]?.body).toMatchObject({
      dob,
      guardian_email: 'chidi@example.test',
    });
  });

  it('sends a player who already has a date of birth home', async () => {
    signInFromGoogle('2010-01-01');
    serveApi({});
    const { history } = renderApp('/welcome');
    await waitFor(() => expect(history.at(-1)).toBe('/home'));
  });
});
