import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  GUARDIAN_MESSAGES,
  MESSAGES,
  PROFILE_MESSAGES,
  todayInLagos,
  yearsBefore,
} from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { formFields, held, serveApi } from '@/test/fake-api';
import { chooseLocation } from '@/test/locations';

const adultDob = yearsBefore(todayInLagos(), 20);
const childDob = yearsBefore(todayInLagos(), 14);

async function fillStep1(values: Partial<Record<'name' | 'email' | 'dob' | 'password', string>>) {
  const all = {
    name: 'Ada Obi',
    email: 'ada@example.test',
    dob: adultDob,
    password: 'Secret@1',
    ...values,
  };
  if (all.name) await userEvent.type(await screen.findByLabelText('Name'), all.name);
  if (all.email) await userEvent.type(screen.getByLabelText('Email'), all.email);
  if (all.dob)
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: all.dob } });
  if (all.password) await userEvent.type(screen.getByLabelText('Password'), all.password);
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

async function toStep2() {
  await fillStep1({});
  await next();
  await screen.findByLabelText('State');
}

describe('player signup, step 1', () => {
  it('shows every step 1 message for an empty form and does not move on', async () => {
    serveApi({});
    renderApp('/signup');
    await userEvent.click(await screen.findByRole('button', { name: 'Next' }));
    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.emailRequired,
      MESSAGES.dobRequired,
      MESSAGES.passwordRequired,
    ]) {
      expect(await screen.findByText(message)).toBeVisible();
    }
    expect(screen.queryByLabelText('State')).toBeNull();
    expect(screen.getByText('Step 1 of 2')).toBeVisible();
  });

  it("shows 'Email is Invalid', the minimum age and the password rule", async () => {
    serveApi({});
    renderApp('/signup');
    await fillStep1({
      email: 'ada@nowhere',
      dob: yearsBefore(todayInLagos(), 5),
      password: 'weakpass',
    });
    await next();
    expect(await screen.findByText(MESSAGES.emailInvalid)).toBeVisible();
    expect(screen.getByText(MESSAGES.minimumAge)).toBeVisible();
    expect(screen.getByText(MESSAGES.passwordStrength)).toBeVisible();
    expect(screen.queryByLabelText('State')).toBeNull();
  });

  it('caps the date picker at 7 years before today in Lagos', async () => {
    serveApi({});
    renderApp('/signup');
    expect(await screen.findByLabelText('Date of birth')).toHaveAttribute(
      'max',
      yearsBefore(todayInLagos(), 7),
    );
  });

  it('links to login, academy signup (for coaches or academies) and shows Google when set up', async () => {
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
    renderApp('/signup');
    expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Sign up for coaches or academies' })).toHaveAttribute(
      'href',
      '/academy/signup',
    );
    expect(await screen.findByTestId('google-button')).toBeInTheDocument();
  });
});

describe('player signup, step 2', () => {
  it('moves on once step 1 is valid and shows every step 2 message', async () => {
    serveApi({});
    renderApp('/signup');
    await toStep2();
    expect(screen.getByText('Step 2 of 2')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.stateRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.lgaRequired)).toBeVisible();
    expect(screen.getByText(MESSAGES.sportRequired)).toBeVisible();
  });

  it('fills the LGA list from the chosen state and clears it when the state changes', async () => {
    serveApi({});
    renderApp('/signup');
    await toStep2();
    const lga = screen.getByLabelText('LGA');
    expect(lga).toBeDisabled();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Lagos');
    await waitFor(() => expect(lga).toBeEnabled());
    expect(within(lga).getByRole('option', { name: 'Ikeja' })).toBeInTheDocument();
    expect(within(lga).queryByRole('option', { name: 'Kano Municipal' })).toBeNull();
    await userEvent.selectOptions(lga, 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Kano');
    expect(lga).toHaveValue('');
    expect(within(lga).getByRole('option', { name: 'Kano Municipal' })).toBeInTheDocument();
    expect(within(lga).queryByRole('option', { name: 'Ikeja' })).toBeNull();
  });

  it("asks to 'Specify Sport' only when the sport is other", async () => {
    serveApi({});
    renderApp('/signup');
    await toStep2();
    expect(screen.getByLabelText('Interested sport')).toBeVisible();
    expect(screen.queryByLabelText('Specify Sport')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'football');
    expect(screen.queryByLabelText('Specify Sport')).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'other');
    expect(screen.getByLabelText('Specify Sport')).toBeVisible();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(MESSAGES.specifySport)).toBeVisible();
  });

  it('goes back to step 1 with every value kept, and forward with step 2 kept', async () => {
    serveApi({});
    renderApp('/signup');
    await toStep2();
    await userEvent.selectOptions(screen.getByLabelText('State'), 'Oyo');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Name')).toHaveValue('Ada Obi');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    expect(screen.getByLabelText('Date of birth')).toHaveValue(adultDob);
    expect(screen.getByLabelText('Password')).toHaveValue('Secret@1');
    await next();
    expect(await screen.findByLabelText('State')).toHaveValue('Oyo');
  });

  it('sends the multipart form, says Registration successful, then opens the code page', async () => {
    const api = serveApi({
      'POST /api/signup': { status: 201, body: { message: 'Registration successful' } },
    });
    const { history } = renderApp('/signup');
    await toStep2();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'other');
    await userEvent.type(screen.getByLabelText('Specify Sport'), 'Volleyball');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('alertdialog', {
      name: MESSAGES.registrationSuccessful,
    });
    expect(within(dialog).getByText(MESSAGES.checkEmail)).toBeVisible();
    expect(formFields(api.callsTo('POST /api/signup')[0]?.body)).toEqual({
      username: 'Ada Obi',
      email: 'ada@example.test',
      dob: adultDob,
      password: 'Secret@1',
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'other',
      customSport: 'Volleyball',
      is_academy: 'false',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(history.at(-1)).toBe('/otp_verification?email=ada%40example.test'));
  });

  it('shows a busy Submit button while the signup is on its way', async () => {
    const signup = held({ status: 201, body: { message: 'Registration successful' } });
    serveApi({ 'POST /api/signup': signup.handler });
    renderApp('/signup');
    await toStep2();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'football');
    const submit = screen.getByRole('button', { name: 'Submit' });
    await userEvent.click(submit);
    await waitFor(() => expect(submit).toHaveAttribute('aria-busy', 'true'));
    expect(submit).toBeDisabled();
    signup.release();
    expect(
      await screen.findByRole('alertdialog', { name: MESSAGES.registrationSuccessful }),
    ).toBeVisible();
    expect(submit).not.toHaveAttribute('aria-busy', 'true');
  });

  it("shows the server's message and puts its field errors under the fields", async () => {
    serveApi({
      'POST /api/signup': {
        status: 409,
        body: {
          message: 'An account with this email already exists',
          code: 'auth.email_taken',
          fields: { email: 'An account with this email already exists' },
        },
      },
    });
    renderApp('/signup');
    await toStep2();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'football');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText('An account with this email already exists')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The e-mail is on step 1: the form goes back there to show it.
    const email = await screen.findByLabelText('Email');
    expect(email).toHaveAccessibleDescription('An account with this email already exists');
  });

  it("falls back to 'Something went wrong'", async () => {
    serveApi({ 'POST /api/signup': { status: 500, statusText: 'Internal Server Error' } });
    renderApp('/signup');
    await toStep2();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'basketball');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    expect(within(dialog).getByText(MESSAGES.somethingWentWrong)).toBeVisible();
  });
});

