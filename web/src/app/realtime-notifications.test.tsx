import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { UNREAD_COUNT_KEY } from '@/api/notifications/get-unread-count';
import { session } from '@/lib/session';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signInAs } from '@/test/render-app';

const liked = {
  type: 'notification',
  seq: 1,
  data: {
    id: 'n1',
    kind: 'like',
    text: 'Ada liked your post',
    link: '/view_post_details/4',
    actor_id: 'u2',
    created_at: '2026-01-01T10:00:00.000Z',
    unread: 1,
  },
};

/** The badge's count, as the query cache holds it. */
const unreadCount = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ unread_count: number }>(UNREAD_COUNT_KEY)?.unread_count;

/** Waits for a toast to leave the page (jsdom plays no CSS animation, so its end is signalled). */
async function expectToastGone(text: string) {
  await waitFor(() => {
    const toast = screen.queryByText(text)?.closest('.Toastify__toast');
    if (toast) fireEvent.animationEnd(toast);
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });
}

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.last();
  act(() => socket.accept());
  return socket;
}

describe('live notifications', () => {
  it('opens the socket only for a signed-in user', async () => {
    renderApp('/no-such-page');
    await screen.findByText('404');
    expect(FakeWebSocket.instances).toHaveLength(0);
  });

  it('takes the unread count the notification carries and shows a toast whose VIEW button opens the link', async () => {
    signInAs('player', 'u1');
    const { history, queryClient } = renderApp('/friends');
    const socket = await openSocket();
    expect(socket.url).toContain('/ws/notifications/u1/');

    act(() => socket.push(liked));
    expect(await screen.findByText('Ada liked your post')).toBeVisible();
    expect(unreadCount(queryClient)).toBe(1);

    await userEvent.click(screen.getByRole('button', { name: 'VIEW' }));
    expect(history.at(-1)).toBe('/view_post_details/4');
    await expectToastGone('Ada liked your post');
  });

  it('opens the link when the toast itself is clicked', async () => {
    signInAs('academy', 'u9');
    const { history } = renderApp('/chat');
    const socket = await openSocket();
    act(() => socket.push({ ...liked, data: { ...liked.data, link: '/chat/chat_1_9' } }));
    await userEvent.click(await screen.findByText('Ada liked your post'));
    expect(history.at(-1)).toBe('/chat/chat_1_9');
    await expectToastGone('Ada liked your post');
  });

  it("takes the server's unread count after a reconnect", async () => {
    signInAs('player', 'u1');
    const { queryClient } = renderApp('/friends');
    const socket = await openSocket();
    act(() => socket.push({ type: 'notification_count', seq: 3, data: { unread: 7 } }));
    expect(unreadCount(queryClient)).toBe(7);
  });

  it('keeps the count an updated grouped like carries, never adding one itself', async () => {
    signInAs('player', 'u1');
    const { queryClient } = renderApp('/friends');
    const socket = await openSocket();
    act(() => socket.push({ type: 'notification_count', seq: 1, data: { unread: 4 } }));
    const regrouped = { ...liked.data, text: 'Bola and 1 other liked your post', unread: 4 };
    act(() => socket.push({ ...liked, seq: 2, data: regrouped }));
    expect(unreadCount(queryClient)).toBe(4);
    act(() => socket.push({ type: 'notification_count', seq: 3, data: { unread: 4 } }));
    expect(unreadCount(queryClient)).toBe(4);
    expect(await screen.findByText('Bola and 1 other liked your post')).toBeVisible();
  });

  it('closes the socket when the user signs out', async () => {
    signInAs('player', 'u1');
    renderApp('/friends');
    const socket = await openSocket();
    act(() => {
      session.user_id = null;
      session.role = null;
    });
    await waitFor(() => expect(socket.closedByClient).toBe(true));
  });
});
