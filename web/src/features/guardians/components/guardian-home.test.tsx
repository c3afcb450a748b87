import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GUARDIAN_MESSAGES } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const AMAKA = '11111111-1111-4111-8111-111111111111';
const MUSA = '22222222-2222-4222-8222-222222222222';

const summary = (
  id: string,
  username: string,
  age: number,
  messaging = 'friends_and_academies',
) => ({
  id,
  username,
  age,
  consent_status: 'given',
  messaging,
  relationship: 'mother',
  profile_photo: null,
  state: 'Lagos',
  district: 'Ikeja',
  sports: ['football'],
});

const amakaDetail = {
  child: summary(AMAKA, 'Amaka Obi', 16),
  registrations: [
    {
      id: 'reg-1',
      reference_code: 'TL-ABC123',
      status: 'registered',
      created_at: '2026-11-01T10:00:00.000Z',
      trial: {
        id: 'trial-1',
        name: 'U17 Open Trial',
        trial_date: '2026-12-12T09:00:00.000Z',
        venue: 'Teslim Balogun Stadium',
        academy: 'Lagos Stars FC',
      },
      payment: {
        reference: 'pay-1',
        amount: 500_000,
        currency: 'NGN',
        status: 'success',
        paid_at: '2026-11-01T10:05:00.000Z',
      },
    },
  ],
};

function serveHome(extra: Record<string, unknown> = {}) {
  return serveApi({
    'GET /api/guardian/children': reply(200, {
      results: [summary(AMAKA, 'Amaka Obi', 16), summary(MUSA, 'Musa Bello', 12, 'friends')],
    }),
    [`GET /api/guardian/children/${AMAKA}`]: reply(200, amakaDetail),
    [`GET /api/guardian/children/${MUSA}`]: reply(200, {
      child: summary(MUSA, 'Musa Bello', 12, 'friends'),
      registrations: [],
    }),
    [`GET /api/guardian/children/${AMAKA}/conversations`]: reply(200, {
      results: [
        {
          thread_name: 'chat_a_b',
          academy: { id: 'academy-1', username: 'Lagos Stars FC' },
          last_activity_at: '2026-11-20T10:00:00.000Z',
        },
      ],
    }),
    [`GET /api/guardian/children/${MUSA}/conversations`]: reply(200, { results: [] }),
    [`GET /api/guardian/children/${AMAKA}/conversations/chat_a_b`]: reply(200, {
      thread_name: 'chat_a_b',
      messages: [
        {
          id: 'm1',
          sender_id: 'academy-1',
          sender: 'Lagos Stars FC',
          text: 'See you at the trial',
          deleted: false,
          created_at: '2026-11-20T10:00:00.000Z',
        },
      ],
    }),
    ...(extra as Record<string, never>),
  });
}

const card = async (name: string) =>
  (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('the guardian home', () => {
  it('sends a signed-out visitor to /guardian/login', async () => {
    serveApi({});
    const { history } = renderApp('/guardian/home');
    await waitFor(() => expect(history.at(-1)).toBe('/guardian/login'));
    expect(await screen.findByRole('heading', { name: 'Guardian login' })).toBeVisible();
  });

  it("shows each child's profile, registrations and payments, and academy conversations", async () => {
    signInAs('guardian');
    serveHome();
    renderApp('/guardian/home');
    const amaka = await card('Amaka Obi');
    expect(
      within(amaka).getByText('16 years old · football · Ikeja, Lagos · You are their mother'),
    ).toBeVisible();
    expect(await within(amaka).findByText(/Registered · ref TL-ABC123/)).toBeVisible();
    expect(await within(amaka).findByText('U17 Open Trial · Lagos Stars FC')).toBeVisible();
    expect(within(amaka).getByText(/Payment ₦5,000: Success/)).toBeVisible();
    await userEvent.click(await within(amaka).findByRole('button', { name: /Lagos Stars FC/ }));
    expect(await within(amaka).findByText('See you at the trial')).toBeVisible();

    const musa = await card('Musa Bello');
    expect(await within(musa).findByText('No trial registrations yet.')).toBeVisible();
    expect(within(musa).getByText('No conversations with academies.')).toBeVisible();
    expect(within(musa).getByRole('radio', { name: 'Friends only' })).toBeChecked();
  });

  it('saves who may message a child', async () => {
    signInAs('guardian');
    const api = serveHome({
      [`PUT /api/guardian/children/${MUSA}/settings`]: reply(200, { messaging: 'nobody' }),
    });
    renderApp('/guardian/home');
    const musa = await card('Musa Bello');
    await userEvent.click(within(musa).getByRole('radio', { name: 'Nobody' }));
    await waitFor(() =>
      expect(api.callsTo(`PUT /api/guardian/children/${MUSA}/settings`)[0]?.body).toEqual({
        messaging: 'nobody',
      }),
    );
  });

  it('withdraws consent only after a confirmation that explains what happens', async () => {
    signInAs('guardian');
    const api = serveHome({
      [`POST /api/guardian/children/${AMAKA}/withdraw`]: reply(200, {
        message: GUARDIAN_MESSAGES.withdrawn('Amaka Obi'),
      }),
    });
    renderApp('/guardian/home');
    const amaka = await card('Amaka Obi');
    await userEvent.click(within(amaka).getByRole('button', { name: 'Withdraw consent' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('hidden and signed out at once');
    expect(dialog).toHaveTextContent('erased after 30 days unless you give consent again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`POST /api/guardian/children/${AMAKA}/withdraw`)).toHaveLength(0);

    await userEvent.click(within(amaka).getByRole('button', { name: 'Withdraw consent' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', {
        name: 'Withdraw consent',
      }),
    );
    await waitFor(() =>
      expect(api.callsTo(`POST /api/guardian/children/${AMAKA}/withdraw`)).toHaveLength(1),
    );
    expect(await screen.findByText(GUARDIAN_MESSAGES.withdrawn('Amaka Obi'))).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});
