import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTH_MESSAGES } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session, toggleAccess } from '@/lib/session';
import { renderApp } from '@/test/render-app';
import { serveApi } from '@/test/fake-api';

const PAGE = '/otp_verification?email=adaeze@example.test';
const digits = () => screen.getAllByRole('textbox', { name: /^Digit \d$/ });
const code = () =>
  digits()
    .map((box) => (box as HTMLInputElement).value)
    .join('');

afterEach(() => {
  vi.useRealTimers();
});

describe('OTP boxes', () => {
  it('has six labelled numeric boxes and shows the masked address', async () => {
    serveApi({});
    renderApp(PAGE);
    expect(await screen.findByText('ad***@example.test')).toBeVisible();
    const boxes = digits();
    expect(boxes).toHaveLength(6);
    boxes.forEach((box, index) => {
      expect(box).toHaveAccessibleName(`Digit ${index + 1}`);
      expect(box).toHaveAttribute('inputmode', 'numeric');
    });
    expect(screen.getByRole('group', { name: 'Verification code' })).toBeVisible();
  });

  it('moves forward as digits are typed and ignores other keys', async () => {
    serveApi({});
    renderApp(PAGE);
    await screen.findByText('ad***@example.test');
    await userEvent.click(digits()[0]!);
    await userEvent.keyboard('1a2');
    expect(code()).toBe('12');
    expect(digits()[2]).toHaveFocus();
    await userEvent.keyboard('3456');
    expect(code()).toBe('123456');
    expect(digits()[5]).toHaveFocus();
  });

  it('fills every box from a pasted code, whichever box has the focus', async () => {
    serveApi({});
    renderApp(PAGE);
    await screen.findByText('ad***@example.test');
    await userEvent.click(digits()[3]!);
    await userEvent.paste('Code: 482 913');
    expect(code()).toBe('482913');
    expect(digits()[5]).toHaveFocus();
  });

  it('clears a box on Backspace, then moves back and clears the one before', async () => {
    serveApi({});
    renderApp(PAGE);
    await screen.findByText('ad***@example.test');
    await userEvent.click(digits()[0]!);
    await userEvent.keyboard('123');
    expect(digits()[3]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('12');
    expect(digits()[2]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('1');
    expect(digits()[1]).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(digits()[0]).toHaveFocus();
    await userEvent.keyboard('{Backspace}');
    expect(code()).toBe('');
    expect(digits()[0]).toHaveFocus();
  });

  it('takes a whole code typed into one box (autofill)', async () => {
    serveApi({});
    renderApp(PAGE);
    await screen.findByText('ad***@example.test');
    fireEvent.change(digits()[0]!, { target: { value: '654321' } });
    expect(code()).toBe('654321');
  });
});

describe('e-mail verification', () => {
  it('verifies the code, says so and opens the player login', async () => {
    toggleAccess();
    const api = serveApi({
      'PUT /api/otp_verification': { status: 200, body: { message: AUTH_MESSAGES.verified } },
    });
    const { history } = renderApp(PAGE);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(AUTH_MESSAGES.verified)).toBeVisible();
    await waitFor(() => expect(history.at(-1)).toBe('/'));
    expect(api.callsTo('PUT /api/otp_verification')[0]?.body).toEqual({
      email: 'adaeze@example.test',
      otp: '123456',
      purpose: 'verify',
    });
    expect(session.is_access).toBe(false);
  });

  it('sends a verified academy to the academy login', async () => {
    serveApi({
      'PUT /api/otp_verification': { status: 200, body: { message: AUTH_MESSAGES.verified } },
    });
    const { history } = renderApp(`${PAGE}&academy=1`);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await userEvent.paste('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(history.at(-1)).toBe('/academy/login'));
  });

  it('asks for all six digits before sending', async () => {
    const api = serveApi({});
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await userEvent.keyboard('12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter the 6-digit code');
    expect(digits()[2]).toHaveFocus();
    expect(api.callsTo('PUT /api/otp_verification')).toHaveLength(0);
  });

  it('shows a wrong code and empties the boxes', async () => {
    serveApi({
      'PUT /api/otp_verification': {
        status: 400,
        body: { message: AUTH_MESSAGES.codeInvalid, code: 'auth.code_invalid' },
      },
    });
    renderApp(PAGE);
    await userEvent.click(await screen.findByRole('textbox', { name: 'Digit 1' }));
    await userEvent.paste('999999');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.codeInvalid);
    expect(code()).toBe('');
    expect(digits()[0]).toHaveFocus();
  });

  it('asks for the address when none was given, and sends a new code to it', async () => {
    const api = serveApi({
      'POST /api/resend_otp': { status: 200, body: { message: AUTH_MESSAGES.codeSent } },
    });
    const { history } = renderApp('/otp_verification');
    await userEvent.type(await screen.findByLabelText('Email'), 'Kid@Example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(history.at(-1)).toBe('/otp_verification?email=kid%40example.test'));
    expect(api.callsTo('POST /api/resend_otp')[0]?.body).toEqual({ email: 'kid@example.test' });
    expect(await screen.findByText('ki***@example.test')).toBeVisible();
  });
});

describe('resend code', () => {
  it('is offered after a 60 s countdown and starts it again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const api = serveApi({
      'POST /api/resend_otp': { status: 200, body: { message: AUTH_MESSAGES.codeSent } },
    });
    renderApp(PAGE);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    expect(resend).toBeDisabled();
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 1:00');

    act(() => vi.advanceTimersByTime(30_000));
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 0:30');
    expect(resend).toBeDisabled();

    act(() => vi.advanceTimersByTime(30_000));
    expect(resend).toBeEnabled();
    expect(screen.queryByTestId('resend-countdown')).toBeNull();

    fireEvent.click(resend);
    expect(await screen.findByText(AUTH_MESSAGES.codeSent)).toBeVisible();
    expect(api.callsTo('POST /api/resend_otp')[0]?.body).toEqual({
      email: 'adaeze@example.test',
    });
    await waitFor(() => expect(resend).toBeDisabled());
    expect(screen.getByTestId('resend-countdown')).toHaveTextContent('in 1:00');
  });

  it('shows the server refusing a resend', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    serveApi({
      'POST /api/resend_otp': {
        status: 429,
        body: { message: AUTH_MESSAGES.resendLimit, code: 'auth.resend_limit' },
      },
    });
    renderApp(PAGE);
    const resend = await screen.findByRole('button', { name: 'Resend code' });
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.resendLimit);
  });
});
