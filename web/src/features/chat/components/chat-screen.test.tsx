import type { QueryClient } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ChatMessage, ChatThread } from '@touchline/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatKeys } from '@/api/chat';
import type { FakeRequest, Reply } from '@/test/fake-api';
import { reply, serveApi } from '@/test/fake-api';
import { FakeWebSocket } from '@/test/fake-websocket';
import { renderApp, signInAs } from '@/test/render-app';
import {
  KEMI,
  KEMI_THREAD,
  ME,
  STARS,
  STARS_THREAD,
  messageFixture,
  messageId,
  pageFixture,
  threadFixture,
} from '../testing/fixtures';
import { drafts } from '../stores/drafts';
import { outbox } from '../stores/outbox';

// The tab's unsent messages and drafts outlive a screen, not a test.
afterEach(() => {
  vi.useRealTimers();
  outbox.entries.splice(0);
  drafts.byThread = {};
});

/**
 * A fake chat server: the conversation with Kemi holds `messages` (served newest first, 50 a page,
 * keyset on `before`), sends store a message once per client id (a repeat answers the stored one),
 * and `failNextSends(n)` makes the next sends fail with a 500.
 */
function serveChat({
  messages = [] as ChatMessage[],
  threads = null as ChatThread[] | null,
  /** Fields of Kemi's conversation as the server describes it. */
  thread: overrides = {} as Partial<ChatThread>,
} = {}) {
  const state = { messages: [...messages], failing: 0, refusing: false, unreadTotal: 3 };
  let gate: Promise<void> | null = null;
  let olderGate: Promise<void> | null = null;
  const thread = () => {
    const newest = [...state.messages].sort((a, b) => (a.id < b.id ? 1 : -1))[0] ?? null;
    return threadFixture({ last_message: newest, ...overrides });
  };
  let serial = 5000;
  const fetch = serveApi({
    'GET /api/chat_list': () => ({ threads: threads ?? [thread()], has_more: false, next: null }),
    'GET /api/chat_unread': () => ({ unread_total: state.unreadTotal }),
    'GET /api/chat': async ({ url }: FakeRequest) => {
      if (url.searchParams.get('threadName') !== KEMI_THREAD) {
        return reply(404, { message: 'Conversation not found', code: 'chat_not_found' });
      }
      const before = url.searchParams.get('before');
      if (before) await olderGate;
      const older = [...state.messages]
        .sort((a, b) => (a.id < b.id ? 1 : -1))
        .filter((m) => !before || m.id < before);
      return pageFixture(older.slice(0, 50), older.length > 50, thread());
    },
    [`POST /api/chat/${KEMI_THREAD}/messages`]: async ({
      body,
    }: FakeRequest): Promise<Reply | ChatMessage> => {
      await gate;
      if (state.failing > 0) {
        state.failing -= 1;
        return reply(500, undefined, 'Internal Server Error');
      }
      if (state.refusing) {
        return reply(403, { message: 'You cannot message this user', code: 'chat_not_allowed' });
      }
      const { text, client_id } = body as { text: string; client_id: string };
      const stored = state.messages.find((m) => m.client_id === client_id);
      if (stored) return stored;
      serial += 1;
      const message = messageFixture(serial, {
        sender_id: ME,
        text,
        client_id,
        created_at: new Date().toISOString(),
      });
      state.messages.push(message);
      return reply(201, message);
    },
    [`POST /api/chat/${KEMI_THREAD}/read`]: () => ({ unread_count: 0, unread_total: 1 }),
    [`PATCH /api/chat_message/${messageId(2)}`]: ({ body }: FakeRequest) =>
      change(messageId(2), {
        text: (body as { text: string }).text,
        edited_at: new Date().toISOString(),
      }),
    [`DELETE /api/chat_message/${messageId(2)}`]: () =>
      change(messageId(2), { text: '', deleted: true }),
  });
  function change(id: string, fields: Partial<ChatMessage>) {
    const index = state.messages.findIndex((m) => m.id === id);
    state.messages[index] = { ...state.messages[index]!, ...fields };
    return state.messages[index];
  }
  return {
    fetch,
    state,
    failNextSends: (count: number) => (state.failing = count),
    /** Holds older pages back until `release()`. */
    holdOlderPages() {
      let release = () => {};
      olderGate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        olderGate = null;
        release();
      };
    },
    /** Holds sends back until `release()`. */
    holdSends() {
      let release = () => {};
      gate = new Promise<void>((resolve) => (release = resolve));
      return () => {
        gate = null;
        release();
      };
    },
  };
}

