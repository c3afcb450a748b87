import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Registrant } from '@touchline/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '@/lib/realtime';
import { FakeWebSocket } from '@/test/fake-websocket';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';
import { makeRegistrant, makeTrial, notificationEvent, registrantPage } from '../testing/fixtures';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:csv');
  URL.revokeObjectURL = vi.fn();
});

const tunde = makeRegistrant();
const ada = makeRegistrant({
  id: 'r-2',
  reference_code: 'TL-XYZ789',
  name: 'Ada Obi',
  email: 'ada@example.test',
  district: 'Surulere',
  status: 'selected',
  answers: [{ requirement_id: 'req-1', requirement: 'Your preferred position', answer: 'Striker' }],
});
const chidi = makeRegistrant({
  id: 'r-3',
  reference_code: 'TL-PQR456',
  name: 'Chidi Okafor',
  status: 'pending_payment',
  payment_status: 'pending',
});

function open(registrants: () => Registrant[], trial = makeTrial({ registered_count: 3 })) {
  signInAs('academy', 'academy-1');
  const fetch = serveApi({
    'GET /api/trial/t-1': () => trial,
    'GET /api/players_in_trial_list/t-1': ({ url }) =>
      url.searchParams.get('format') === 'csv'
        ? 'Reference,Name\nTL-ABC234,Tunde Bakare\n'
        : registrantPage({ id: 't-1', name: trial.name }, registrants(), url),
    'PUT /api/player_trial/r-1/status': ({ body }) => ({
      message: 'Status updated',
      id: 'r-1',
      reference_code: 'TL-ABC234',
      status: (body as { status: string }).status,
    }),
    'DELETE /api/trial/t-1': ({ url }) =>
      makeTrial({ status: 'cancelled', cancel_reason: url.searchParams.get('reason') }),
  });
  renderApp('/academy/trial_details/t-1');
  return fetch;
}

