import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { UNREAD_COUNT_KEY } from '@/api/notifications/get-unread-count';
import { serveApi } from '@/test/fake-api';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signInAs } from '@/test/render-app';

const row = (id: string, text: string, is_read = false) => ({
  id,
  kind: 'friend_request',
  text,
  link: `/profile/${id}`,
  actor: { id: 'u2', username: 'Kemi', role: 'player', photo_url: null },
  is_read,
  created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
});

function serveNotifications(initial: ReturnType<typeof row>[]) {
  let rows = initial;
  let gate: Promise<void> | null = null;
  const unread = () => rows.filter((r) => !r.is_read).length;
  const fetch = serveApi({
    'GET /api/notification': async () => {
      await gate;
      return { results: rows, has_more: false, page: 1, next: null, unread_count: unread() };
    },
    'GET /api/notification/unread_count': () => ({ unread_count: 9 }),
    'POST /api/mark_as_read/n1': () => {
      rows = rows.map((r) => (r.id === 'n1' ? { ...r, is_read: true } : r));
      return { unread_count: unread() };
    },
    'DELETE /api/notification/n2': () => {
      rows = rows.filter((r) => r.id !== 'n2');
      return { unread_count: unread() };
    },
    'POST /api/mark_all_as_read': () => {
      rows = rows.map((r) => ({ ...r, is_read: true }));
      return { unread_count: 0 };
    },
  });
  return {
    fetch,
    add: (next: ReturnType<typeof row>) => (rows = [next, ...rows]),
    /** The server's row `id` is rewritten and comes first (newest). */
    replace: (id: string, next: ReturnType<typeof row>) =>
      (rows = [next, ...rows.filter((r) => r.id !== id)]),
    /** Holds list answers back until `release()`. */
    hold() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return {
        release: () => {
          gate = null;
          release();
        },
      };
    },
  };
}

/** The badge's count, as the query cache holds it. */
const unreadCount = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ unread_count: number }>(UNREAD_COUNT_KEY)?.unread_count;

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.last();
  act(() => socket.accept());
  return socket;
}