async function openSocket() {
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0));
  const socket = FakeWebSocket.last();
  act(() => socket.accept());
  return socket;
}

const bubbles = () => within(screen.getByRole('log', { name: 'Messages' }));
/** The message log, once the conversation has loaded. */
const openLog = async () => within(await screen.findByRole('log', { name: 'Messages' }));

const unreadTotal = (queryClient: QueryClient) =>
  queryClient.getQueryData<{ unread_total: number }>(chatKeys.unread)?.unread_total;

describe('chat screen', () => {
  it('welcomes a user with no conversations', async () => {
    serveChat({ threads: [] });
    signInAs('player', ME);
    renderApp('/chat');
    const welcome = await screen.findAllByRole('heading', { name: 'Welcome to Messages' });
    expect(welcome.length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Messages' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Conversations' })).not.toBeInTheDocument();
  });

  it('lists conversations with their preview and unread badge, and opens one', async () => {
    serveChat({
      messages: [messageFixture(1), messageFixture(2, { text: 'See you at training' })],
      threads: [
        threadFixture({
          unread_count: 2,
          last_message: messageFixture(2, { text: 'See you at training' }),
        }),
        threadFixture({
          thread_name: STARS_THREAD,
          partner: { ...threadFixture().partner, id: STARS, username: 'Lagos Stars', online: true },
          last_message: messageFixture(3, {
            thread_name: STARS_THREAD,
            sender_id: STARS,
            deleted: true,
            text: '',
          }),
        }),
      ],
    });
    signInAs('player', ME);
    const { history } = renderApp('/chat');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const kemi = within(list).getByRole('link', { name: /Kemi Adeyemi/ });
    expect(kemi).toHaveTextContent('You: See you at training');
    expect(within(kemi).getByLabelText('2 unread')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /Lagos Stars/ })).toHaveTextContent(
      'message deleted',
    );

    await userEvent.click(kemi);
    expect(history.at(-1)).toBe(`/chat/${KEMI_THREAD}`);
    expect(await (await openLog()).findByText('See you at training')).toBeInTheDocument();
    expect(bubbles().getByText('Message 1')).toBeInTheDocument();
    expect(screen.getByText(/^Last seen \d+ min ago$/)).toBeInTheDocument();
  });

  it('shows day separators, edited and deleted messages, and Seen under the last read own message', async () => {
    // The fixtures are minutes old: just after midnight they would all be yesterday's, so the day
    // is pinned to midday (only Date is faked; timers run for real).
    const midday = new Date();
    midday.setHours(12, 0, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'], now: midday });
    const yesterday = new Date(Date.now() - 24 * 60 * 60_000);
    yesterday.setHours(12, 0, 0, 0);
    serveChat({
      messages: [
        messageFixture(1, { created_at: yesterday.toISOString(), text: 'Old news' }),
        messageFixture(2, { text: 'Fixed typo', edited_at: new Date().toISOString() }),
        messageFixture(3, { text: '', deleted: true }),
        messageFixture(4, { text: 'Are you coming?' }),
        messageFixture(6, { text: 'Not read yet' }),
      ],
    });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Are you coming?');
    expect(bubbles().getByRole('separator', { name: 'Yesterday' })).toBeInTheDocument();
    expect(bubbles().getByRole('separator', { name: 'Today' })).toBeInTheDocument();
    expect(bubbles().getByText('edited')).toBeInTheDocument();
    expect(bubbles().getByText('message deleted')).toBeInTheDocument();
    expect(bubbles().queryByText('Seen')).not.toBeInTheDocument();

    // Kemi reads up to message 4 (live): 'Seen' goes under it, not under the later one.
    const socket = await openSocket();
    act(() =>
      socket.push({
        type: 'chat_read',
        seq: 1,
        data: {
          thread_name: KEMI_THREAD,
          user_id: KEMI,
          message_id: messageId(5),
          unread_count: 0,
          unread_total: 0,
        },
      }),
    );
    const seen = await (await openLog()).findByText('Seen');
    const row = seen.closest('[data-message-key]');
    expect(row).toHaveTextContent('Are you coming?');
  });

  it('shows a send at once as Sending…, then Not sent with Retry, which sends the same client id', async () => {
    const chat = serveChat({ messages: [messageFixture(1)] });
    chat.failNextSends(1);
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');

    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Hello Kemi{Enter}');
    expect(box).toHaveValue('');
    expect(bubbles().getByText('Hello Kemi')).toBeInTheDocument();
    expect(await (await openLog()).findByText('Not sent')).toBeInTheDocument();

    await userEvent.click(bubbles().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbles().queryByText('Not sent')).not.toBeInTheDocument());
    expect(bubbles().queryByText('Sending…')).not.toBeInTheDocument();
    expect(bubbles().getAllByText('Hello Kemi')).toHaveLength(1);

    const sends = chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/messages`);
    expect(sends).toHaveLength(2);
    const ids = sends.map((call) => (call.body as { client_id: string }).client_id);
    expect(ids[0]).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(ids[1]).toBe(ids[0]);
    expect(chat.state.messages.filter((m) => m.text === 'Hello Kemi')).toHaveLength(1);
  });

  it('says why the server refused a send', async () => {
    const chat = serveChat({ messages: [messageFixture(1)] });
    chat.state.refusing = true;
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello?{Enter}');
    expect(await bubbles().findByText('Not sent')).toBeInTheDocument();
    expect(bubbles().getByText('You cannot message this user')).toBeInTheDocument();
    expect(bubbles().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('keeps an unsent draft while another conversation is open', async () => {
    serveChat({
      messages: [messageFixture(1)],
      threads: [
        threadFixture(),
        threadFixture({
          thread_name: STARS_THREAD,
          partner: { ...threadFixture().partner, id: STARS, username: 'Lagos Stars' },
        }),
      ],
    });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Half a thought');

    const list = screen.getByRole('list', { name: 'Conversations' });
    await userEvent.click(within(list).getByRole('link', { name: /Lagos Stars/ }));
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
    await userEvent.click(within(list).getByRole('link', { name: /Kemi Adeyemi/ }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toHaveValue('Half a thought');
  });

  it('Shift+Enter starts a new line instead of sending', async () => {
    const chat = serveChat({ messages: [messageFixture(1)] });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    const box = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}Line two');
    expect(box).toHaveValue('Line one\nLine two');
    expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/messages`)).toHaveLength(0);
  });

  it('shows a message once when its event arrives twice, or before the send answers', async () => {
    const chat = serveChat({ messages: [messageFixture(1)] });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    const socket = await openSocket();

    // The echo of this tab's own send comes on the socket before the send's answer.
    const release = chat.holdSends();
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'On my way{Enter}');
    await waitFor(() =>
      expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/messages`)).toHaveLength(1),
    );
    const [send] = chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/messages`);
    const clientId = (send?.body as { client_id: string }).client_id;
    const mine = messageFixture(20, {
      sender_id: ME,
      text: 'On my way',
      client_id: clientId,
      created_at: new Date().toISOString(),
    });
    chat.state.messages.push(mine);
    act(() =>
      socket.push({
        type: 'chat_message',
        seq: 1,
        data: { message: mine, unread_count: 0, unread_total: 0 },
      }),
    );
    release();
    await waitFor(() => expect(bubbles().queryByText('Sending…')).not.toBeInTheDocument());
    expect(bubbles().getAllByText('On my way')).toHaveLength(1);

    const incoming = messageFixture(7, {
      text: 'Kick-off at 4',
      created_at: new Date().toISOString(),
    });
    const event = (seq: number) => ({
      type: 'chat_message',
      seq,
      data: { message: incoming, unread_count: 1, unread_total: 4 },
    });
    act(() => socket.push(event(2)));
    act(() => socket.push(event(3)));
    expect(await (await openLog()).findByText('Kick-off at 4')).toBeInTheDocument();
    expect(bubbles().getAllByText('Kick-off at 4')).toHaveLength(1);

    // An edit replaces the row in place.
    act(() =>
      socket.push({
        type: 'chat_message_updated',
        seq: 4,
        data: {
          message: { ...incoming, text: 'Kick-off at 5', edited_at: new Date().toISOString() },
          unread_count: 0,
          unread_total: 3,
        },
      }),
    );
    expect(await (await openLog()).findByText('Kick-off at 5')).toBeInTheDocument();
    expect(bubbles().queryByText('Kick-off at 4')).not.toBeInTheDocument();
    expect(bubbles().getAllByText('Kick-off at 5')).toHaveLength(1);
  });

  it('edits and deletes an own message within 15 minutes through its menu', async () => {
    const chat = serveChat({
      messages: [
        messageFixture(1),
        messageFixture(2, { text: 'Trainig at 4', created_at: new Date().toISOString() }),
      ],
    });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Trainig at 4');
    // Only the own, recent message has a menu.
    expect(bubbles().getAllByRole('button', { name: 'Message options' })).toHaveLength(1);

    await userEvent.click(bubbles().getByRole('button', { name: 'Message options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Edit message' }));
    const editor = bubbles().getByRole('textbox', { name: 'Edit message text' });
    await userEvent.clear(editor);
    await userEvent.type(editor, 'Training at 4{Enter}');
    expect(await bubbles().findByText('Training at 4')).toBeInTheDocument();
    expect(bubbles().getByText('edited')).toBeInTheDocument();
    expect(chat.fetch.callsTo(`PATCH /api/chat_message/${messageId(2)}`)[0]?.body).toEqual({
      text: 'Training at 4',
    });

    await userEvent.click(bubbles().getByRole('button', { name: 'Message options' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete message' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await bubbles().findByText('message deleted')).toBeInTheDocument();
    expect(bubbles().queryByText('Training at 4')).not.toBeInTheDocument();
    expect(bubbles().queryByRole('button', { name: 'Message options' })).not.toBeInTheDocument();
  });

  it("shows the partner's typing for a while and sends its own typing on the socket", async () => {
    serveChat({ messages: [messageFixture(1)] });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    const socket = await openSocket();

    act(() => socket.push({ type: 'typing', data: { thread_name: KEMI_THREAD, user_id: KEMI } }));
    expect(await screen.findByText('Kemi Adeyemi is typing…')).toBeInTheDocument();
    act(() =>
      socket.push({
        type: 'chat_message',
        seq: 1,
        data: {
          message: messageFixture(9, { text: 'Done typing', created_at: new Date().toISOString() }),
          unread_count: 1,
          unread_total: 1,
        },
      }),
    );
    await waitFor(() => expect(screen.queryByText('Kemi Adeyemi is typing…')).toBeNull());

    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    const sent = socket.sent.map((data) => JSON.parse(data) as { type: string });
    expect(sent.filter((event) => event.type === 'typing')).toEqual([
      { type: 'typing', thread_name: KEMI_THREAD },
    ]);
  });

  it("draws 'New messages' above what was unread when the conversation opened", async () => {
    serveChat({
      messages: [messageFixture(1), messageFixture(2), messageFixture(3), messageFixture(5)],
      thread: { unread_count: 2, my_last_read_message_id: messageId(2) },
    });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    const divider = await (await openLog()).findByRole('separator', { name: 'New messages' });
    const order = [
      ...screen
        .getByRole('log', { name: 'Messages' })
        .querySelectorAll('[data-message-key], [aria-label="New messages"]'),
    ];
    expect(order[order.indexOf(divider) + 1]).toHaveTextContent('Message 3');
    expect(order[order.indexOf(divider) - 1]).toHaveTextContent('Message 2');
  });

  it('marks the newest message from the partner read while the conversation is open', async () => {
    const chat = serveChat({ messages: [messageFixture(1), messageFixture(2), messageFixture(3)] });
    signInAs('player', ME);
    const { queryClient } = renderApp(`/chat/${KEMI_THREAD}`);
    await waitFor(() =>
      expect(chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/read`)).toHaveLength(1),
    );
    const [read] = chat.fetch.callsTo(`POST /api/chat/${KEMI_THREAD}/read`);
    expect(read?.body).toEqual({ message_id: messageId(3) });
    await waitFor(() => expect(unreadTotal(queryClient)).toBe(1));
  });

  it('keeps the reader’s place when an older page loads at the top', async () => {
    const messages = Array.from({ length: 60 }, (_, index) => messageFixture(index + 1));
    const chat = serveChat({ messages });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 60');
    expect(bubbles().queryByText('Message 10')).not.toBeInTheDocument();

    // jsdom has no layout: every row is 40 px high, the log shows 400 px.
    const log = screen.getByRole('log', { name: 'Messages' });
    let top = 0;
    Object.defineProperties(log, {
      scrollHeight: {
        configurable: true,
        get: () => log.querySelectorAll('[data-message-key]').length * 40,
      },
      clientHeight: { configurable: true, get: () => 400 },
      scrollTop: { configurable: true, get: () => top, set: (value: number) => (top = value) },
    });
    top = 100;
    fireEvent.scroll(log);
    expect(await (await openLog()).findByText('Message 10')).toBeInTheDocument();

    const pages = chat.fetch.callsTo('GET /api/chat');
    expect(pages.at(-1)?.url.searchParams.get('before')).toBe(messageId(11));
    // 10 rows of 40 px came above: the row that was at the top is still at the top.
    await waitFor(() => expect(top).toBe(100 + 10 * 40));
  });

  it('keeps a message that arrives while an older page is loading', async () => {
    const chat = serveChat({
      messages: Array.from({ length: 60 }, (_, index) => messageFixture(index + 1)),
    });
    signInAs('player', ME);
    renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 60');
    const socket = await openSocket();

    const release = chat.holdOlderPages();
    await userEvent.click(bubbles().getByRole('button', { name: 'Load earlier messages' }));
    await waitFor(() => expect(chat.fetch.callsTo('GET /api/chat')).toHaveLength(2));
    const live = messageFixture(99, {
      text: 'Arrived mid-load',
      created_at: new Date().toISOString(),
    });
    act(() =>
      socket.push({
        type: 'chat_message',
        seq: 1,
        data: { message: live, unread_count: 1, unread_total: 1 },
      }),
    );
    expect(await bubbles().findByText('Arrived mid-load')).toBeInTheDocument();
    release();

    expect(await bubbles().findByText('Message 10')).toBeInTheDocument();
    expect(bubbles().getAllByText('Arrived mid-load')).toHaveLength(1);
  });

  it('fetches the list, the open conversation and the total again after a reconnect', async () => {
    const chat = serveChat({ messages: [messageFixture(1)] });
    signInAs('player', ME);
    const { queryClient } = renderApp(`/chat/${KEMI_THREAD}`);
    await (await openLog()).findByText('Message 1');
    const first = await openSocket();
    act(() => first.push({ type: 'ready', last_seq: 0 }));
    await waitFor(() => expect(chat.fetch.callsTo('GET /api/chat_list').length).toBeGreaterThan(0));
    const before = {
      list: chat.fetch.callsTo('GET /api/chat_list').length,
      thread: chat.fetch.callsTo('GET /api/chat').length,
      unread: chat.fetch.callsTo('GET /api/chat_unread').length,
    };

    // Offline: a message (sent from another device) that no replay carries; the refetch brings it.
    act(() => first.drop(1006));
    chat.state.messages.push(messageFixture(12, { text: 'Sent from my phone' }));
    chat.state.unreadTotal = 6;
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2));
    const second = FakeWebSocket.last();
    act(() => second.accept());
    act(() => second.push({ type: 'ready', last_seq: 0 }));

    expect(await (await openLog()).findByText('Sent from my phone')).toBeInTheDocument();
    await waitFor(() => {
      expect(chat.fetch.callsTo('GET /api/chat_list').length).toBeGreaterThan(before.list);
      expect(chat.fetch.callsTo('GET /api/chat').length).toBeGreaterThan(before.thread);
      expect(chat.fetch.callsTo('GET /api/chat_unread').length).toBeGreaterThan(before.unread);
    });
    await waitFor(() => expect(unreadTotal(queryClient)).toBe(6));
  });

  it('says a conversation the user is not in does not exist', async () => {
    serveChat();
    signInAs('player', ME);
    renderApp(`/chat/chat_${KEMI}_${STARS}`);
    expect(await screen.findByText('Conversation not found')).toBeInTheDocument();
  });
});
