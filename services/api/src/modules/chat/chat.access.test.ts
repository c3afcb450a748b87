import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { adultPlayer, befriend, expectStatus, sendText, threadOf } from './chat.test-support';

/**
 * Nobody reads or writes a conversation they are not in: whatever name or message id an
 * outsider guesses, every chat route answers 404, exactly as for a conversation that does not
 * exist (nothing confirms one exists).
 */
describe('chat: only the two members read or write a conversation', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let outsider: TestUser;
  let admin: TestUser;
  let thread: string;
  let messageId: string;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b, outsider] = [await adultPlayer(t), await adultPlayer(t), await adultPlayer(t)];
    admin = await t.createUser({ role: 'admin' });
    await befriend(a, b);
    thread = await threadOf(a, b);
    messageId = (await expectStatus(sendText(a, thread, 'Only for Bob', 'c-1'), 201)).json().id;
  });
  afterAll(async () => t.close());

  const conversationNotFound = { code: 'chat.not_found', message: 'Conversation not found' };
  const messageNotFound = { code: 'chat.message_not_found', message: 'Message not found' };

  async function expectNotFound(
    res: Promise<{ statusCode: number; json: () => unknown }>,
    body: object,
    what: string,
  ) {
    const answer = await res;
    expect(answer.statusCode, what).toBe(404);
    expect(answer.json(), what).toMatchObject(body);
  }

  /** Every conversation route for `who` on `name`. */
  async function expectConversationHidden(who: TestUser, name: string) {
    const q = encodeURIComponent(name);
    const path = `/api/chat/${encodeURIComponent(name)}`;
    await expectNotFound(
      who.call('GET', `/api/chat?threadName=${q}`),
      conversationNotFound,
      `GET ${name}`,
    );
    await expectNotFound(
      who.call('GET', `/api/chat?threadName=${q}&before=${messageId}`),
      conversationNotFound,
      `GET ${name} before`,
    );
    await expectNotFound(
      who.call('POST', `${path}/messages`, { text: 'hello?', client_id: randomUUID() }),
      conversationNotFound,
      `send ${name}`,
    );
    await expectNotFound(
      who.call('POST', `${path}/read`, { message_id: messageId }),
      conversationNotFound,
      `read ${name}`,
    );
  }

  it("an outsider (or an administrator) cannot read, send in or mark someone else's conversation", async () => {
    await expectConversationHidden(outsider, thread);
    await expectConversationHidden(admin, thread);
  });

  it('nor change or delete a message in it, by its id', async () => {
    for (const who of [outsider, admin]) {
      await expectNotFound(
        who.call('PATCH', `/api/chat_message/${messageId}`, { text: 'changed' }),
        messageNotFound,
        'edit',
      );
      await expectNotFound(
        who.call('DELETE', `/api/chat_message/${messageId}`),
        messageNotFound,
        'delete',
      );
    }
    // An id that exists nowhere reads the same.
    await expectNotFound(
      a.call('DELETE', `/api/chat_message/${randomUUID()}`),
      messageNotFound,
      'unknown id',
    );
    // The message is untouched.
    const page = (await b.call('GET', `/api/chat?threadName=${thread}`)).json();
    expect(page.messages.map((m: { text: string }) => m.text)).toEqual(['Only for Bob']);
  });

  it('guessed names: other spellings, never-opened pairs with oneself, garbage', async () => {
    const [low, high] = [a.id, b.id].sort() as [string, string];
    const guesses = [
      `chat_${high}_${low}`, // the wrong order
      thread.toUpperCase(),
      `chat_${low.toUpperCase()}_${high}`,
      `${thread}_`,
      ` ${thread}`,
      `chat_${low}_${low}`,
      'chat_x_y',
      'chat_',
      randomUUID(),
    ];
    for (const guess of guesses) await expectConversationHidden(outsider, guess);
    for (const guess of guesses.slice(0, 4)) await expectConversationHidden(a, guess);
    // A pair that includes the caller but was never opened: 404 too (POST chat opens).
    const [x, y] = [outsider.id, a.id].sort();
    await expectConversationHidden(outsider, `chat_${x}_${y}`);
    await expectConversationHidden(a, `chat_${x}_${y}`);
  });

  it("a member cannot mark read with another conversation's message, nor edit the partner's", async () => {
    const c = await adultPlayer(t);
    await befriend(a, c);
    const other = await threadOf(a, c);
    const foreign = (await expectStatus(sendText(c, other, 'Elsewhere'), 201)).json().id;
    await expectNotFound(
      b.call('POST', `/api/chat/${thread}/read`, { message_id: foreign }),
      messageNotFound,
      'read with a foreign id',
    );
    // B sees the conversation, so the partner's message is theirs to know about, not to change.
    const edit = await b.call('PATCH', `/api/chat_message/${messageId}`, { text: 'mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      code: 'chat.not_yours',
      message: 'You can only change your own messages',
    });
    expect((await b.call('DELETE', `/api/chat_message/${messageId}`)).statusCode).toBe(403);
    // And B cannot change C's message in a conversation B is not in.
    await expectNotFound(
      b.call('PATCH', `/api/chat_message/${foreign}`, { text: 'x' }),
      messageNotFound,
      'edit a foreign message',
    );
  });

  it("an outsider's list and badge show nothing of it", async () => {
    const list = (await expectStatus(outsider.call('GET', '/api/chat_list'), 200)).json();
    expect(list.threads).toEqual([]);
    const unread = (await expectStatus(outsider.call('GET', '/api/chat_unread'), 200)).json();
    expect(unread).toEqual({ unread_total: 0 });
    const mine = (await b.call('GET', '/api/chat_list')).json();
    expect(mine.threads.map((x: { thread_name: string }) => x.thread_name)).toEqual([thread]);
  });
});
