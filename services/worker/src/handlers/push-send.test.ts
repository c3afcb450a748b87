import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertMessage, openThread } from '@touchline/db/chat';
import { listNotifications } from '@touchline/db/notifications';
import {
  listPushSubscriptions,
  savePreferences,
  upsertPushSubscription,
} from '@touchline/db/reach';
import { createTestUser } from '@touchline/db/testing';
import { deliverNotices } from '@touchline/delivery';
import type { JobHandlers } from '@touchline/drivers';
import { startFakePushService, waitFor, type FakePushService } from '@touchline/drivers/testing';
import { DEFAULT_PREFERENCES, pushPayloadSchema } from '@touchline/shared';
import { createOutboxRelay } from '../relay';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import { silentLogger } from '../testing/worker-env';
import { publisherFor } from './delivery';
import { createPushSendHandler } from './push-send';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

/** The fake clock every handler reads: noon in Lagos unless a test moves it. */
let now = new Date('2026-11-28T11:00:00Z');
let fake: FakePushService;
let h: HandlerEnv;
beforeAll(async () => {
  fake = await startFakePushService();
  h = await createHandlerEnv(() => now, { PUSH_ENDPOINT_HOSTS: fake.host });
}, 120_000);
afterAll(async () => {
  await h?.drivers.close();
  await h?.env.close();
  await fake?.close();
});

let n = 0;
const adult = (name: string) =>
  createTestUser(h.env.db, { username: `${name} ${++n}`, dob: '1998-04-02' });

/** A device of `userId` subscribed the way `POST /api/push/subscriptions` stores it. */
async function subscribe(userId: string) {
  const device = fake.newDevice();
  await upsertPushSubscription(h.env.db, {
    userId,
    endpoint: device.subscription.endpoint,
    p256dh: device.subscription.keys.p256dh,
    auth: device.subscription.keys.auth,
  });
  return device;
}

/** Stores a notice through the one delivery path; answers its row. */
async function notice(userId: string, kind: 'message' | 'like' | 'friend_request', text: string) {
  const key = `push-test-${++n}`;
  await deliverNotices({ db: h.env.db, publisher: publisherFor(h.drivers.bus) }, [
    { userId, actorId: null, kind, text, link: `/somewhere/${n}`, sourceKey: key },
  ]);
  const [row] = await listNotifications(h.env.db, userId, 1);
  return row!;
}
const push = (notificationId: string, key = notificationId) =>
  h.run('push.send', key, { notificationId });
const decoded = (payload: string | null) => pushPayloadSchema.parse(JSON.parse(payload ?? 'null'));

describe('push.send through the event pipeline', () => {
  it('a subscribed player gets an encrypted push for a chat message within 2 s that decrypts to the in-app text', async () => {
    const handlers: JobHandlers = { ...h.handlers };
    await h.drivers.queue.process(handlers, { queues: ['push'] });
    const relay = createOutboxRelay({ db: h.env.db, queue: h.drivers.queue, logger: silentLogger });
    const ada = await adult('Ada');
    const bola = await adult('Bola');
    const device = await subscribe(bola.id);
    const thread = await h.env.db.transaction((tx) => openThread(tx, ada.id, bola.id));
    const { message } = await h.env.db.transaction((tx) =>
      insertMessage(tx, { threadId: thread.id, senderId: ada.id, text: 'Training at 4?' }),
    );

    // The chat notice job stores the in-app notice through the delivery path; the push follows.
    await h.run('notifications.chat_message', 'push-chat-1', {
      eventId: 'push-chat-1',
      messageId: message.id,
    });
    await relay.drain();
    await waitFor(() => fake.pushesTo(device.id).length > 0, 'the push', 30_000);

    const [inApp] = await listNotifications(h.env.db, bola.id, 1);
    const [received] = fake.pushesTo(device.id);
    expect(received!.vapidValid).toBe(true);
    expect(received!.vapidKey).toBe(h.drivers.push.publicKey);
    expect(received!.urgency).toBe('high');
    expect(decoded(received!.payload)).toEqual({
      title: 'Touchline',
      body: inApp!.text,
      link: `/chat/${thread.name}`,
      tag: `chat:/chat/${thread.name}`,
    });
    expect(inApp!.text).toBe(`New message from ${ada.username}`);
    // The message itself never leaves in the push: only the in-app text.
    expect(received!.payload).not.toContain('Training at 4?');
  });
});

