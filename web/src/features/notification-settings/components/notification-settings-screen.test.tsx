import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PREFERENCES, REACH_TEXTS } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const answer = (over: object = {}) => ({
  preferences: DEFAULT_PREFERENCES,
  quiet_hours: false,
  quiet_hours_required: false,
  phone: null,
  codes_by_sms: false,
  ...over,
});

describe('settings: notifications', () => {
  it('shows the defaults and saves a changed choice', async () => {
    signInAs('player');
    const api = serveApi({
      'GET /api/notification_preferences': reply(200, answer()),
      'PUT /api/notification_preferences': (request) =>
        reply(200, { ...answer(), ...(request.body as object) }),
    });
    renderApp('/settings/notifications');
    const likes = await screen.findByRole('checkbox', { name: 'Likes: Push' });
    expect(likes).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Messages: Push' })).toBeChecked();
    // SMS waits for a verified phone.
    expect(screen.getByRole('checkbox', { name: 'Trials and registrations: SMS' })).toBeDisabled();
    expect(screen.getByText(REACH_TEXTS.smsNeedsPhone)).toBeVisible();
    // This browser (jsdom) cannot push: it says so, and offers nothing it cannot do.
    expect(await screen.findByText(REACH_TEXTS.pushUnsupported)).toBeVisible();

    await userEvent.click(likes);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REACH_TEXTS.saved)).toBeVisible();
    const [put] = api.callsTo('PUT /api/notification_preferences');
    expect(put!.body).toEqual({
      preferences: { ...DEFAULT_PREFERENCES, likes: { push: true, email: false, sms: false } },
      quiet_hours: false,
    });
  });

  it("shows a minor's quiet hours as fixed, and SMS for trials once a phone is verified", async () => {
    signInAs('player');
    serveApi({
      'GET /api/notification_preferences': reply(
        200,
        answer({ quiet_hours: true, quiet_hours_required: true, phone: '+2348031234567' }),
      ),
    });
    renderApp('/settings/notifications');
    expect(await screen.findByText(REACH_TEXTS.quietHoursMinor)).toBeVisible();
    expect(screen.getByText(REACH_TEXTS.phoneVerified('+2348031234567'))).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Trials and registrations: SMS' })).toBeEnabled();
    expect(screen.getByRole('checkbox', { name: 'Likes: SMS' })).toBeDisabled();
  });

  it('offers reset codes by SMS once a phone is verified, and says which e-mails always go', async () => {
    signInAs('player');
    const api = serveApi({
      'GET /api/notification_preferences': reply(200, answer({ phone: '+2348031234567' })),
      'PUT /api/notification_preferences': (request) =>
        reply(200, { ...answer({ phone: '+2348031234567' }), ...(request.body as object) }),
    });
    renderApp('/settings/notifications');
    expect(await screen.findByText(REACH_TEXTS.emailAlways)).toBeVisible();
    const codes = screen.getByRole('checkbox', { name: REACH_TEXTS.codesBySms('+2348031234567') });
    expect(codes).not.toBeChecked();
    await userEvent.click(codes);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(REACH_TEXTS.saved)).toBeVisible();
    const [put] = api.callsTo('PUT /api/notification_preferences');
    expect(put!.body).toMatchObject({ codes_by_sms: true });
  });

  it('offers no reset codes by SMS without a verified phone', async () => {
    signInAs('player');
    serveApi({ 'GET /api/notification_preferences': reply(200, answer()) });
    renderApp('/settings/notifications');
    expect(await screen.findByText(REACH_TEXTS.smsNeedsPhone)).toBeVisible();
    expect(screen.queryByRole('checkbox', { name: /password reset codes/ })).toBeNull();
  });
});
