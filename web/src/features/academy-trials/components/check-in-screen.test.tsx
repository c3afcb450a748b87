import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Attendee } from '@touchline/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const tunde: Attendee = {
  id: 'r-1',
  reference_code: 'TL-ABC234',
  player_id: 'p-1',
  name: 'Tunde Bakare',
  status: 'registered',
  checked_in_at: null,
};

function open() {
  let online = true;
  let here: string | null = null;
  signInAs('academy', 'academy-1');
  const fetch = serveApi({
    'GET /api/trial/t-1/attendance': () => ({
      trial: { id: 't-1', name: 'Under-17 Open Trial', trial_date: '2026-11-30' },
      checked_in: here ? 1 : 0,
      not_checked_in: here ? 0 : 1,
      no_show: 0,
      registrants: [{ ...tunde, checked_in_at: here }],
    }),
    'POST /api/trial/t-1/check_in': ({ body }) => {
      if (!online) throw new TypeError('Failed to fetch');
      const code = (body as { reference_code: string }).reference_code;
      if (code !== tunde.reference_code)
        return reply(404, { message: 'Registration not found', code: 'not_found' });
      const again = here !== null;
      here ??= '2026-11-30T08:05:00.000Z';
      return {
        message: again ? 'Already checked in' : 'Checked in',
        already_checked_in: again,
        registration: { ...tunde, checked_in_at: here },
      };
    },
  });
  renderApp('/academy/trial_checkin/t-1');
  return { fetch, goOffline: () => (online = false), goOnline: () => (online = true) };
}

beforeEach(() => localStorage.clear());

describe('check-in screen', () => {
  it('checks in by typed code, says so again on a repeat, and shows the API’s refusal', async () => {
    open();
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Reference code');
    await user.type(code, 'tl-abc234');
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Checked in: Tunde Bakare')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('list', { name: /^Checked in/ })).toHaveTextContent('Tunde Bakare'),
    );
    await user.type(code, 'TL-ABC234{Enter}');
    expect(await screen.findByText(/^Already checked in: Tunde Bakare at 9:05/)).toBeVisible();
    await user.type(code, 'TL-ZZZZZZ{Enter}');
    expect(await screen.findByText('Registration not found')).toBeVisible();
  });

  it('keeps a check-in lost to the network and sends it when the phone is back online', async () => {
    const { fetch, goOffline, goOnline } = open();
    const user = userEvent.setup();
    const code = await screen.findByLabelText('Reference code');
    goOffline();
    await user.type(code, 'TL-ABC234{Enter}');
    expect(await screen.findByText('Waiting to send (1)')).toBeVisible();
    expect(JSON.parse(localStorage.getItem('touchline.checkin-queue.t-1')!)).toEqual(['TL-ABC234']);

    goOnline();
    await act(async () => {
      window.dispatchEvent(new Event('online'));
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.queryByText(/Waiting to send/)).not.toBeInTheDocument());
    expect(localStorage.getItem('touchline.checkin-queue.t-1')).toBeNull();
    expect(fetch.callsTo('POST /api/trial/t-1/check_in')).toHaveLength(2);
    await waitFor(() =>
      expect(screen.getByRole('list', { name: /^Checked in/ })).toHaveTextContent('Tunde Bakare'),
    );
  });
});