describe('notification centre', () => {
  it('opens a row (marking it read), deletes one, and marks all as read', async () => {
    const { fetch } = serveNotifications([
      row('n1', 'Kemi sent you a friend request'),
      row('n2', 'Amaka accepted your friend request'),
      row('n3', 'Musa started following you', true),
    ]);
    signInAs('player', 'me');
    const { history, memory, queryClient } = renderApp('/notification');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByText('5 min ago')).toHaveLength(3);
    await waitFor(() => expect(unreadCount(queryClient)).toBe(2));

    await userEvent.click(within(list).getByRole('button', { name: /^Kemi sent you/ }));
    expect(history.at(-1)).toBe('/profile/n1');
    await waitFor(() => expect(unreadCount(queryClient)).toBe(1));
    expect(fetch.callsTo('POST /api/mark_as_read/n1')).toHaveLength(1);

    memory.navigate('/notification');
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Delete notification: Amaka accepted your friend request',
      }),
    );
    await waitFor(() =>
      expect(screen.queryByText('Amaka accepted your friend request')).not.toBeInTheDocument(),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Mark All as Read' }));
    await waitFor(() => expect(unreadCount(queryClient)).toBe(0));
    expect(screen.getByText('You are all caught up.')).toBeVisible();
  });

  it('pages on with the keyset cursor the server answered (`before`), never a page number', async () => {
    const older = row('n9', 'An older one', true);
    const fetch = serveApi({
      'GET /api/notification': ({ url }) => {
        const before = url.searchParams.get('before');
        return before === '2026-01-01T10:00:00.000001Z~n1'
          ? { results: [older], has_more: false, page: 1, next: null, unread_count: 1 }
          : {
              results: [row('n1', 'The newest one')],
              has_more: true,
              page: 1,
              next: '2026-01-01T10:00:00.000001Z~n1',
              unread_count: 1,
            };
      },
      'GET /api/notification/unread_count': () => ({ unread_count: 1 }),
    });
    signInAs('player', 'me');
    renderApp('/notification');
    expect(await screen.findByText('The newest one')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: /load more/i }));
    expect(await screen.findByText('An older one')).toBeVisible();
    const asked = fetch.callsTo('GET /api/notification');
    expect(asked.map(({ url }) => url.searchParams.get('before'))).toEqual([
      null,
      '2026-01-01T10:00:00.000001Z~n1',
    ]);
    expect(asked.every(({ url }) => !url.searchParams.has('page'))).toBe(true);
  });

  it('shows a friendly empty state', async () => {
    serveNotifications([]);
    signInAs('academy', 'me');
    renderApp('/notification');
    expect(await screen.findByText('No notifications yet')).toBeVisible();
  });

  it('takes the unread count a live notification carries and adds it to the open list', async () => {
    const api = serveNotifications([row('n1', 'Old one', true)]);
    signInAs('player', 'me');
    const { queryClient } = renderApp('/notification');
    await screen.findByText('Old one');
    const socket = await openSocket();
    const fresh = row('n9', 'Tunde Bakare sent you a friend request');
    api.add(fresh);
    act(() =>
      socket.push({
        type: 'notification',
        seq: 4,
        data: { ...fresh, actor_id: 'u1', unread: 1 },
      }),
    );
    expect(unreadCount(queryClient)).toBe(1);
    const list = screen.getByRole('list', { name: 'Notifications' });
    expect(await within(list).findByText('Tunde Bakare sent you a friend request')).toBeVisible();
    expect(unreadCount(queryClient)).toBe(1);
  });

  it('replaces an updated grouped like in place and moves it to the top, without a duplicate', async () => {
    const like = {
      ...row('n2', 'Ada liked your post'),
      kind: 'like',
      link: '/view_post_details/p1',
    };
    const api = serveNotifications([row('n1', 'Kemi sent you a friend request'), like]);
    signInAs('player', 'me');
    const { queryClient } = renderApp('/notification');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    await within(list).findByText('Ada liked your post');
    await waitFor(() => expect(unreadCount(queryClient)).toBe(2));
    const socket = await openSocket();

    // The server folds Bola's like into the same row; its answer to the refetch is held back,
    // so what shows first is the cached list's own update.
    const updated = {
      ...like,
      text: 'Bola and 1 other liked your post',
      created_at: new Date().toISOString(),
    };
    api.replace('n2', updated);
    const held = api.hold();
    act(() =>
      socket.push({
        type: 'notification',
        seq: 5,
        data: { ...updated, actor_id: 'u3', unread: 2 },
      }),
    );
    const items = () => within(list).getAllByRole('listitem');
    await waitFor(() => expect(items()[0]).toHaveTextContent('Bola and 1 other liked your post'));
    expect(items()).toHaveLength(2);
    expect(items()[1]).toHaveTextContent('Kemi sent you a friend request');
    expect(within(list).queryByText('Ada liked your post')).not.toBeInTheDocument();
    expect(unreadCount(queryClient)).toBe(2); // the row was unread already: the count it carries

    act(() => socket.push({ type: 'notification_count', seq: 6, data: { unread: 2 } }));
    expect(unreadCount(queryClient)).toBe(2); // the server's count follows, unchanged

    held.release();
    await waitFor(() =>
      expect(api.fetch.callsTo('GET /api/notification').length).toBeGreaterThan(1),
    );
    await waitFor(() => expect(items()[0]).toHaveTextContent('Bola and 1 other liked your post'));
    expect(items()).toHaveLength(2);
    expect(unreadCount(queryClient)).toBe(2);
  });

  it("takes the server's unread count on every (re)connect", async () => {
    const { fetch } = serveNotifications([]);
    signInAs('player', 'me');
    const { queryClient } = renderApp('/home');
    const socket = await openSocket();
    const countCalls = () => fetch.callsTo('GET /api/notification/unread_count').length;
    // The badge reads the count once when the frame appears, then again after every (re)connect.
    await waitFor(() => expect(countCalls()).toBe(1));
    act(() => socket.push({ type: 'ready', last_seq: 0 }));
    await waitFor(() => expect(countCalls()).toBe(2));
    await waitFor(() => expect(unreadCount(queryClient)).toBe(9));
  });
});
