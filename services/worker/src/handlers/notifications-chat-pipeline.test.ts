import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage, markRead, openThread } from '@touchline/db/chat';
import { listNotifications } from '@touchline/db/notifications';
import { appendEvent } from '@touchline/db/outbox';
import { createTestUser } from '@touchline/db/testing';
import type { JobHandlers } from '@touchline/drivers';
import { waitFor } from '@touchline/drivers/testing';
import { createOutboxRelay } from '../relay';
import { createHandlerEnv } from '../testing/handler-env';
import { silentLogger } from '../testing/worker-env';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
/** Messages whose notification job has finished (whatever it decided). */
const handled = new Set<string>();
beforeAll(async () => {
  h = await createHandlerEnv();
  const chat = h.handlers['notifications.chat_message'];
  const handlers: JobHandlers = {
    ...h.handlers,
    'notifications.chat_message': async (job) => {
      await chat(job);
      handled.add(job.data.messageId);
    },
  };
  await h.drivers.queue.process(handlers);
}, 120_000);
afterAll(async () => {
  await h?.drivers.close();
  await h?.env.close();
});

describe('chat notifications through the event pipeline', () => {
  it('a receiver away from the conversation is told after the delay; one reading it is not', async () => {
    const relay = createOutboxRelay({ db: h.env.db, queue: h.drivers.queue, logger: silentLogger });
    const ada = await createTestUser(h.env.db, { username: 'Ada Pipeline' });
    const bola = await createTestUser(h.env.db, { username: 'Bola Pipeline' });
    const cara = await createTestUser(h.env.db, { username: 'Cara Pipeline' });
    /** As the API's send transaction leaves it: the message and its event together. */
    const send = (from: string, to: string, text: string) =>
      h.env.db.transaction(async (tx) => {
        const thread = await openThread(tx, from, to);
        const { message } = await insertMessage(tx, { threadId: thread.id, senderId: from, text });
        await appendEvent(tx, { type: 'chat.message_sent', payload: { messageId: message.id } });
        return { thread, message };
      });

    // Bola has the conversation with Ada open: the client marks the message read at once.
    const read = await send(ada.id, bola.id, 'Kick-off is at 4');
    await h.env.db.transaction((tx) => markRead(tx, read.thread.id, bola.id, read.message.id));
    // Cara is elsewhere.
    const away = await send(ada.id, cara.id, 'Kick-off is at 4');
    await relay.drain();

    await waitFor(
      async () => handled.has(read.message.id) && handled.has(away.message.id),
      'both notification jobs',
      60_000,
    );
    expect(await listNotifications(h.env.db, bola.id, 5)).toHaveLength(0);
    const [told, ...more] = await listNotifications(h.env.db, cara.id, 5);
    expect(more).toHaveLength(0);
    expect(told).toMatchObject({
      kind: 'message',
      text: 'New message from Ada Pipeline',
      link: `/chat/${away.thread.name}`,
    });
  });
});
