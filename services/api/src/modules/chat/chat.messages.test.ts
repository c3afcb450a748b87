import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import type { ChatMessage } from '@touchline/shared';
import { createJobHandlers } from '@touchline/worker';
import { USER_BUDGETS } from '../../lib/user-rate-limit';
import { createTestApp, manualClock, type TestApp, type TestUser } from '../../testing/test-app';
import {
  academy,
  adultPlayer,
  befriend,
  block,
  expectStatus,
  follow,
  minorPlayer,
  openChat,
  sendText,
  threadOf,
} from './chat.test-support';

const page = async (who: TestUser, thread: string, before?: string) =>
  (
    await expectStatus(
      who.call('GET', `/api/chat?threadName=${thread}${before ? `&before=${before}` : ''}`),
      200,
    )
  ).json() as { messages: ChatMessage[]; has_more: boolean; thread: Record<string, unknown> };

const unreadTotal = async (who: TestUser) =>
  (await expectStatus(who.call('GET', '/api/chat_unread'), 200)).json().unread_total as number;

/** A multipart send with a picture (a PNG with location and camera metadata). */
async function sendPicture(
  t: TestApp,
  who: TestUser,
  thread: string,
  text: string,
  clientId = `pic-${Date.now()}`,
) {
  const png = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } },
  })
    .png()
    .withExif({ IFD0: { Make: 'SecretCam', Model: 'X1' }, IFD3: { GPSLatitudeRef: 'N' } })
    .toBuffer();
  // The upload really carries the camera metadata the server must drop.
  expect((await sharp(png).metadata()).exif).toBeDefined();
  const boundary = 'chatboundary42';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="client_id"\r\n\r\n${clientId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/${thread}/messages`,
    headers: { ...who.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
}

describe('chat messages', () => {
  const clock = manualClock();
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  let thread: string;

  beforeAll(async () => {
    t = await createTestApp({ clock });
    [a, b] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(a, b);
    thread = await threadOf(a, b);
  });
  afterAll(async () => t.close());

  it('a send answers the message; the same client_id again answers it and stores nothing', async () => {
    const first = await expectStatus(sendText(a, thread, '  Hello Bob  ', 'retry-1'), 201);
    const message = first.json() as ChatMessage;
    expect(message).toMatchObject({
      thread_name: thread,
      sender_id: a.id,
      text: 'Hello Bob',
      image: null,
      client_id: 'retry-1',
      edited_at: null,
      deleted: false,
    });
    const again = await expectStatus(sendText(a, thread, '  Hello Bob  ', 'retry-1'), 200);
    expect(again.json()).toEqual(message);
    const seen = await page(b, thread);
    expect(seen.messages.filter((m) => m.client_id === 'retry-1')).toHaveLength(1);
    const events = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.type, 'chat.message_sent'));
    expect(events.map((e) => e.payload)).toEqual([{ messageId: message.id }]);
  });

  it('refuses an empty or too long message and a malformed client id', async () => {
    const empty = await sendText(a, thread, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Write a message or attach an image');
    const long = await sendText(a, thread, 'x'.repeat(2001));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Message must be at most 2000 characters');
    expect((await sendText(a, thread, 'x'.repeat(2000), 'long-ok')).statusCode).toBe(201);
    expect((await sendText(a, thread, 'hi', 'bad id!')).statusCode).toBe(400);
  });

  it('unread counts, the badge and read pointers (forward only)', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    const ids: string[] = [];
    for (const text of ['one', 'two', 'three'])
      ids.push((await expectStatus(sendText(x, name, text), 201)).json().id);
    expect(await unreadTotal(y)).toBe(3);
    expect(await unreadTotal(x)).toBe(0);
    const list = (await y.call('GET', '/api/chat_list')).json();
    expect(list.threads[0]).toMatchObject({
      thread_name: name,
      unread_count: 3,
      last_message: { text: 'three' },
      partner: { id: x.id, username: x.username, online: false },
    });

    const read = await expectStatus(
      y.call('POST', `/api/chat/${name}/read`, { message_id: ids[1] }),
      200,
    );
    expect(read.json()).toEqual({ unread_count: 1, unread_total: 1 });
    // Backwards does not move the pointer.
    const back = await expectStatus(
      y.call('POST', `/api/chat/${name}/read`, { message_id: ids[0] }),
      200,
    );
    expect(back.json()).toEqual({ unread_count: 1, unread_total: 1 });
    const seen = await page(x, name);
    expect(seen.thread).toMatchObject({
      partner_last_read_message_id: ids[1],
      my_last_read_message_id: null,
      unread_count: 0,
    });
    await expectStatus(y.call('POST', `/api/chat/${name}/read`, { message_id: ids[2] }), 200);
    expect(await unreadTotal(y)).toBe(0);
  });

  it('edit and delete your own within 15 minutes; the partner sees "message deleted"', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    const keep = (await expectStatus(sendText(x, name, 'typo'), 201)).json() as ChatMessage;
    const gone = (await expectStatus(sendText(x, name, 'oops'), 201)).json() as ChatMessage;

    clock.advance(14 * 60_000);
    const edited = await expectStatus(
      x.call('PATCH', `/api/chat_message/${keep.id}`, { text: 'fixed' }),
      200,
    );
    expect(edited.json()).toMatchObject({ id: keep.id, text: 'fixed', deleted: false });
    expect(edited.json().edited_at).not.toBeNull();
    const emptyEdit = await x.call('PATCH', `/api/chat_message/${keep.id}`, { text: ' ' });
    expect(emptyEdit.statusCode).toBe(400);

    const deleted = await expectStatus(x.call('DELETE', `/api/chat_message/${gone.id}`), 200);
    expect(deleted.json()).toMatchObject({ id: gone.id, deleted: true, text: '', image: null });
    const seen = await page(y, name);
    expect(seen.messages.map((m) => [m.text, m.deleted, m.edited_at !== null])).toEqual([
      ['', true, false],
      ['fixed', false, true],
    ]);
    // A deleted message is gone for changes.
    expect(
      (await x.call('PATCH', `/api/chat_message/${gone.id}`, { text: 'back' })).statusCode,
    ).toBe(404);

    clock.advance(60_000 + 1000);
    for (const res of [
      await x.call('PATCH', `/api/chat_message/${keep.id}`, { text: 'late' }),
      await x.call('DELETE', `/api/chat_message/${keep.id}`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: 'chat.edit_window',
        message: 'Messages can only be edited or deleted within 15 minutes',
      });
    }
  });

  it('history: newest first, 50 a page, keyset on the oldest id held', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    // 105 messages, stored through the repository the API uses (the send limit is per 10 s).
    const { insertMessage, threadByName } = await import('@touchline/db/chat');
    const threadRow = (await threadByName(t.db, name, x.id))!;
    for (let i = 1; i <= 105; i++) {
      await t.db.transaction((tx) =>
        insertMessage(tx, {
          threadId: threadRow.id,
          senderId: i % 2 ? x.id : y.id,
          text: `m${i}`,
          imageMediaId: null,
          clientId: null,
          createdAt: clock(),
        }),
      );
    }
    const first = await page(y, name);
    expect(first.messages).toHaveLength(50);
    expect(first.has_more).toBe(true);
    expect(first.messages[0]!.text).toBe('m105');
    const second = await page(y, name, first.messages.at(-1)!.id);
    expect(second.messages.map((m) => m.text)).toEqual(
      Array.from({ length: 50 }, (_, i) => `m${55 - i}`),
    );
    expect(second.has_more).toBe(true);
    const third = await page(y, name, second.messages.at(-1)!.id);
    expect(third.messages.map((m) => m.text)).toEqual(['m5', 'm4', 'm3', 'm2', 'm1']);
    expect(third.has_more).toBe(false);
    // A message arriving meanwhile does not shift the older pages.
    await expectStatus(sendText(x, name, 'late arrival'), 201);
    const again = await page(y, name, first.messages.at(-1)!.id);
    expect(again.messages.map((m) => m.id)).toEqual(second.messages.map((m) => m.id));
  });

  it('a picture is re-encoded without metadata, private, answered as a signed URL', async () => {
    const res = await expectStatus(sendPicture(t, a, thread, 'Look'), 201);
    const message = res.json() as ChatMessage;
    expect(message.text).toBe('Look');
    expect(message.image).toMatch(/^\/media-private\/.+\?.*signature=/);
    const file = await t.app.inject({ method: 'GET', url: message.image! });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta.format).toBe('png');
    expect(meta.exif).toBeUndefined();
    // Not under the public path.
    const key = message.image!.split('?')[0]!.replace('/media-private/', '');
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
    // The partner reads it with a freshly signed URL.
    const seen = (await page(b, thread)).messages.find((m) => m.id === message.id)!;
    expect(seen.image).toMatch(/^\/media-private\//);
    expect((await t.app.inject({ method: 'GET', url: seen.image! })).statusCode).toBe(200);
    // A picture alone is a message; deleting it removes the picture's file too.
    const alone = (await expectStatus(sendPicture(t, a, thread, ''), 201)).json() as ChatMessage;
    expect(alone.text).toBe('');
    expect((await t.app.inject({ method: 'GET', url: alone.image! })).statusCode).toBe(200);
    await expectStatus(a.call('DELETE', `/api/chat_message/${alone.id}`), 200);
    expect((await t.app.inject({ method: 'GET', url: alone.image! })).statusCode).toBe(404);
    // Something that is not a picture is refused by its content, whatever its name says.
    const boundary = 'notanimage';
    const fake = await t.app.inject({
      method: 'POST',
      url: `/api/chat/${thread}/messages`,
      headers: { ...a.headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload:
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cat.png"\r\n` +
        `Content-Type: image/png\r\n\r\n<script>alert(1)</script>\r\n--${boundary}--\r\n`,
    });
    expect(fake.statusCode).toBe(400);
  });

  it('a sent picture outlives the prune of unclaimed files; a replayed or deleted one leaves no file', async () => {
    const clientId = `kept-${Date.now()}`;
    const sent = (
      await expectStatus(sendPicture(t, a, thread, 'Kept', clientId), 201)
    ).json() as ChatMessage;
    // The same send again (a retry) answers the stored message; its second upload is discarded.
    const replay = await expectStatus(sendPicture(t, a, thread, 'Kept', clientId), 200);
    expect(replay.json().id).toBe(sent.id);
    const gone = (await expectStatus(sendPicture(t, a, thread, ''), 201)).json() as ChatMessage;
    await expectStatus(a.call('DELETE', `/api/chat_message/${gone.id}`), 200);
    // Nothing is left unclaimed: a sent picture's record goes with its message, the others' with
    // their files.
    expect(await t.db.select().from(schema.unclaimedFiles)).toEqual([]);

    // The worker's prune, two days later, on this app's database and storage.
    const later = () => new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    const prune = createJobHandlers({ ...t.drivers, db: t.db, clock: later })['maintenance.prune'];
    await prune({ id: 'maintenance.prune:chat', name: 'maintenance.prune', attempt: 1, data: {} });
    const seen = (await page(b, thread)).messages.find((m) => m.id === sent.id)!;
    expect((await t.app.inject({ method: 'GET', url: seen.image! })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: gone.image! })).statusCode).toBe(404);
  });

  it('an existing conversation ends with a block, and a minor’s with the unfollow', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    await block(y, x);
    for (const who of [x, y]) {
      const res = await sendText(who, name, 'still there?');
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('You cannot message this user');
    }

    const acad = await academy(t);
    const kid = await minorPlayer(t);
    const adult = await adultPlayer(t);
    await follow(kid, acad);
    await follow(adult, acad);
    const kidThread = await threadOf(acad, kid);
    const adultThread = await threadOf(acad, adult);
    await expectStatus(sendText(acad, kidThread, 'Welcome'), 201);
    await expectStatus(kid.call('POST', '/api/unfollow', { academy: acad.id }), 200);
    await expectStatus(adult.call('POST', '/api/unfollow', { academy: acad.id }), 200);
    const refused = await sendText(acad, kidThread, 'Are you coming?');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'This player can only be messaged by friends and academies they follow',
    );
    // The history stays readable; an adult keeps the conversation.
    expect((await page(kid, kidThread)).messages.map((m) => m.text)).toEqual(['Welcome']);
    await expectStatus(sendText(acad, adultThread, 'Still interested?'), 201);
    // 'Message' leads back to the adult's conversation; the minor's stays closed.
    expect((await expectStatus(openChat(acad, adult), 200)).json()).toEqual({
      thread_name: adultThread,
    });
    expect((await openChat(acad, kid)).statusCode).toBe(403);
    // A pair that never talked is still refused.
    const stranger = await adultPlayer(t);
    expect((await openChat(acad, stranger)).statusCode).toBe(403);
  });
});

describe('chat send budget', () => {
  // The real budget (30 sends in 10 seconds) with a window no loaded machine outlasts: the 31
  // sends below must all be counted in one window, however long the burst takes here.
  const budget = { ...USER_BUDGETS['chat-send'], windowMs: 10 * 60_000 };
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ userBudgets: { 'chat-send': budget } });
  });
  afterAll(async () => t.close());

  it('is 30 sends in 10 seconds', () => {
    expect(USER_BUDGETS['chat-send']).toEqual({ max: 30, windowMs: 10_000 });
  });

  it('sends are rate limited per user', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    // At once, as a script would: the budget is 30 sends in 10 seconds.
    const answers = await Promise.all(
      Array.from({ length: budget.max + 1 }, (_, i) => sendText(x, name, `n${i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(budget.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1);
    // The partner is not held back.
    expect((await sendText(y, name, 'calm down')).statusCode).toBe(201);
  });
});
