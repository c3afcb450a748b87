import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderAdminScreen } from '../shared/testing';
import { AdminConsentsScreen } from './consents-screen';

const waiting = {
  id: '33333333-3333-4333-8333-333333333333',
  username: 'Chidi Okafor',
  email: 'chidi@example.com',
  dob: '2013-03-02',
  created_at: '2026-11-20T10:00:00.000Z',
  guardian_email: 'mum.chidi@example.com',
  requested_at: '2026-11-20T10:00:05.000Z',
};
const given = {
  id: '55555555-5555-4555-8555-555555555555',
  child: { id: '44444444-4444-4444-8444-444444444444', username: 'Ada Obi' },
  guardian: {
    id: '66666666-6666-4666-8666-666666666666',
    username: 'Mrs Obi',
    email: 'obi@example.com',
  },
  decision: 'given' as const,
  relationship: 'Mother',
  notice_version: '2026-11-01',
  method: 'email_link+guardian_account_email_code',
  ip: '102.89.1.4',
  recorded_at: '2026-11-21T09:30:00.000Z',
};

const answer = (status: string | null, page = 1) => ({
  awaiting: status === 'ledger' ? [] : [waiting],
  ledger: status === 'awaiting' ? [] : [given],
  page,
  has_more: page === 1,
});
const paramsOf = (call: { url: URL }) => Object.fromEntries(call.url.searchParams);

describe('admin consents', () => {
  it('shows the accounts awaiting consent and the ledger', async () => {
    serveApi({ 'GET /api/admin/consents': ({ url }) => answer(url.searchParams.get('status')) });
    renderAdminScreen(<AdminConsentsScreen />, '/admin/consents');
    const awaiting = await screen.findByRole('table', { name: 'Accounts awaiting consent' });
    const row = within(awaiting).getByRole('row', { name: /Chidi Okafor/ });
    expect(row).toHaveTextContent('mum.chidi@example.com');
    expect(row).toHaveTextContent('2 Mar 2013');
    const ledger = screen.getByRole('table', { name: 'Consent ledger' });
    const entry = within(ledger).getByRole('row', { name: /Ada Obi/ });
    expect(entry).toHaveTextContent('Mrs Obi');
    expect(entry).toHaveTextContent('Mother');
    expect(entry).toHaveTextContent('Notice 2026-11-01');
    expect(entry).toHaveTextContent('From 102.89.1.4');
    expect(within(entry).getByText('Given')).toBeVisible();
  });

  it('keeps the status filter, the search and the page in the address', async () => {
    const api = serveApi({
      'GET /api/admin/consents': ({ url }) =>
        answer(url.searchParams.get('status'), Number(url.searchParams.get('page') ?? 1)),
    });
    const { user, history } = renderAdminScreen(<AdminConsentsScreen />, '/admin/consents');
    await screen.findByRole('table', { name: 'Consent ledger' });
    await user.click(screen.getByRole('button', { name: 'Ledger' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin/consents?status=ledger'));
    await waitFor(() =>
      expect(
        screen.queryByRole('table', { name: 'Accounts awaiting consent' }),
      ).not.toBeInTheDocument(),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(history.at(-1)).toBe('/admin/consents?status=ledger&page=2'));
    await user.type(screen.getByRole('searchbox', { name: 'Search consents' }), 'obi');
    await waitFor(() =>
      expect(paramsOf(api.callsTo('GET /api/admin/consents').at(-1)!)).toEqual({
        status: 'ledger',
        search: 'obi',
      }),
    );
    expect(history.at(-1)).toBe('/admin/consents?status=ledger&search=obi');
  });

  it('opens filtered from the address', async () => {
    const api = serveApi({
      'GET /api/admin/consents': ({ url }) => answer(url.searchParams.get('status')),
    });
    renderAdminScreen(<AdminConsentsScreen />, '/admin/consents?status=awaiting&search=chidi');
    expect(await screen.findByRole('row', { name: /Chidi Okafor/ })).toBeVisible();
    expect(screen.queryByRole('table', { name: 'Consent ledger' })).not.toBeInTheDocument();
    expect(api.callsTo('GET /api/admin/consents').map(paramsOf)).toEqual([
      { status: 'awaiting', search: 'chidi' },
    ]);
  });
});
