import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES, LIMITS, MESSAGES, todayInLagos } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { formFields, serveApi } from '@/test/fake-api';
import { chooseLocation } from '@/test/locations';

const pdf = (size = 1024, name = 'licence.pdf', type = 'application/pdf') =>
  new File([new Uint8Array(size)], name, { type });

async function toStep2() {
  await userEvent.type(await screen.findByLabelText('Academy name'), 'Lagos Stars FC');
  await userEvent.type(screen.getByLabelText('Email'), 'coach@example.test');
  fireEvent.change(screen.getByLabelText('Established date'), { target: { value: '2015-03-01' } });
  await userEvent.type(screen.getByLabelText('Password'), 'Secret@1');
  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByLabelText('State');
}

async function fillPlace() {
  await chooseLocation('Lagos', 'Surulere');
}

describe('academy signup', () => {
  it('asks for an established date (not in the future) instead of a date of birth', async () => {
    serveApi({});
    renderApp('/academy/signup');
    const established = await screen.findByLabelText('Established date');
    expect(established).toHaveAttribute('max', todayInLagos());
    expect(screen.queryByLabelText('Date of birth')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeVisible();
    expect(screen.getByText('Established date is required')).toBeVisible();
  });

  it('needs a sport, a location and the licence', async () => {
    serveApi({});
    renderApp('/academy/signup');
    await toStep2();
    expect(screen.getByRole('group', { name: 'Available sport' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.stateRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sportRequired)).toBeVisible();
    expect(screen.getByText(AUTH_MESSAGES.licenceRequired)).toBeVisible();
  });

  it('checks the licence type and size before sending anything', async () => {
    const api = serveApi({});
    renderApp('/academy/signup');
    await toStep2();
    const input = screen.getByLabelText('Licence document');
    fireEvent.change(input, { target: { files: [pdf(10, 'notes.txt', 'text/plain')] } });
    expect(await screen.findByText(AUTH_MESSAGES.licenceType)).toBeVisible();
    fireEvent.change(input, { target: { files: [pdf(LIMITS.licenceMaxBytes + 1)] } });
    expect(await screen.findByText(AUTH_MESSAGES.licenceSize)).toBeVisible();
    fireEvent.change(input, { target: { files: [pdf(2048)] } });
    await waitFor(() => expect(screen.queryByText(AUTH_MESSAGES.licenceSize)).toBeNull());
    expect(screen.getByText('licence.pdf')).toBeVisible();
    expect(api.callsTo('POST /api/signup')).toHaveLength(0);
  });

  it('sends one field per sport and the licence, then opens the code page for an academy', async () => {
    const api = serveApi({
      'POST /api/signup': { status: 201, body: { message: 'Registration successful' } },
    });
    const { history } = renderApp('/academy/signup');
    await toStep2();
    await fillPlace();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Football' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Other' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.specifySport)).toBeVisible();
    await userEvent.type(screen.getByLabelText('Specify Sport'), 'Handball');
    const licence = pdf(2048);
    fireEvent.change(screen.getByLabelText('Licence document'), { target: { files: [licence] } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: MESSAGES.registrationSuccessful,
    });
    const fields = formFields(api.callsTo('POST /api/signup')[0]?.body);
    expect(fields).toMatchObject({
      username: 'Lagos Stars FC',
      email: 'coach@example.test',
      established_on: '2015-03-01',
      state: 'Lagos',
      district: 'Surulere',
      sports: ['football', 'other'],
      customSport: 'Handball',
      is_academy: 'true',
    });
    expect(fields.dob).toBeUndefined();
    expect((fields.licence as File).name).toBe('licence.pdf');
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(history.at(-1)).toBe('/otp_verification?email=coach%40example.test&academy=1'),
    );
  });

  it("shows the server's licence answer under the file field", async () => {
    serveApi({
      'POST /api/signup': {
        status: 400,
        body: {
          message: AUTH_MESSAGES.licenceType,
          code: 'auth.licence_type',
          fields: { licence: AUTH_MESSAGES.licenceType },
        },
      },
    });
    renderApp('/academy/signup');
    await toStep2();
    await fillPlace();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Basketball' }));
    fireEvent.change(screen.getByLabelText('Licence document'), { target: { files: [pdf()] } });
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Licence document')).toHaveAccessibleDescription(
      AUTH_MESSAGES.licenceType,
    );
  });
});
