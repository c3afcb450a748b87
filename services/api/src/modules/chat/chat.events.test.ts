import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, ServerEvent } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  adultPlayer,
  befriend,
  connectSocket,
  expectStatus,
  sendText,
  threadOf,
  type TestSocket,
} from './chat.test-support';

type ChatEvent = Extract<
  ServerEvent,
  { type: 'chat_message' | 'chat_message_updated' | 'chat_read' }
>;
const chatEvents = (events: ServerEvent[]) =>
  events.filter(
    (e): e is ChatEvent =>
      e.type === 'chat_message' || e.type === 'chat_message_updated' || e.type === 'chat_read',
  );
/** Polls `check` until it holds (a generous bound for a loaded machine). */
async function until(check: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The sequence number `ready` reported: everything up to it was delivered. */
const readySeq = (events: ServerEvent[]) => {
  const ready = events.find((e) => e.type === 'ready');
  if (!ready || ready.type !== 'ready') throw new Error('no ready');
  return ready.last_seq;
};

/**
 * Every change reaches every open tab of both members as a stored event (each member's copy with
 * their own counts), and a socket reconnecting with `since` receives exactly what it missed.
 */
describe('chat events on the members’ sockets', () => {
  let t: TestApp;
  let base: string;
  let a: TestUser;
  let b: TestUser;
  let outsider: TestUser;
  let thread: string;
  const sockets: TestSocket[] = [];
  const open = async (user: TestUser, since?: number) => {
    const socket = await connectSocket(base, user, since);
    sockets.push(socket);
    await socket.until((events) => events.some((e) => e.type === 'ready'));
    return socket;
  };

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    base = `ws://127.0.0.1:${address.port}`;
    [a, b, outsider] = [await adultPlayer(t), await adultPlayer(t), await adultPlayer(t)];
    await befriend(a, b);
    thread = await threadOf(a, b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('a message, a read, an edit and a deletion reach both members’ tabs, never anyone else', async () => {
    const aTab = await open(a);
    const bTabs = [await open(b), await open(b)];
    const spy = await open(outsider);

    const sent = (
      await expectStatus(sendText(a, thread, 'Hi Bob', 'live-1'), 201)
    ).json() as ChatMessage;
    for (const tab of bTabs) {
      const [event] = chatEvents(await tab.until((e) => chatEvents(e).length >= 1));
      expect(event).toMatchObject({
        type: 'chat_message',
        data: { message: sent, unread_count: 1, unread_total: 1 },
      });
    }
    const [own] = chatEvents(await aTab.until((e) => chatEvents(e).length >= 1));
    expect(own).toMatchObject({
      type: 'chat_message',
      data: { message: sent, unread_count: 0, unread_total: 0 },
    });

    await expectStatus(b.call('POST', `/api/chat/${thread}/read`, { message_id: sent.id }), 200);
    const readBy = { thread_name: thread, user_id: b.id, message_id: sent.id };
    expect(chatEvents(await aTab.until((e) => chatEvents(e).length >= 2))[1]).toMatchObject({
      type: 'chat_read',
      data: { ...readBy, unread_count: 0, unread_total: 0 },
    });
    for (const tab of bTabs) {
      expect(chatEvents(await tab.until((e) => chatEvents(e).length >= 2))[1]).toMatchObject({
        type: 'chat_read',
        data: { ...readBy, unread_count: 0, unread_total: 0 },
      });
    }

    await expectStatus(a.call('PATCH', `/api/chat_message/${sent.id}`, { text: 'Hi Bobby' }), 200);
    await expectStatus(a.call('DELETE', `/api/chat_message/${sent.id}`), 200);
    for (const tab of [aTab, ...bTabs]) {
      const events = chatEvents(await tab.until((e) => chatEvents(e).length >= 4));
      expect(events.slice(2).map((e) => [e.type, 'message' in e.data && e.data.message])).toEqual([
        ['chat_message_updated', expect.objectContaining({ text: 'Hi Bobby', deleted: false })],
        ['chat_message_updated', expect.objectContaining({ text: '', deleted: true, image: null })],
      ]);
      // In order, each once.
      const seqs = events.map((e) => e.seq);
      expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
      expect(new Set(seqs).size).toBe(seqs.length);
    }
    expect(chatEvents(spy.events)).toEqual([]);
  });

  it('a member who was offline catches up exactly what they missed, in order, once', async () => {
    const first = await open(b);
    const since = readySeq(first.events);
    first.close();

    const texts = ['one', 'two', 'three'];
    const ids: string[] = [];
    for (const text of texts)
      ids.push((await expectStatus(sendText(a, thread, text), 201)).json().id);
    await expectStatus(
      a.call('PATCH', `/api/chat_message/${ids[1]}`, { text: 'two (edited)' }),
      200,
    );

    const back = await open(b, since);
    const missed = chatEvents(back.events);
    expect(missed.map((e) => [e.type, 'message' in e.data ? e.data.message.text : null])).toEqual([
      ['chat_message', 'one'],
      // The stored copy was replaced by the edit: the original text is not replayed.
      ['chat_message', 'two (edited)'],
      ['chat_message', 'three'],
      ['chat_message_updated', 'two (edited)'],
    ]);
    expect(missed.map((e) => ('unread_count' in e.data ? e.data.unread_count : null))).toEqual([
      1, 2, 3, 3,
    ]);
    // Caught up before `ready`, nothing twice.
    const readyAt = back.events.findIndex((e) => e.type === 'ready');
    expect(back.events.slice(0, readyAt).filter((e) => e.type !== 'ready')).toHaveLength(4);
    expect(back.events.slice(readyAt + 1)).toEqual([]);
  });
  it('a catch-up from the start never returns text its author edited away or deleted (issue 25)', async () => {
    const secret = `my address is 12 Secret Close ${Date.now()}`;
    const typo = `meet at the wrong pitch ${Date.now()}`;
    const gone = (await expectStatus(sendText(a, thread, secret), 201)).json().id as string;
    const fixed = (await expectStatus(sendText(a, thread, typo), 201)).json().id as string;
    await expectStatus(a.call('DELETE', `/api/chat_message/${gone}`), 200);
    await expectStatus(
      a.call('PATCH', `/api/chat_message/${fixed}`, { text: 'meet at pitch 2' }),
      200,
    );
    for (const user of [a, b]) {
      const replay = await open(user, 0);
      const text = JSON.stringify(replay.events);
      expect(text).not.toContain(secret);
      expect(text).not.toContain(typo);
      expect(text).toContain('meet at pitch 2');
      replay.close();
    }
  });

  it('messages arriving at once from two conversations: the newest event carries the true total', async () => {
    const reader = await adultPlayer(t);
    const [c, d] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(c, reader);
    await befriend(d, reader);
    const [fromC, fromD] = [await threadOf(c, reader), await threadOf(d, reader)];
    const tab = await open(reader);
    for (let round = 1; round <= 5; round++) {
      await Promise.all([
        expectStatus(sendText(c, fromC, `c${round}`), 201),
        expectStatus(sendText(d, fromD, `d${round}`), 201),
      ]);
      const events = chatEvents(await tab.until((e) => chatEvents(e).length >= round * 2));
      const newest = events.reduce((x, y) => (y.seq > x.seq ? y : x));
      expect('unread_total' in newest.data && newest.data.unread_total).toBe(round * 2);
    }
  });
  it('the partner shows online while they have a socket open, then when they were last seen', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    const partnerSeenBy = async (who: TestUser) => {
      const list = (await expectStatus(who.call('GET', '/api/chat_list'), 200)).json();
      return list.threads.find((item: { thread_name: string }) => item.thread_name === name)
        .partner as { online: boolean; last_seen: string | null };
    };
    expect(await partnerSeenBy(x)).toMatchObject({ online: false, last_seen: null });
    const tabs = [await open(y), await open(y)];
    expect(await partnerSeenBy(x)).toEqual(
      expect.objectContaining({ online: true, last_seen: null }),
    );
    const page = (await expectStatus(x.call('GET', `/api/chat?threadName=${name}`), 200)).json();
    expect(page.thread.partner.online).toBe(true);
    // One tab closed (the server has let it go): still online.
    const held = t.app.realtime.connectionCount();
    tabs[0]!.close();
    await until(async () => t.app.realtime.connectionCount() === held - 1);
    expect((await partnerSeenBy(x)).online).toBe(true);
    // Both closed: offline, with the time.
    tabs[1]!.close();
    await until(async () => (await partnerSeenBy(x)).online === false);
    expect((await partnerSeenBy(x)).last_seen).not.toBeNull();
  });
});
