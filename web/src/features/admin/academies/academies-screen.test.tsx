import { screen, waitFor, within } from '@testing-library/react';
import type { AdminAcademy } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '@/test/fake-api';
import { reply, serveApi } from '@/test/fake-api';
import { renderAdminScreen } from '../shared/testing';
import { AdminAcademiesScreen } from './academies-screen';

const academy = (overrides: Partial<AdminAcademy> = {}): AdminAcademy => ({
  id: '11111111-1111-4111-8111-111111111111',
  username: 'Lagos Stars FC',
  email: 'stars@example.com',
  state: 'Lagos',
  district: 'Surulere',
  sports: ['football'],
  established_on: '2010-01-01',
  status: 'pending',
  blocked: false,
  blocked_reason: null,
  email_verified: true,
  has_licence: true,
  created_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const stars = academy();
const eagles = academy({
  id: '22222222-2222-4222-8222-222222222222',
  username: 'Abuja Eagles',
  email: 'eagles@example.com',
  status: 'verified',
  blocked: true,
  blocked_reason: 'Fake trials',
  has_licence: false,
});

function render(path = '/admin/academyview') {
  return renderAdminScreen(<AdminAcademiesScreen />, path);
}

const query = (call: FakeRequest) => Object.fromEntries(call.url.searchParams);

describe('admin academies', () => {
  it('lists academies with their status, licence and the actions that apply', async () => {
    serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars, eagles], has_more: false, page: null, next: null },
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Academies' });
    const starsRow = within(table).getByRole('row', { name: /Lagos Stars FC/ });
    expect(starsRow).toHaveTextContent('stars@example.com');
    expect(starsRow).toHaveTextContent('Surulere, Lagos');
    expect(within(starsRow).getByText('Pending')).toBeVisible();
    expect(within(starsRow).getByRole('button', { name: 'Verify Lagos Stars FC' })).toBeVisible();
    expect(within(starsRow).getByRole('button', { name: 'Decline Lagos Stars FC' })).toBeVisible();
    expect(within(starsRow).getByRole('button', { name: 'Block Lagos Stars FC' })).toBeVisible();

    const eaglesRow = within(table).getByRole('row', { name: /Abuja Eagles/ });
    expect(within(eaglesRow).getByText('Verified')).toBeVisible();
    expect(within(eaglesRow).getByText('Blocked')).toBeVisible();
    expect(within(eaglesRow).getByText('Fake trials')).toBeVisible();
    expect(within(eaglesRow).getByText('None')).toBeVisible();
    expect(within(eaglesRow).queryByRole('button', { name: /^Verify/ })).not.toBeInTheDocument();
    expect(within(eaglesRow).getByRole('button', { name: 'Unblock Abuja Eagles' })).toBeVisible();
  });

  it('searches, filters and pages with the next cursor', async () => {
    const api = serveApi({
      'GET /api/admin/academies': (call) => {
        const { before } = query(call);
        if (before === 'cursor-2')
          return { results: [eagles], has_more: false, page: null, next: null };
        return { results: [stars], has_more: true, page: 1, next: 'cursor-2' };
      },
    });
    const { user } = render();
    await screen.findByRole('row', { name: /Lagos Stars FC/ });
    expect(screen.getByText('Page 1')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('row', { name: /Abuja Eagles/ })).toBeVisible();
    expect(screen.getByText('Page 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(query(api.callsTo('GET /api/admin/academies').at(-1)!)).toEqual({ before: 'cursor-2' });

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByRole('row', { name: /Lagos Stars FC/ })).toBeVisible();

    await user.click(
      within(screen.getByRole('group', { name: 'Status' })).getByRole('button', {
        name: 'Pending',
      }),
    );
    await waitFor(() =>
      expect(query(api.callsTo('GET /api/admin/academies').at(-1)!)).toEqual({ status: 'pending' }),
    );
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');

    await user.type(screen.getByRole('searchbox', { name: 'Search academies' }), 'stars{Enter}');
    await waitFor(() =>
      expect(query(api.callsTo('GET /api/admin/academies').at(-1)!)).toEqual({
        status: 'pending',
        search: 'stars',
      }),
    );
  });

  it('keeps the search and the status filter in the address: opens from them, writes them back', async () => {
    const api = serveApi({
      'GET /api/admin/academies': (call) =>
        query(call).status === 'blocked'
          ? { results: [eagles], has_more: false, page: null, next: null }
          : { results: [stars], has_more: false, page: null, next: null },
    });
    const { user, history } = render('/admin/academyview?search=lagos&status=pending');
    expect(await screen.findByRole('row', { name: /Lagos Stars FC/ })).toBeVisible();
    expect(screen.getByRole('searchbox', { name: 'Search academies' })).toHaveValue('lagos');
    expect(screen.getByRole('button', { name: 'Pending' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('GET /api/admin/academies').map(query)).toEqual([
      { search: 'lagos', status: 'pending' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Blocked' }));
    expect(await screen.findByRole('row', { name: /Abuja Eagles/ })).toBeVisible();
    expect(history).toEqual(['/admin/academyview?search=lagos&status=blocked']);
    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(history).toEqual(['/admin/academyview?search=lagos']));
  });

  it('reads a status it does not know as All', async () => {
    const api = serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars], has_more: false, page: null, next: null },
      },
    });
    render('/admin/academyview?status=everything');
    await screen.findByRole('row', { name: /Lagos Stars FC/ });
    expect(screen.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('GET /api/admin/academies').map(query)).toEqual([{}]);
  });

  it('says so when nothing matches', async () => {
    serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [], has_more: false, page: null, next: null },
      },
    });
    render();
    expect(await screen.findByText('No academies have signed up yet.')).toBeVisible();
  });

  it('verifies an academy after confirmation and refreshes the list', async () => {
    let verified = false;
    const api = serveApi({
      'GET /api/admin/academies': () => ({
        results: [verified ? { ...stars, status: 'verified' } : stars],
        has_more: false,
        page: null,
        next: null,
      }),
      [`POST /api/admin/academies/${stars.id}/verify`]: () => {
        verified = true;
        return { message: 'Academy verified', academy: { ...stars, status: 'verified' } };
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Verify Lagos Stars FC' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Verify Lagos Stars FC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Lagos Stars FC is verified')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const row = await screen.findByRole('row', { name: /Lagos Stars FC/ });
    await waitFor(() => expect(within(row).getByText('Verified')).toBeVisible());
    expect(api.callsTo(`POST /api/admin/academies/${stars.id}/verify`)).toHaveLength(1);
  });

  it('declines with a required reason and shows the API error in the dialog', async () => {
    let attempts = 0;
    const api = serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars], has_more: false, page: null, next: null },
      },
      [`POST /api/admin/academies/${stars.id}/decline`]: () => {
        attempts += 1;
        return attempts === 1
          ? reply(409, { message: 'This academy is already declined', code: 'conflict' })
          : { message: 'Academy declined', academy: { ...stars, status: 'declined' } };
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Decline Lagos Stars FC' }));
    const dialog = screen.getByRole('dialog', { name: 'Decline Lagos Stars FC?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline academy' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is required');
    expect(api.callsTo(`POST /api/admin/academies/${stars.id}/decline`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Licence is blurred');
    await user.click(within(dialog).getByRole('button', { name: 'Decline academy' }));
    expect(await within(dialog).findByText('This academy is already declined')).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Decline academy' }));
    expect(await screen.findByText('Lagos Stars FC is declined')).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo(`POST /api/admin/academies/${stars.id}/decline`).map((c) => c.body)).toEqual(
      [{ reason: 'Licence is blurred' }, { reason: 'Licence is blurred' }],
    );
  });

  it('blocks with a reason and unblocks', async () => {
    const api = serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars, eagles], has_more: false, page: null, next: null },
      },
      [`POST /api/admin/users/${stars.id}/block`]: {
        status: 200,
        body: { message: 'Account blocked' },
      },
      [`POST /api/admin/users/${eagles.id}/unblock`]: {
        status: 200,
        body: { message: 'Account unblocked' },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'Block Lagos Stars FC' }));
    let dialog = screen.getByRole('dialog', { name: 'Block Lagos Stars FC?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fake licence');
    await user.click(within(dialog).getByRole('button', { name: 'Block academy' }));
    expect(await screen.findByText('Lagos Stars FC is blocked')).toBeVisible();
    expect(api.callsTo(`POST /api/admin/users/${stars.id}/block`)[0]!.body).toEqual({
      reason: 'Fake licence',
    });

    await user.click(screen.getByRole('button', { name: 'Unblock Abuja Eagles' }));
    dialog = screen.getByRole('dialog', { name: 'Unblock Abuja Eagles?' });
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).not.toBeRequired();
    expect(within(dialog).getByText('(optional)')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Unblock academy' }));
    expect(await screen.findByText('Abuja Eagles is unblocked')).toBeVisible();
    expect(api.callsTo(`POST /api/admin/users/${eagles.id}/unblock`)[0]!.body).toEqual({});
  });

  it('opens the licence through a fresh signed link', async () => {
    const api = serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars], has_more: false, page: null, next: null },
      },
      [`GET /api/admin/academies/${stars.id}/licence`]: {
        status: 200,
        body: {
          url: 'https://files.example.com/licence.png?sig=abc',
          content_type: 'image/png',
          expires_at: '2026-11-20T10:05:00.000Z',
        },
      },
    });
    const { user } = render();
    await user.click(await screen.findByRole('button', { name: 'View licence of Lagos Stars FC' }));
    const dialog = screen.getByRole('dialog', { name: 'Licence of Lagos Stars FC' });
    expect(
      await within(dialog).findByRole('img', { name: 'Licence of Lagos Stars FC' }),
    ).toHaveAttribute('src', 'https://files.example.com/licence.png?sig=abc');
    expect(within(dialog).getByRole('link', { name: 'Open in a new tab' })).toHaveAttribute(
      'href',
      'https://files.example.com/licence.png?sig=abc',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'View licence of Lagos Stars FC' }));
    await screen.findByRole('img', { name: 'Licence of Lagos Stars FC' });
    expect(api.callsTo(`GET /api/admin/academies/${stars.id}/licence`)).toHaveLength(2);
  });

  it('offers Try again when the list cannot load', async () => {
    let fail = true;
    serveApi({
      'GET /api/admin/academies': () =>
        fail ? reply(500) : { results: [stars], has_more: false, page: null, next: null },
    });
    const { user } = render();
    expect(await screen.findByText('Could not load the academies.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('row', { name: /Lagos Stars FC/ })).toBeVisible();
  });

  it('opens a conversation with an academy and goes to it in the admin area', async () => {
    const api = serveApi({
      'GET /api/admin/academies': {
        status: 200,
        body: { results: [stars, eagles], has_more: false, page: null, next: null },
      },
      'POST /api/chat': { status: 200, body: { thread_name: 'chat_admin_stars' } },
    });
    const { user, history } = render();
    await user.click(await screen.findByRole('button', { name: 'Message Lagos Stars FC' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin/chat/chat_admin_stars'));
    expect(api.callsTo('POST /api/chat')[0]?.body).toEqual({ receiver_id: stars.id });
  });
});
