import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage } from '@touchline/shared';
import { describe, expect, it } from 'vitest';
import type { FakeRequest } from '@/test/fake-api';
import { reply, serveApi } from '@/test/fake-api';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signInAs } from '@/test/render-app';
import {
  KEMI_THREAD,
  ME,
  messageFixture,
  messageId,
  pageFixture,
  threadFixture,
} from '@/features/chat/testing/fixtures';

/**
 * An administrator's Messages (supplement §7): the chat feature's screen at /admin/chat inside
 * the admin frame, its links under /admin/chat/, the sidebar's unread badge, live messages and
 * a new message's notification opening the admin conversation.
 */
function serveAdminChat() {
  const state = {
    messages: [messageFixture(1, { text: 'Hello admin' })] as ChatMessage[],
    unreadTotal: 2,
  };
  let serial = 100;
  const fetch = serveApi({
    'GET /api/admin/stats': reply(500, { message: 'not in this test', code: 'x' }),
    'GET /api/chat_list': () => ({
      threads: [
        threadFixture({ unread_count: state.unreadTotal, last_message: state.messages.at(-1) }),
      ],
      has_more: false,
      next: null,
    }),
    'GET /api/chat_unread': () => ({ unread_total: state.unreadTotal }),
    'GET /api/chat': ({ url }: FakeRequest) =>
      url.searchParams.get('threadName') === KEMI_THREAD
        ? pageFixture(state.messages, false, threadFixture({ unread_count: state.unreadTotal }))
        : reply(404, { message: 'Conversation not found', code: 'chat_not_found' }),
    [`POST /api/chat/${KEMI_THREAD}/read`]: () => {
      state.unreadTotal = 0;
      return { unread_count: 0, unread_total: 0 };
    },
    [`POST /api/chat/${KEMI_THREAD}/messages`]: ({ body }: FakeRequest) => {
      const { text, client_id } = body as { text: string; client_id: string };
      serial += 2;
      const message = messageFixture(serial, {
        sender_id: ME,
        text,
        client_id,
        created_at: new Date().toISOString(),
      });
      state.messages.push(message);
      return reply(201, message);
    },
  });
  return { fetch, state };
}

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.last();
  act(() => socket.accept());
  return socket;
}

const sidebarNav = () =>
  within(
    within(screen.getByRole('complementary', { name: 'Admin sidebar' })).getByRole('navigation', {
      name: 'Admin',
    }),
  );

describe('admin chat', () => {
  it('lists the conversations in the admin frame, with links under /admin/chat and the unread badge', async () => {
    serveAdminChat();
    signInAs('admin', ME);
    const { history } = renderApp('/admin/chat');

    const list = await screen.findByRole('list', { name: 'Conversations' });
    const kemi = within(list).getByRole('link', { name: /Kemi Adeyemi/ });
    expect(kemi).toHaveAttribute('href', `/admin/chat/${KEMI_THREAD}`);
    expect(within(kemi).getByLabelText('2 unread')).toBeInTheDocument();
    const messagesLink = await sidebarNav().findByRole('link', { name: 'Messages, 2 unread' });
    expect(messagesLink).toHaveAttribute('href', '/admin/chat');
    expect(messagesLink).toHaveAttribute('aria-current', 'page');
    expect(
      screen.getAllByText(
        "Message any player or academy: press 'Message' on their row in Players or Academies.",
      ).length,
    ).toBeGreaterThan(0);

    await userEvent.click(kemi);
    expect(history.at(-1)).toBe(`/admin/chat/${KEMI_THREAD}`);
    const log = within(await screen.findByRole('log', { name: 'Messages' }));
    expect(await log.findByText('Hello admin')).toBeInTheDocument();
    // Reading it marks it read; the sidebar takes the server's total.
    expect(await sidebarNav().findByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // The partner's name leads to the admin list that finds them (admins open no profiles).
    expect(screen.getByRole('link', { name: 'Kemi Adeyemi' })).toHaveAttribute(
      'href',
      '/admin/playerview?search=Kemi%20Adeyemi',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Back to conversations' }));
    expect(history.at(-1)).toBe('/admin/chat');
  });

  it('sends with the composer and shows a reply that arrives live', async () => {
    const chat = serveAdminChat();
    signInAs('admin', ME);
    renderApp(`/admin/chat/${KEMI_THREAD}`);
    const log = within(await screen.findByRole('log', { name: 'Messages' }));
    await log.findByText('Hello admin');
    const socket = await openSocket();
    await waitFor(() =>
      expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/read`)).toHaveLength(1),
    );
    expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/read`)[0]?.body).toEqual({
      message_id: messageId(1),
    });

    await userEvent.type(
      screen.getByRole('textbox', { name: 'Message' }),
      'Your licence is fine{Enter}',
    );
    expect(await log.findByText('Your licence is fine')).toBeInTheDocument();
    await waitFor(() => expect(log.queryByText('Sending…')).not.toBeInTheDocument());
    expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/messages`)[0]?.body).toMatchObject({
      text: 'Your licence is fine',
    });

    const incoming = messageFixture(201, {
      text: 'Thank you!',
      created_at: new Date().toISOString(),
    });
    act(() =>
      socket.push({
        type: 'chat_message',
        seq: 1,
        data: { message: incoming, unread_count: 1, unread_total: 1 },
      }),
    );
    expect(await log.findByText('Thank you!')).toBeInTheDocument();
  });

  it("opens an administrator's new-message notification at /admin/chat/<thread>", async () => {
    serveAdminChat();
    signInAs('admin', ME);
    const { history } = renderApp('/admin/chat');
    await screen.findByRole('list', { name: 'Conversations' });
    const socket = await openSocket();
    act(() =>
      socket.push({
        type: 'notification',
        seq: 1,
        data: {
          id: 'n1',
          kind: 'message',
          text: 'New message from Kemi Adeyemi',
          link: `/chat/${KEMI_THREAD}`,
          actor_id: 'u2',
          created_at: '2026-01-01T10:00:00.000Z',
          unread: 1,
        },
      }),
    );
    expect(await screen.findByText('New message from Kemi Adeyemi')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'VIEW' }));
    expect(history.at(-1)).toBe(`/admin/chat/${KEMI_THREAD}`);
    expect(await screen.findByRole('log', { name: 'Messages' })).toBeInTheDocument();
  });
});
