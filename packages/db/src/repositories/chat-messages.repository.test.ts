import { chatThreadName } from '@touchline/shared';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase } from '../testing';
import type { TestDatabase } from '../testing';
import { deleteMessage, editMessage, findMessage, listMessages } from './chat-messages.repository';
import { chatPartnerIds, threadItem, threadUnread, unreadTotal } from './chat-threads.repository';
import { nextChatMessageId, threadByName } from './chat.repository';
import { chatFixtures, at } from './fixtures/chat';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.close());

const { player, open, send, read } = chatFixtures(() => db);

describe('conversations', () => {
  test('one per pair, whoever opens it, named by the smaller and the larger id', async () => {
    const [a, b] = [await player(), await player()];
    const first = await open(a, b);
    const second = await open(b, a);
    expect(second.id).toBe(first.id);
    expect(first.name).toBe(chatThreadName(a.id, b.id));
    expect(first.userLow < first.userHigh).toBe(true);
    expect((await threadByName(db, first.name, a.id))?.id).toBe(first.id);
    expect((await threadByName(db, first.name, b.id))?.id).toBe(first.id);
    // Not a member: nothing, even with the exact name.
    const stranger = await player();
    expect(await threadByName(db, first.name, stranger.id)).toBeNull();
    expect(await threadItem(db, first.id, stranger.id)).toBeNull();
    expect(new Set(await chatPartnerIds(db, a.id))).toEqual(new Set([b.id]));
    expect(new Set(await chatPartnerIds(db, b.id))).toEqual(new Set([a.id]));
  });

  test('opened at the same time by both members: still one', async () => {
    const [a, b] = [await player(), await player()];
    const [x, y] = await Promise.all([open(a, b), open(b, a)]);
    expect(x.id).toBe(y.id);
  });
});

describe('messages', () => {
  test('a client id makes a retried send answer the stored message and change nothing', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const first = await send(thread, a, 'Hello', { clientId: 'c-1' });
    expect(first.replayed).toBe(false);
    const again = await send(thread, a, 'Hello (retried)', { clientId: 'c-1' });
    expect(again).toEqual({ message: first.message, replayed: true });
    expect(await listMessages(db, thread.id, { limit: 10 })).toHaveLength(1);
    expect(await threadUnread(db, thread.id, b.id)).toBe(1);
    // The same key from the other member is another message.
    const fromB = await send(thread, b, 'Hi', { clientId: 'c-1' });
    expect(fromB.replayed).toBe(false);
    expect(await listMessages(db, thread.id, { limit: 10 })).toHaveLength(2);
  });

  test('two concurrent sends with one client id store one message', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const results = await Promise.all(
      [1, 2, 3].map(() => send(thread, a, 'Once', { clientId: 'same-key' })),
    );
    expect(new Set(results.map((r) => r.message.id)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await threadUnread(db, thread.id, b.id)).toBe(1);
  });

  test('history pages by keyset: newest first, no gaps, no repeats, stable under new sends', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const sent: string[] = [];
    for (let i = 0; i < 23; i++) {
      // Several within one millisecond: ids still follow the sending order.
      const { message } = await send(thread, i % 3 ? a : b, `m${i}`, { createdAt: at(i >> 2) });
      sent.push(message.id);
    }
    const pages: string[][] = [];
    let before: string | undefined;
    for (;;) {
      const rows = await listMessages(db, thread.id, { before, limit: 10 + 1 });
      const page = rows.slice(0, 10);
      pages.push(page.map((m) => m.id));
      if (pages.length === 1) await send(thread, a, 'arrives while paging'); // not in older pages
      if (rows.length <= 10) break;
      before = page.at(-1)!.id;
    }
    expect(pages.map((p) => p.length)).toEqual([10, 10, 3]);
    expect(pages.flat()).toEqual([...sent].reverse());
    const texts = (await listMessages(db, thread.id, { limit: 3 })).map((m) => m.text);
    expect(texts).toEqual(['arrives while paging', 'm22', 'm21']);
  });

  test('message ids grow in sending order, even within one millisecond', () => {
    const when = new Date('2026-06-01T10:00:00Z');
    const ids = Array.from({ length: 5000 }, () => nextChatMessageId(when));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  test('edit changes the text and marks it edited; delete keeps the place without content', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const { message } = await send(thread, a, 'Helo');
    const edited = await db.transaction((tx) =>
      editMessage(tx, message.id, { text: 'Hello', at: at(60) }),
    );
    expect(edited).toMatchObject({ id: message.id, text: 'Hello', editedAt: at(60) });
    const found = await findMessage(db, message.id, b.id);
    expect(found?.message.text).toBe('Hello');
    expect(found?.thread.id).toBe(thread.id);
    expect(await findMessage(db, message.id, (await player()).id)).toBeNull();

    const deleted = await db.transaction(async (tx) => {
      expect((await findMessage(tx, message.id, a.id, { lock: true }))?.message.id).toBe(
        message.id,
      );
      return deleteMessage(tx, message.id, { at: at(120) });
    });
    expect(deleted.imageMediaId).toBeNull();
    expect(deleted.message).toMatchObject({ id: message.id, text: '', deletedAt: at(120) });
    const [listed] = await listMessages(db, thread.id, { limit: 5 });
    expect(listed).toMatchObject({ id: message.id, text: '', image: null });
    expect(listed?.deletedAt).not.toBeNull();
  });
});

