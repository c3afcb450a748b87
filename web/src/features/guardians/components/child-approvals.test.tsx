import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const AMAKA = '11111111-1111-4111-8111-111111111111';

const child = {
  id: AMAKA,
  username: 'Amaka Obi',
  age: 16,
  consent_status: 'given',
  messaging: 'friends_and_academies',
  relationship: 'mother',
  profile_photo: null,
  state: 'Lagos',
  district: 'Ikeja',
  sports: ['football'],
};

const approval = (id: string, name: string, fee: number) => ({
  id,
  reference_code: `TL-${id.toUpperCase()}`,
  hold_expires_at: '2026-11-30T10:00:00.000Z',
  created_at: '2026-11-28T10:00:00.000Z',
  trial: {
    id: `trial-${id}`,
    name,
    trial_date: '2026-12-12',
    venue: 'Teslim Balogun Stadium',
    academy: 'Lagos Stars FC',
    registration_fee: fee,
    currency: 'NGN',
  },
  payment: null,
});

function serveHome(extra: Record<string, unknown> = {}) {
  return serveApi({
    'GET /api/guardian/children': reply(200, { results: [child] }),
    [`GET /api/guardian/children/${AMAKA}`]: reply(200, {
      child,
      registrations: [],
      approvals: [approval('free1', 'Open Trial', 0), approval('paid1', 'Elite Camp', 250_000)],
    }),
    [`GET /api/guardian/children/${AMAKA}/conversations`]: reply(200, { results: [] }),
    ...(extra as Record<string, never>),
  });
}

const waiting = () =>
  screen.findByRole('region', { name: "Amaka Obi's registrations waiting for your approval" });

describe("the guardian's approvals (decision 42)", () => {
  it('lists what waits, with Approve for a free trial and Approve and pay for a paid one', async () => {
    signInAs('guardian');
    const api = serveHome({
      'POST /api/guardian/approvals/free1': reply(200, {
        message: TRIAL_MESSAGES.guardianApproved,
        id: 'free1',
        status: 'registered',
      }),
    });
    renderApp('/guardian/home');
    const region = await waiting();
    expect(within(region).getByText('Open Trial · Lagos Stars FC')).toBeVisible();
    expect(within(region).getByRole('button', { name: 'Approve and pay ₦2,500' })).toBeVisible();
    await userEvent.click(within(region).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/guardian/approvals/free1')[0]?.body).toEqual({
        decision: 'approve',
      }),
    );
    expect(await screen.findByText(TRIAL_MESSAGES.guardianApproved)).toBeVisible();
  });

  it('declines only after a confirmation', async () => {
    signInAs('guardian');
    const api = serveHome({
      'POST /api/guardian/approvals/paid1': reply(200, {
        message: TRIAL_MESSAGES.guardianDeclined,
        id: 'paid1',
        status: 'cancelled',
      }),
    });
    renderApp('/guardian/home');
    const region = await waiting();
    const item = within(region).getByText('Elite Camp · Lagos Stars FC').closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent("Amaka Obi's place at Elite Camp will be released");
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/guardian/approvals/paid1')[0]?.body).toEqual({
        decision: 'decline',
      }),
    );
  });
});