describe('push.send', () => {
  it('pushes to every device of the user once, however often the job runs', async () => {
    const bola = await adult('Bola');
    const phone = await subscribe(bola.id);
    const laptop = await subscribe(bola.id);
    const row = await notice(bola.id, 'friend_request', 'Ada sent you a friend request');
    await push(row.id, 'twice');
    await push(row.id, 'twice-again');
    expect(fake.pushesTo(phone.id)).toHaveLength(1);
    expect(fake.pushesTo(laptop.id)).toHaveLength(1);
    expect(decoded(fake.pushesTo(laptop.id)[0]!.payload).body).toBe(
      'Ada sent you a friend request',
    );
  });

  it('a 410 from the push service removes the subscription', async () => {
    const bola = await adult('Bola');
    const device = await subscribe(bola.id);
    fake.markGone(device.id);
    const row = await notice(bola.id, 'message', 'New message from Ada');
    await push(row.id);
    expect(await listPushSubscriptions(h.env.db, bola.id)).toHaveLength(0);
  });

  it('a push service outage fails the job for a retry that reaches only the devices still owed', async () => {
    const bola = await adult('Bola');
    const up = await subscribe(bola.id);
    const down = await subscribe(bola.id);
    fake.setFailing(down.id, true);
    const row = await notice(bola.id, 'message', 'New message from Ada');
    await expect(push(row.id)).rejects.toThrow(/503/);
    fake.setFailing(down.id, false);
    await push(row.id);
    expect(fake.pushesTo(up.id)).toHaveLength(1);
    expect(fake.pushesTo(down.id)).toHaveLength(1);
    expect(await listPushSubscriptions(h.env.db, bola.id)).toHaveLength(2);
  });

  it('a preference turned off sends nothing', async () => {
    const bola = await adult('Bola');
    const device = await subscribe(bola.id);
    await savePreferences(h.env.db, bola.id, {
      ...DEFAULT_PREFERENCES,
      messages: { push: false, email: false, sms: false },
    });
    await push((await notice(bola.id, 'message', 'New message from Ada')).id);
    // Likes are off by default.
    await push((await notice(bola.id, 'like', 'Ada liked your post')).id);
    expect(fake.pushesTo(device.id)).toHaveLength(0);
    // Friends stay on.
    await push((await notice(bola.id, 'friend_request', 'Ada sent you a friend request')).id);
    expect(fake.pushesTo(device.id)).toHaveLength(1);
  });

  it("quiet hours hold a minor's push until 07:00 in Lagos; an adult's goes at once", async () => {
    const added: {
      delayMs: number | undefined;
      jobId: string;
      data: { notificationId: string };
    }[] = [];
    const handler = createPushSendHandler({
      db: h.env.db,
      push: h.drivers.push,
      secretBox: h.drivers.secretBox,
      clock: () => now,
      queue: {
        add: async (_name, data, options) => {
          added.push({ delayMs: options.delayMs, jobId: options.jobId, data: data as never });
        },
      },
    });
    const minor = await createTestUser(h.env.db, { username: `Chidi ${++n}`, dob: '2012-05-01' });
    const grownUp = await adult('Dayo');
    const child = await subscribe(minor.id);
    const parent = await subscribe(grownUp.id);
    now = new Date('2026-11-28T21:30:00Z'); // 22:30 in Lagos
    try {
      const forChild = await notice(minor.id, 'message', 'New message from Coach');
      const forAdult = await notice(grownUp.id, 'message', 'New message from Coach');
      await runJob(handler, 'push.send', 'night-child', { notificationId: forChild.id });
      await runJob(handler, 'push.send', 'night-adult', { notificationId: forAdult.id });
      expect(fake.pushesTo(parent.id)).toHaveLength(1);
      expect(fake.pushesTo(child.id)).toHaveLength(0);
      // Held: added again to run at 07:00 Lagos (06:00 UTC), 8 h 30 min later.
      expect(added).toEqual([
        {
          jobId: `push.send:held:${forChild.id}`,
          delayMs: 8.5 * 3600_000,
          data: { notificationId: forChild.id },
        },
      ]);

      now = new Date('2026-11-29T06:00:00Z'); // 07:00 in Lagos: the held job runs
      await runJob(handler, 'push.send', 'morning-child', added[0]!.data);
      expect(fake.pushesTo(child.id)).toHaveLength(1);
      expect(decoded(fake.pushesTo(child.id)[0]!.payload).body).toBe('New message from Coach');
    } finally {
      now = new Date('2026-11-28T11:00:00Z');
    }
  });

  it('never contacts an endpoint off PUSH_ENDPOINT_HOSTS, and drops it', async () => {
    const bola = await adult('Bola');
    await upsertPushSubscription(h.env.db, {
      userId: bola.id,
      endpoint: 'http://127.0.0.1:1/push/internal-admin',
      p256dh: fake.newDevice().subscription.keys.p256dh,
      auth: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
    await push((await notice(bola.id, 'message', 'New message from Ada')).id);
    expect(await listPushSubscriptions(h.env.db, bola.id)).toHaveLength(0);
  });
});