describe('player signup, under 18 (supplement §14)', () => {
  it("asks an adult for no guardian, and a minor for the guardian's e-mail and phone", async () => {
    serveApi({});
    renderApp('/signup');
    await fillStep1({});
    expect(screen.queryByLabelText("Guardian's e-mail")).toBeNull();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: childDob } });
    expect(await screen.findByLabelText("Guardian's e-mail")).toBeVisible();
    expect(screen.getByLabelText("Guardian's phone (optional)")).toBeVisible();
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: adultDob } });
    await waitFor(() => expect(screen.queryByLabelText("Guardian's e-mail")).toBeNull());
  });

  it("requires the guardian's e-mail, not the child's own, and a Nigerian phone", async () => {
    serveApi({});
    renderApp('/signup');
    await fillStep1({ dob: childDob });
    await next();
    expect(await screen.findByLabelText("Guardian's e-mail")).toHaveAccessibleDescription(
      GUARDIAN_MESSAGES.guardianEmailRequired,
    );
    expect(screen.queryByLabelText('State')).toBeNull();
    await userEvent.type(screen.getByLabelText("Guardian's e-mail"), 'ADA@example.test');
    await userEvent.type(screen.getByLabelText("Guardian's phone (optional)"), '12345');
    await next();
    await waitFor(() =>
      expect(screen.getByLabelText("Guardian's e-mail")).toHaveAccessibleDescription(
        GUARDIAN_MESSAGES.guardianEmailSame,
      ),
    );
    expect(screen.getByLabelText("Guardian's phone (optional)")).toHaveAccessibleDescription(
      PROFILE_MESSAGES.phoneInvalid,
    );
  });

  it("sends the guardian's e-mail and phone with a minor's signup", async () => {
    const api = serveApi({
      'POST /api/signup': { status: 201, body: { message: 'Registration successful' } },
    });
    renderApp('/signup');
    await fillStep1({ dob: childDob });
    await userEvent.type(await screen.findByLabelText("Guardian's e-mail"), 'mum@example.test');
    await userEvent.type(screen.getByLabelText("Guardian's phone (optional)"), '0803 123 4567');
    await next();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'football');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('alertdialog', { name: MESSAGES.registrationSuccessful });
    expect(formFields(api.callsTo('POST /api/signup')[0]?.body)).toMatchObject({
      dob: childDob,
      guardian_email: 'mum@example.test',
      guardian_phone: '0803 123 4567',
    });
  });

  it("puts the server's guardian message under the guardian's e-mail on step 1", async () => {
    serveApi({
      'POST /api/signup': {
        status: 400,
        body: {
          message: GUARDIAN_MESSAGES.guardianEmailSame,
          code: 'guardian.email_same',
          fields: { guardian_email: GUARDIAN_MESSAGES.guardianEmailSame },
        },
      },
    });
    renderApp('/signup');
    await fillStep1({ dob: childDob });
    await userEvent.type(await screen.findByLabelText("Guardian's e-mail"), 'mum@example.test');
    await next();
    await chooseLocation('Lagos', 'Ikeja');
    await userEvent.selectOptions(screen.getByLabelText('Interested sport'), 'football');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Error' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByLabelText("Guardian's e-mail")).toHaveAccessibleDescription(
      GUARDIAN_MESSAGES.guardianEmailSame,
    );
  });
});