describe('read pointers and unread counts', () => {
  test('count the partner’s messages after the pointer, through sends, reads and deletions', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const m1 = (await send(thread, a, 'one')).message;
    const m2 = (await send(thread, a, 'two')).message;
    const m3 = (await send(thread, a, 'three')).message;
    await send(thread, b, 'my own: never unread for me');
    expect(await threadUnread(db, thread.id, b.id)).toBe(3);
    expect(await threadUnread(db, thread.id, a.id)).toBe(1);
    expect(await unreadTotal(db, b.id)).toBe(3);

    expect(await read(thread, b, m1.id)).toMatchObject({ moved: true, unreadCount: 2 });
    // Deleting an unread message takes it off the count; a read one changes nothing.
    await db.transaction((tx) => deleteMessage(tx, m2.id, { at: new Date() }));
    expect(await threadUnread(db, thread.id, b.id)).toBe(1);
    await db.transaction((tx) => deleteMessage(tx, m1.id, { at: new Date() }));
    expect(await threadUnread(db, thread.id, b.id)).toBe(1);

    expect(await read(thread, b, m3.id)).toMatchObject({ moved: true, unreadCount: 0 });
    expect(await unreadTotal(db, b.id)).toBe(0);

    // A second conversation adds to the total.
    const c = await player();
    const other = await open(c, b);
    await send(other, c, 'hey');
    await send(other, c, 'there');
    expect(await unreadTotal(db, b.id)).toBe(2);
    expect(await unreadTotal(db, c.id)).toBe(0);
  });

  test('the pointer never moves back, and a message of another conversation is refused', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const m1 = (await send(thread, a, 'one')).message;
    const m2 = (await send(thread, a, 'two')).message;
    expect(await read(thread, b, m2.id)).toEqual({
      moved: true,
      unreadCount: 0,
      lastReadMessageId: m2.id,
    });
    expect(await read(thread, b, m1.id)).toEqual({
      moved: false,
      unreadCount: 0,
      lastReadMessageId: m2.id,
    });
    expect((await threadItem(db, thread.id, b.id))?.myLastReadMessageId).toBe(m2.id);
    expect((await threadItem(db, thread.id, a.id))?.partnerLastReadMessageId).toBe(m2.id);

    const elsewhere = await open(a, await player());
    const foreign = (await send(elsewhere, a, 'not yours')).message;
    expect(await read(thread, b, foreign.id)).toBeNull();
    expect(await read(thread, b, nextChatMessageId())).toBeNull();
  });
  test('sends, reads and deletions at the same time leave counts that match the messages', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    const seed = await Promise.all([1, 2, 3].map((i) => send(thread, a, `seed ${i}`)));
    const work: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      work.push(send(thread, a, `a${i}`));
      work.push(send(thread, b, `b${i}`));
      if (i % 3 === 0) {
        work.push(
          listMessages(db, thread.id, { limit: 1 }).then(([newest]) =>
            newest ? read(thread, b, newest.id) : null,
          ),
        );
      }
    }
    work.push(db.transaction((tx) => deleteMessage(tx, seed[1]!.message.id, { at: new Date() })));
    await Promise.all(work);

    const all = await listMessages(db, thread.id, { limit: 100 });
    for (const [me, partner] of [
      [a, b],
      [b, a],
    ] as const) {
      const item = (await threadItem(db, thread.id, me.id))!;
      const pointer = item.myLastReadMessageId;
      const expected = all.filter(
        (m) => m.senderId === partner.id && !m.deletedAt && (pointer === null || m.id > pointer),
      ).length;
      expect(item.unreadCount).toBe(expected);
      expect(await unreadTotal(db, me.id)).toBe(expected);
    }
    expect((await threadItem(db, thread.id, a.id))?.lastMessage?.id).toBe(all[0]!.id);
  });
});
