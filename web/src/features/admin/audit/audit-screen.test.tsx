import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminAuditEntry } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const admin = { id: 'admin-1', username: 'Ada Admin', role: 'admin' };
const entries: AdminAuditEntry[] = [
  {
    id: 'e-1',
    action: 'user.blocked',
    reason: 'Spamming other players',
    details: {},
    actor: admin,
    target: { id: 'p-1', username: 'Chidi Okafor', role: 'player' },
    created_at: '2026-11-26T09:14:00.000Z',
  },
  {
    id: 'e-2',
    action: 'user.dob_corrected',
    reason: 'Birth certificate checked',
    details: { from: '2010-01-01', to: '2009-01-01' },
    actor: null,
    target: { id: 'p-2', username: 'Tunde', role: 'player' },
    created_at: '2026-11-25T09:14:00.000Z',
  },
];

describe('admin audit log', () => {
  it('shows who did what to whom, when and why, and searches', async () => {
    signInAs('admin', 'admin-1');
    const fetch = serveApi({
      'GET /api/admin/audit': ({ url }) => {
        const search = url.searchParams.get('search');
        return {
          results: search
            ? entries.filter((e) => e.reason.toLowerCase().includes(search))
            : entries,
          has_more: false,
          page: null,
          next: null,
        };
      },
    });
    renderApp('/admin/audit');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const blocked = within(table).getByRole('row', { name: /Blocked an account/ });
    expect(blocked).toHaveTextContent('Ada Admin');
    expect(blocked).toHaveTextContent('Chidi Okafor');
    expect(blocked).toHaveTextContent('Spamming other players');
    expect(blocked).toHaveTextContent('26 Nov 2026, 10:14');
    const dob = within(table).getByRole('row', { name: /Corrected a date of birth/ });
    expect(dob).toHaveTextContent('2010-01-01 → 2009-01-01');
    expect(dob).toHaveTextContent('Removed account');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search the audit log' }), 'birth');
    await waitFor(() => expect(screen.queryByText('Spamming other players')).toBeNull());
    expect(fetch.callsTo('GET /api/admin/audit').at(-1)!.url.searchParams.get('search')).toBe(
      'birth',
    );
  });

  it('opens with the search of the address (?search=) and keeps what is typed there', async () => {
    signInAs('admin', 'admin-1');
    const fetch = serveApi({
      'GET /api/admin/audit': ({ url }) => {
        const search = url.searchParams.get('search');
        return {
          results: search
            ? entries.filter((e) => e.reason.toLowerCase().includes(search))
            : entries,
          has_more: false,
          page: null,
          next: null,
        };
      },
    });
    const { history } = renderApp('/admin/audit?search=birth');
    expect(await screen.findByText('Birth certificate checked')).toBeVisible();
    expect(screen.queryByText('Spamming other players')).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search the audit log' })).toHaveValue('birth');
    expect(
      fetch.callsTo('GET /api/admin/audit').map((call) => call.url.searchParams.get('search')),
    ).toEqual(['birth']);

    const box = screen.getByRole('searchbox', { name: 'Search the audit log' });
    await userEvent.clear(box);
    await userEvent.type(box, 'spam');
    await waitFor(() => expect(history).toEqual(['/admin/audit?search=spam']));
    expect(await screen.findByText('Spamming other players')).toBeVisible();
  });

  describe('on a phone', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows each record as a card: what, when, who → whom, why', async () => {
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }));
      signInAs('admin', 'admin-1');
      serveApi({
        'GET /api/admin/audit': {
          status: 200,
          body: { results: entries, has_more: false, page: null, next: null },
        },
      });
      renderApp('/admin/audit');
      const list = await screen.findByRole('list', { name: 'Audit log' });
      expect(screen.queryByRole('table')).toBeNull();
      const card = within(list).getByRole('listitem', {
        name: 'Blocked an account, 26 Nov 2026, 10:14',
      });
      expect(card).toHaveTextContent('Ada Admin → Chidi Okafor (player)');
      expect(card).toHaveTextContent('“Spamming other players”');
      expect(card).toHaveTextContent('user.blocked');
    });
  });
});