const table = () => screen.findByRole('table', { name: 'Registrants of Under-17 Open Trial' });
const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe('registrants table', () => {
  it('lists registrants with codes and answers, and searches by name, code or place', async () => {
    open(() => [tunde, ada, chidi]);
    await table();
    expect(within(rowOf('Tunde Bakare')).getByText('TL-ABC234')).toBeVisible();
    expect(within(rowOf('Tunde Bakare')).getByText('Winger')).toBeVisible();
    expect(within(rowOf('Tunde Bakare')).getByText('Paid')).toBeVisible();
    expect(within(rowOf('Ada Obi')).getByText('Striker')).toBeVisible();

    const search = screen.getByRole('searchbox', { name: 'Search registrants' });
    await userEvent.type(search, 'tl-xyz');
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      expect.stringContaining('Ada Obi'),
    ]);
    await userEvent.clear(search);
    await userEvent.type(search, 'chidi');
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    expect(screen.getByRole('rowheader', { name: /Chidi Okafor/ })).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'surulere');
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getByText('No registrant matches “nobody”.')).toBeVisible();
  });

  it('sets Selected or Rejected on registered players only', async () => {
    const fetch = open(() => [tunde, ada, chidi]);
    await table();
    // A pending payment cannot be decided: a badge, not a choice.
    expect(within(rowOf('Chidi Okafor')).queryByRole('combobox')).toBeNull();
    expect(within(rowOf('Chidi Okafor')).getByText('Pending payment')).toBeVisible();

    const select = screen.getByRole('combobox', { name: 'Status of Tunde Bakare' });
    expect(select).toHaveValue('registered');
    await userEvent.selectOptions(select, 'selected');
    await waitFor(() => expect(fetch.callsTo('PUT /api/player_trial/r-1/status')).toHaveLength(1));
    expect(fetch.callsTo('PUT /api/player_trial/r-1/status')[0]!.body).toEqual({
      status: 'selected',
    });
    expect(await screen.findByText('Status updated')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Status of Tunde Bakare' })).toHaveValue(
        'selected',
      ),
    );
  });

  it('refetches when a registration of this trial changes live (keyed by id), and not for another trial', async () => {
    let current = [tunde];
    const fetch = open(() => current);
    await table();
    expect(screen.getByRole('heading', { name: /Registrants/ })).toHaveTextContent('(1)');

    current = [tunde, ada];
    const changed = (seq: number, trialId: string) => ({
      type: 'registration_changed' as const,
      seq,
      data: { trial_id: trialId, registration_id: `r-${seq}`, status: 'registered' as const },
    });
    act(() => realtime.events.emit('registration_changed', changed(1, 't-other')));
    act(() =>
      realtime.events.emit(
        'notification',
        notificationEvent('trial_registration', '/academy/trial_details/t-1', 2),
      ),
    );
    act(() => realtime.events.emit('registration_changed', changed(3, 't-1')));
    expect(await screen.findByRole('rowheader', { name: /Ada Obi/ })).toBeVisible();
    expect(screen.getByRole('heading', { name: /Registrants/ })).toHaveTextContent('(2)');
    const lists = fetch
      .callsTo('GET /api/players_in_trial_list/t-1')
      .filter((call) => !call.url.searchParams.has('format'));
    expect(lists).toHaveLength(2);
  });

  it('shows a page at a time, and searches the whole list on the server', async () => {
    const crowd = Array.from({ length: 105 }, (_, i) =>
      makeRegistrant({
        id: `r-${i}`,
        reference_code: `TL-N${String(i).padStart(5, '0')}`,
        name: `Player ${String(i).padStart(3, '0')}`,
      }),
    );
    const fetch = open(() => crowd, makeTrial({ registered_count: 105 }));
    await table();
    expect(screen.getByRole('heading', { name: /Registrants/ })).toHaveTextContent('(105)');
    expect(screen.getAllByRole('rowheader')).toHaveLength(100);
    expect(screen.getByText('Showing 100 of 105')).toBeVisible();

    // Player 103 is not on the first page: the server's search finds it.
    const search = screen.getByRole('searchbox', { name: 'Search registrants' });
    await userEvent.type(search, 'player 103');
    expect(await screen.findByRole('rowheader', { name: /Player 103/ })).toBeVisible();
    expect(
      fetch
        .callsTo('GET /api/players_in_trial_list/t-1')
        .some((call) => call.url.searchParams.get('q') === 'player 103'),
    ).toBe(true);
    expect(screen.getAllByRole('rowheader')).toHaveLength(1);

    await userEvent.clear(search);
    await userEvent.click(await screen.findByRole('button', { name: 'Show more registrants' }));
    expect(await screen.findByRole('rowheader', { name: /Player 104/ })).toBeVisible();
    expect(screen.getAllByRole('rowheader')).toHaveLength(105);
    expect(screen.queryByRole('button', { name: 'Show more registrants' })).toBeNull();
  });

  it('exports the list as a CSV file', async () => {
    const fetch = open(() => [tunde]);
    await table();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const csvCall = fetch
      .callsTo('GET /api/players_in_trial_list/t-1')
      .find((call) => call.url.searchParams.get('format') === 'csv');
    expect(csvCall).toBeDefined();
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toBe('Reference,Name\nTL-ABC234,Tunde Bakare\n');
    const link = click.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(link.download).toBe('under-17-open-trial-registrants.csv');
    click.mockRestore();
  });

  it('edits with fee and sport locked once players registered', async () => {
    open(() => [tunde]);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit trial' });
    expect(within(dialog).getByLabelText('Trial name')).toHaveValue('Under-17 Open Trial');
    expect(within(dialog).getByLabelText('Fee (₦)')).toHaveValue('12500');
    expect(within(dialog).getByLabelText('Fee (₦)')).toBeDisabled();
    expect(within(dialog).getByLabelText('Sport')).toBeDisabled();
    expect(within(dialog).getByLabelText('Venue')).toBeEnabled();
  });

  it('cancels the trial only with a reason', async () => {
    const fetch = open(() => [tunde]);
    await table();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel trial' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Under-17 Open Trial?' });
    expect(dialog).toHaveTextContent('every paid registration is refunded');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    expect(within(dialog).getByText('Give a reason for cancelling the trial')).toBeVisible();
    expect(fetch.callsTo('DELETE /api/trial/t-1')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Reason'), {
      target: { value: 'The pitch is closed for repairs' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel trial' }));
    await waitFor(() => expect(fetch.callsTo('DELETE /api/trial/t-1')).toHaveLength(1));
    expect(fetch.callsTo('DELETE /api/trial/t-1')[0]!.url.searchParams.get('reason')).toBe(
      'The pitch is closed for repairs',
    );
    expect(await screen.findByText('Reason: The pitch is closed for repairs')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('shows phones a list of cards with the same facts and choice', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn(() => ({ matches: false, addEventListener() {}, removeEventListener() {} })),
    );
    open(() => [tunde, chidi]);
    const list = await screen.findByRole('list', { name: 'Registrants of Under-17 Open Trial' });
    expect(screen.queryByRole('table')).toBeNull();
    const card = within(list).getByRole('heading', { name: 'Tunde Bakare' }).closest('li')!;
    expect(within(card).getByText('TL-ABC234')).toBeVisible();
    expect(within(card).getByText('Winger')).toBeVisible();
    expect(within(card).getByRole('combobox', { name: 'Status of Tunde Bakare' })).toHaveValue(
      'registered',
    );
    vi.unstubAllGlobals();
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  it('shows a “No poster” placeholder on a trial without a poster', async () => {
    open(() => [], makeTrial({ image: null }));
    await screen.findByRole('heading', { name: 'Under-17 Open Trial' });
    expect(screen.getByRole('img', { name: 'No poster' })).toBeVisible();
  });
});
