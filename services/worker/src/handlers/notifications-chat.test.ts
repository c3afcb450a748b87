import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { deleteMessage, insertMessage, markRead, openThread } from '@touchline/db/chat';
import { createTestUser } from '@touchline/db/testing';
import { listNotifications, markNotificationRead } from '@touchline/db/notifications';
import { lastUserSeq, listUserEventsSince } from '@touchline/db/user-events';
import { insertBlock } from '@touchline/db/social';
import { setUserActive } from '@touchline/db/users';
import { userChannel, type BusMessage } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv();
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

let events = 0;
/** Runs the job as the relay would for a fresh `chat.message_sent` event (or a given one again). */
const notify = (messageId: string, eventId = `chat-${++events}`) =>
  h.run('notifications.chat_message', eventId, { eventId, messageId });
const rows = (userId: string) => listNotifications(h.env.db, userId, 20);

let n = 0;
const person = (name: string) => createTestUser(h.env.db, { username: `${name} ${++n}` });

/** Two people with a conversation; `send(from, text)` stores a message the way the API does. */
async function conversation() {
  const ada = await person('Ada');
  const bola = await person('Bola');
  const thread = await h.env.db.transaction((tx) => openThread(tx, ada.id, bola.id));
  const send = async (from: { id: string }, text: string) => {
    const { message } = await h.env.db.transaction((tx) =>
      insertMessage(tx, { threadId: thread.id, senderId: from.id, text }),
    );
    return message;
  };
  return { ada, bola, thread, send };
}

