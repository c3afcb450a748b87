import { act, screen, waitFor, within } from '@testing-library/react';
import type { AdminPlayer } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { reply, serveApi } from '@/test/fake-api';
import { renderAdminScreen } from '../shared/testing';
import { AdminPlayersScreen } from './players-screen';

const player = (overrides: Partial<AdminPlayer> = {}): AdminPlayer => ({
  id: '33333333-3333-4333-8333-333333333333',
  username: 'Ada Obi',
  email: 'ada@example.com',
  state: 'Lagos',
  district: 'Ikeja',
  sports: ['football'],
  dob: '2011-04-01',
  age: 15,
  minor: true,
  age_band: 'U17',
  blocked: false,
  blocked_reason: null,
  email_verified: true,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const ada = player();
const tunde = player({
  id: '44444444-4444-4444-8444-444444444444',
  username: 'Tunde Bakare',
  email: 'tunde@example.com',
  dob: '1999-02-10',
  age: 27,
  minor: false,
  age_band: null,
  blocked: true,
  blocked_reason: 'Abusive messages',
  email_verified: false,
});

function render(path = '/admin/playerview') {
  return renderAdminScreen(<AdminPlayersScreen />, path);
}

const searchOf = (call: { url: URL }) => Object.fromEntries(call.url.searchParams);

describe('admin players', () => {
  it('lists players with date of birth, age band, status and actions', async () => {
    serveApi({
      'GET /api/admin/players': {
        status: 200,
        body: { results: [ada, tunde], has_more: false, page: null, next: null },
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Players' });
    const adaRow = within(table).getByRole('row', { name: /Ada Obi/ });
    expect(adaRow).toHaveTextContent('ada@example.com');
    expect(adaRow).toHaveTextContent('1 Apr 2011');
    expect(adaRow).toHaveTextContent('15 years');
    expect(within(adaRow).getByText('U17')).toBeVisible();
    expect(within(adaRow).getByText('Active')).toBeVisible();
    expect(within(adaRow).getByRole('button', { name: 'Block Ada Obi' })).toBeVisible();

    const tundeRow = within(table).getByRole('row', { name: /Tunde Bakare/ });
    expect(within(tundeRow).getByText('Blocked')).toBeVisible();
    expect(within(tundeRow).getByText('Abusive messages')).toBeVisible();
    expect(within(tundeRow).getByText('E-mail unconfirmed')).toBeVisible();
    expect(within(tundeRow).queryByText('U17')).not.toBeInTheDocument();
    expect(within(tundeRow).getByRole('button', { name: 'Unblock Tunde Bakare' })).toBeVisible();
  });

  it('searches by name or e-mail, back to the first page', async () => {
    const api = serveApi({
      'GET /api/admin/players': ({ url }) => {
        const search = url.searchParams.get('search');
        if (search === 'tunde')
          return { results: [tunde], has_more: false, page: null, next: null };
        return url.searchParams.get('before')
          ? { results: [tunde], has_more: false, page: null, next: null }
          : { results: [ada], has_more: true, page: 1, next: 'cursor-2' };
      },
    });
    const { user } = render();
    await screen.findByRole('row', { name: /Ada Obi/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByText('Page 2')).toBeVisible());
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), 'tunde');
    // Applied a moment after typing stops, without Enter.
    await waitFor(() =>
      expect(
        Object.fromEntries(api.callsTo('GET /api/admin/players').at(-1)!.url.searchParams),
      ).toEqual({ search: 'tunde' }),
    );
    expect(await screen.findByRole('row', { name: /Tunde Bakare/ })).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('row', { name: /Ada Obi/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByRole('row', { name: /Ada Obi/ })).toBeVisible();
  });

  it('opens filtered from ?search= in the address (a reload, a shared link)', async () => {
    const api = serveApi({
      'GET /api/admin/players': ({ url }) =>
        url.searchParams.get('search') === 'tunde'
          ? { results: [tunde], has_more: false, page: null, next: null }
          : { results: [ada, tunde], has_more: false, page: null, next: null },
    });
    render('/admin/playerview?search=tunde');
    expect(await screen.findByRole('row', { name: /Tunde Bakare/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search players' })).toHaveValue('tunde');
    expect(screen.queryByRole('row', { name: /Ada Obi/ })).not.toBeInTheDocument();
    // The list never asked unfiltered first.
    expect(api.callsTo('GET /api/admin/players').map(searchOf)).toEqual([{ search: 'tunde' }]);
  });

  it('writes the search into the address as it applies, replacing the entry (Back is not flooded)', async () => {
    serveApi({
      'GET /api/admin/players': ({ url }) =>
        url.searchParams.get('search') === 'tunde'
          ? { results: [tunde], has_more: false, page: null, next: null }
          : { results: [ada, tunde], has_more: false, page: null, next: null },
    });
    const { user, history } = render();
    await screen.findByRole('row', { name: /Ada Obi/ });
    await user.type(screen.getByRole('searchbox', { name: 'Search players' }), 'tunde');
    await waitFor(() => expect(history).toEqual(['/admin/playerview?search=tunde']));
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: /Ada Obi/ })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(history).toEqual(['/admin/playerview']);
    expect(await screen.findByRole('row', { name: /Ada Obi/ })).toBeVisible();
  });

  it('follows the address when it changes from outside: a link to the bare list clears the box', async () => {
    serveApi({
      'GET /api/admin/players': ({ url }) =>
        url.searchParams.get('search') === 'tunde'
          ? { results: [tunde], has_more: false, page: null, next: null }
          : { results: [ada, tunde], has_more: false, page: null, next: null },
    });
    const { navigate } = render('/admin/playerview?search=tunde');
    await screen.findByRole('row', { name: /Tunde Bakare/ });
    act(() => navigate('/admin/playerview'));
    expect(await screen.findByRole('row', { name: /Ada Obi/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search players' })).toHaveValue('');
  });

  it('blocks a player with a reason', async () => {
    const api = serveApi({
      'GET /api/admin/players': {
        status: 200,
        body: { results: [ada], has_more: false, page: null, next: null },
      },
      [`POST /api/admin/users/${ada.id}/block`]: {
        status: 200,
        body: { message: 'Account blocked' },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Block Ada Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Block Ada Obi?' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Block player' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Block player' }));
    expect(await screen.findByText('Ada Obi is blocked')).toBeVisible();
    expect(api.callsTo(`POST /api/admin/users/${ada.id}/block`).map((c) => c.body)).toEqual([
      { reason: 'Spam' },
    ]);
  });

  it('corrects a date of birth with a reason, showing a refusal from the API', async () => {
    let attempts = 0;
    const api = serveApi({
      'GET /api/admin/players': {
        status: 200,
        body: { results: [ada], has_more: false, page: null, next: null },
      },
      [`PUT /api/admin/users/${ada.id}/dob`]: ({ body }) => {
        attempts += 1;
        if (attempts === 1)
          return reply(400, { message: 'Enter a valid date of birth', code: 'validation_failed' });
        return {
          message: 'Date of birth corrected',
          user_id: ada.id,
          dob: (body as { dob: string }).dob,
          age: 16,
        };
      },
    });
    const { user } = render();
    await user.click(
      await screen.findByRole('button', { name: 'Correct date of birth of Ada Obi' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Correct the date of birth of Ada Obi' });
    expect(dialog).toHaveTextContent('Now 1 Apr 2011');
    const date = within(dialog).getByLabelText('Date of birth');
    expect(date).toHaveValue('2011-04-01');
    await user.clear(date);
    await user.type(date, '2010-03-05');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Birth certificate');
    await user.click(within(dialog).getByRole('button', { name: 'Save date of birth' }));
    expect(await within(dialog).findByText('Enter a valid date of birth')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save date of birth' }));
    expect(await screen.findByText('Date of birth of Ada Obi corrected')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`PUT /api/admin/users/${ada.id}/dob`).at(-1)!.body).toEqual({
      dob: '2010-03-05',
      reason: 'Birth certificate',
    });
  });

  it('opens a conversation with a player and goes to it in the admin area', async () => {
    const api = serveApi({
      'GET /api/admin/players': {
        status: 200,
        body: { results: [ada, tunde], has_more: false, page: null, next: null },
      },
      'POST /api/chat': { status: 200, body: { thread_name: 'chat_admin_ada' } },
    });
    const { user, history } = render();
    await user.click(await screen.findByRole('button', { name: 'Message Ada Obi' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin/chat/chat_admin_ada'));
    expect(api.callsTo('POST /api/chat')[0]?.body).toEqual({ receiver_id: ada.id });
  });

  it("shows the server's reason when a conversation cannot be opened", async () => {
    serveApi({
      'GET /api/admin/players': {
        status: 200,
        body: { results: [ada], has_more: false, page: null, next: null },
      },
      'POST /api/chat': reply(403, { message: 'This user is blocked', code: 'chat_not_allowed' }),
    });
    const { user, history } = render();
    await user.click(await screen.findByRole('button', { name: 'Message Ada Obi' }));
    expect(await screen.findByText('This user is blocked')).toBeVisible();
    expect(history.at(-1)).toBe('/admin/playerview');
  });
});
