import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReport } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import { serveApi } from '@/test/fake-api';
import { renderApp, signInAs } from '@/test/render-app';

const admin = { id: 'admin-1', username: 'Ada Admin', role: 'admin' };
const report = (id: string, overrides: Partial<AdminReport> = {}): AdminReport => ({
  id,
  status: 'open',
  target_kind: 'post',
  target_id: `post-${id}`,
  thread_name: null,
  post_id: `post-${id}`,
  target_exists: true,
  reason: 'harassment',
  details: '',
  snapshot: 'You are rubbish at football',
  context: null,
  minor: false,
  reporter: { id: 'p-9', username: 'Kemi', role: 'player' },
  author: { id: 'p-1', username: 'Chidi Okafor', role: 'player' },
  created_at: '2026-11-26T09:00:00.000Z',
  resolved_at: null,
  resolved_by: null,
  ...overrides,
});

describe('admin reports', () => {
  it('lists open reports (a minor’s first, as the server orders them), removes one and dismisses another with reasons', async () => {
    signInAs('admin', 'admin-1');
    const decided = new Map<string, AdminReport['status']>();
    const all = [
      report('r-1', {
        minor: true,
        snapshot: 'Meet me after training, alone',
        reason: 'child_safety',
        details: 'He is 14',
        author: { id: 'p-2', username: 'Tunde', role: 'player' },
      }),
      report('r-2', { target_kind: 'comment' }),
    ];
    const current = () =>
      all.map((r) =>
        decided.has(r.id)
          ? {
              ...r,
              status: decided.get(r.id)!,
              resolved_at: '2026-11-26T10:00:00.000Z',
              resolved_by: admin,
            }
          : r,
      );
    const resolve =
      (id: string) =>
      ({ body }: { body: unknown }) => {
        const action = (body as { action: string }).action;
        decided.set(id, action === 'remove' ? 'removed' : 'dismissed');
        return {
          message: action === 'remove' ? 'Content removed' : 'Report dismissed',
          report: current().find((r) => r.id === id),
        };
      };
    const fetch = serveApi({
      'GET /api/admin/reports': ({ url }) => ({
        results: current().filter((r) => r.status === url.searchParams.get('status')),
        has_more: false,
        page: null,
        next: null,
      }),
      'POST /api/admin/reports/r-1/resolve': resolve('r-1'),
      'POST /api/admin/reports/r-2/resolve': resolve('r-2'),
    });
    renderApp('/admin/reports');
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveAccessibleName('Post by Tunde reported for Puts a child at risk');
    expect(cards[0]).toHaveTextContent("Minor's content");
    expect(cards[0]).toHaveTextContent('Meet me after training, alone');
    expect(cards[0]).toHaveTextContent("Reporter's note: He is 14");
    expect(cards[0]).toHaveTextContent('Author:Tunde');
    expect(cards[0]).toHaveTextContent('Reported by:Kemi');
    expect(cards[1]).toHaveAccessibleName(
      'Comment by Chidi Okafor reported for Bullying or harassment',
    );

    await userEvent.click(
      within(cards[0]!).getByRole('button', { name: 'Remove the post by Tunde' }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Remove this post?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove post' }));
    expect(within(dialog).getByText('A reason is required')).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Grooming attempt');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove post' }));
    expect(await screen.findByText('Content removed')).toBeVisible();
    expect(fetch.callsTo('POST /api/admin/reports/r-1/resolve')[0]!.body).toEqual({
      action: 'remove',
      reason: 'Grooming attempt',
    });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));

    await userEvent.click(
      within(list).getByRole('button', {
        name: 'Dismiss the report on the comment by Chidi Okafor',
      }),
    );
    dialog = screen.getByRole('dialog', { name: 'Dismiss this report?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Banter between friends');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Dismiss report' }));
    expect(await screen.findByText('No open reports. Nothing needs a decision.')).toBeVisible();
    expect(fetch.callsTo('POST /api/admin/reports/r-2/resolve')[0]!.body).toEqual({
      action: 'dismiss',
      reason: 'Banter between friends',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Removed' }));
    const removed = await screen.findByRole('list', { name: 'Removed reports' });
    expect(removed).toHaveTextContent('Meet me after training, alone');
    expect(removed).toHaveTextContent('by Ada Admin');
    expect(within(removed).queryByRole('button')).toBeNull();
  });

  it('shows a message report with the messages around it and blocks the sender', async () => {
    signInAs('admin', 'admin-1');
    const line = (id: string, sender: string, text: string, reported = false) => ({
      id,
      sender_id: sender === 'Eko Stars' ? 'a-1' : 'p-3',
      sender_name: sender,
      text,
      has_image: false,
      deleted: false,
      created_at: '2026-11-26T08:00:00.000Z',
      reported,
    });
    const chat = report('r-9', {
      target_kind: 'message',
      target_id: 'm-2',
      thread_name: 'chat_a_b',
      post_id: null,
      minor: true,
      reason: 'child_safety',
      snapshot: 'Send me your address',
      context: [
        line('m-1', 'Ada Junior', 'Hello coach'),
        line('m-2', 'Eko Stars', 'Send me your address', true),
        line('m-3', 'Ada Junior', 'Why?'),
      ],
      reporter: { id: 'p-3', username: 'Ada Junior', role: 'player' },
      author: { id: 'a-1', username: 'Eko Stars', role: 'academy' },
    });
    let status: AdminReport['status'] = 'open';
    const fetch = serveApi({
      'GET /api/admin/reports': ({ url }) => ({
        results: url.searchParams.get('status') === status ? [{ ...chat, status }] : [],
        has_more: false,
        page: null,
        next: null,
      }),
      'POST /api/admin/reports/r-9/resolve': () => {
        status = 'blocked';
        return { message: 'Account blocked', report: { ...chat, status } };
      },
    });
    renderApp('/admin/reports');
    const list = await screen.findByRole('list', { name: 'Open reports' });
    const [card] = within(list).getAllByRole('listitem', {
      name: 'Message by Eko Stars reported for Puts a child at risk',
    });
    expect(card).toHaveTextContent("Minor's conversation");
    const around = within(card!).getByRole('list', {
      name: 'Messages around the reported message',
    });
    const lines = within(around).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining('Hello coach'),
      expect.stringContaining('Send me your address'),
      expect.stringContaining('Why?'),
    ]);
    expect(lines[1]).toHaveTextContent('Reported message');
    expect(lines[1]).toHaveTextContent('Eko Stars');
    expect(card).toHaveTextContent('Sender:Eko Stars');

    await userEvent.click(
      within(card!).getByRole('button', { name: 'Block Eko Stars, the sender' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Block Eko Stars?' });
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Unsafe contact with a child');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Block sender' }));
    expect(await screen.findByText('Account blocked')).toBeVisible();
    expect(fetch.callsTo('POST /api/admin/reports/r-9/resolve')[0]!.body).toEqual({
      action: 'block',
      reason: 'Unsafe contact with a child',
    });
  });

  it('opens on the status of the address (?status=dismissed) and writes a new one back', async () => {
    signInAs('admin', 'admin-1');
    const dismissed = report('r-3', {
      status: 'dismissed',
      snapshot: 'Old banter',
      resolved_at: '2026-11-25T10:00:00.000Z',
      resolved_by: admin,
    });
    const fetch = serveApi({
      'GET /api/admin/reports': ({ url }) => ({
        results: url.searchParams.get('status') === 'dismissed' ? [dismissed] : [report('r-1')],
        has_more: false,
        page: null,
        next: null,
      }),
    });
    const { history } = renderApp('/admin/reports?status=dismissed');
    expect(await screen.findByText(/Old banter/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Dismissed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(
      fetch.callsTo('GET /api/admin/reports').map((call) => call.url.searchParams.get('status')),
    ).toEqual(['dismissed']);

    // Open is the default: it leaves the address.
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByText(/You are rubbish at football/)).toBeVisible();
    expect(history).toEqual(['/admin/reports']);
  });
});