describe('notifications.chat_message', () => {
  it('tells the receiver once per event, linked to the conversation, live in their stream', async () => {
    const { ada, bola, thread, send } = await conversation();
    const received: BusMessage[] = [];
    await h.drivers.bus.subscribe(userChannel(bola.id), (m) => received.push(m as BusMessage));
    const message = await send(ada, 'Are you coming for training on Saturday?');

    await notify(message.id, 'chat-once');
    await notify(message.id, 'chat-once');

    const [row, ...others] = await rows(bola.id);
    expect(others).toHaveLength(0);
    expect(row).toMatchObject({
      kind: 'message',
      text: `New message from ${ada.username}`,
      link: `/chat/${thread.name}`,
      actorId: ada.id,
      readAt: null,
    });
    expect(await rows(ada.id)).toHaveLength(0);
    expect(await lastUserSeq(h.env.db, bola.id)).toBe(1);
    const [stored] = await listUserEventsSince(h.env.db, bola.id, 0, 10);
    expect(stored).toMatchObject({
      seq: 1,
      type: 'notification',
      data: { id: row!.id, text: `New message from ${ada.username}`, unread: 1 },
    });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 30_000 });
    expect(received[0]).toMatchObject({
      kind: 'stored',
      event: { type: 'notification', seq: 1, data: { id: row!.id, link: `/chat/${thread.name}` } },
    });
  });

  it('keeps one unread notification per conversation until the receiver reads it', async () => {
    const { ada, bola, send } = await conversation();
    await notify((await send(ada, 'Hello')).id);
    await notify((await send(ada, 'Did you see the Super Eagles?')).id);
    await notify((await send(ada, 'Osimhen!!')).id);
    const first = await rows(bola.id);
    expect(first).toHaveLength(1);

    // Another conversation has its own.
    const cara = await person('Cara');
    const other = await h.env.db.transaction((tx) => openThread(tx, cara.id, bola.id));
    const fromCara = await h.env.db.transaction((tx) =>
      insertMessage(tx, { threadId: other.id, senderId: cara.id, text: 'Hi Bola' }),
    );
    await notify(fromCara.message.id);
    expect((await rows(bola.id)).map((r) => r.text).sort()).toEqual(
      [`New message from ${cara.username}`, `New message from ${ada.username}`].sort(),
    );

    // Once read, the next message notifies again.
    await markNotificationRead(h.env.db, bola.id, first[0]!.id, new Date());
    await notify((await send(ada, 'Training is at 4pm')).id);
    const after = (await rows(bola.id)).filter((r) => r.actorId === ada.id);
    expect(after.map((r) => r.readAt === null).sort()).toEqual([false, true]);
  });

  it('brings the unread notification back when the receiver read the conversation without opening it', async () => {
    const { ada, bola, thread, send } = await conversation();
    const first = await send(ada, 'Hello');
    await notify(first.id);
    const [before] = await rows(bola.id);
    const seqBefore = await lastUserSeq(h.env.db, bola.id);

    // Bola reads the conversation on the Messages page; the bell's notification stays unread.
    await h.env.db.transaction((tx) => markRead(tx, thread.id, bola.id, first.id));
    const next = await send(ada, 'Training moved to 5pm');
    await notify(next.id, 'chat-back');

    const after = await rows(bola.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: before!.id, readAt: null, actorId: ada.id });
    expect(after[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before!.createdAt.getTime());
    expect(await lastUserSeq(h.env.db, bola.id)).toBe(seqBefore + 1);
    const events = await listUserEventsSince(h.env.db, bola.id, seqBefore, 10);
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['notification', expect.objectContaining({ id: before!.id, unread: 1 })],
    ]);

    // While it stands for the unread message, more messages add nothing, even rerun.
    await notify((await send(ada, 'Bring your boots')).id);
    await notify(next.id, 'chat-back');
    expect(await rows(bola.id)).toEqual(after);
    expect(await lastUserSeq(h.env.db, bola.id)).toBe(seqBefore + 1);
  });

  it('says nothing when the receiver was reading the conversation', async () => {
    const { ada, bola, thread, send } = await conversation();
    const earlier = await send(ada, 'First');
    const later = await send(ada, 'Second');
    await h.env.db.transaction((tx) => markRead(tx, thread.id, bola.id, later.id));
    await notify(earlier.id);
    await notify(later.id);
    expect(await rows(bola.id)).toHaveLength(0);
    expect(await lastUserSeq(h.env.db, bola.id)).toBe(0);

    // Bola's reply is news to Ada: her read pointer is still before it.
    const reply = await send(bola, 'I saw both');
    await notify(reply.id);
    expect((await rows(ada.id)).map((r) => r.text)).toEqual([`New message from ${bola.username}`]);
  });

  it('says nothing for a deleted message, an inactive or a blocked sender', async () => {
    const { ada, bola, send } = await conversation();
    const deleted = await send(ada, 'Oops, wrong chat');
    await h.env.db.transaction((tx) => deleteMessage(tx, deleted.id, { at: new Date() }));
    await notify(deleted.id);

    const blocked = await send(ada, 'Hello?');
    await insertBlock(h.env.db, bola.id, ada.id);
    await notify(blocked.id);

    const other = await conversation();
    const gone = await other.send(other.ada, 'Bye');
    await setUserActive(h.env.db, other.ada.id, false);
    await notify(gone.id);

    expect(await rows(bola.id)).toHaveLength(0);
    expect(await rows(other.bola.id)).toHaveLength(0);
  });

  it('gives one notification when two messages of a conversation are processed at once or out of order', async () => {
    const { ada, bola, send } = await conversation();
    const one = await send(ada, 'Are you there?');
    const two = await send(ada, 'Call me when you can');
    await Promise.all([notify(one.id), notify(two.id)]);
    expect(await rows(bola.id)).toHaveLength(1);
    expect(await lastUserSeq(h.env.db, bola.id)).toBe(1);

    // Out of order: the later message's job first, then the earlier one's adds nothing.
    const other = await conversation();
    const early = await other.send(other.ada, 'Good morning');
    const late = await other.send(other.ada, 'Are you awake?');
    await notify(late.id);
    await notify(early.id);
    expect(await rows(other.bola.id)).toHaveLength(1);
    expect(await lastUserSeq(h.env.db, other.bola.id)).toBe(1);
  });
});
