import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { findSms, saveVerifiedPhone, savePreferences } from '@touchline/db/reach';
import { createTestUser } from '@touchline/db/testing';
import { deliverNotices } from '@touchline/delivery';
import { startFakeTermii, type FakeTermii } from '@touchline/drivers/testing';
import { DEFAULT_PREFERENCES } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import { publisherFor } from './delivery';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

/** The `sms.queued` events written so far (the relay is not running: they stay in the outbox). */
const smsQueued = () =>
  h.env.db.select().from(schema.outbox).where(eq(schema.outbox.type, 'sms.queued'));

let termii: FakeTermii;
let h: HandlerEnv;
const now = new Date('2026-11-28T11:00:00Z');
beforeAll(async () => {
  termii = await startFakeTermii('termii-worker-key');
  h = await createHandlerEnv(() => now, {
    SMS_PROVIDER: 'termii',
    TERMII_API_KEY: 'termii-worker-key',
    TERMII_BASE_URL: termii.url,
  });
}, 120_000);
afterAll(async () => {
  await h?.drivers.close();
  await h?.env.close();
  await termii?.close();
});

describe('SMS for notices', () => {
  it('a selection outcome goes by SMS to a verified phone when chosen, through Termii, and an outage only delays it', async () => {
    const ada = await createTestUser(h.env.db, { username: 'Ada Sms', dob: '1999-01-01' });
    await saveVerifiedPhone(h.env.db, ada.id, '+2348031112222', now);
    await savePreferences(h.env.db, ada.id, {
      ...DEFAULT_PREFERENCES,
      trials: { push: true, email: true, sms: true },
    });
    await deliverNotices({ db: h.env.db, publisher: publisherFor(h.drivers.bus) }, [
      {
        userId: ada.id,
        actorId: null,
        kind: 'registration_update',
        text: 'You have been selected at Lagos Stars Open Trial',
        link: '/trial_history',
        sourceKey: 'sms-selected-1',
      },
    ]);
    const [notice] = await listNotifications(h.env.db, ada.id, 1);
    await h.run('push.send', 'sms-1', { notificationId: notice!.id });
    await h.run('push.send', 'sms-1-again', { notificationId: notice!.id });

    const queued = await smsQueued();
    expect(queued).toHaveLength(1);
    const smsId = (queued[0]!.payload as { smsId: string }).smsId;

    termii.state.down = true;
    await expect(h.run('sms.send', smsId, { smsId })).rejects.toThrow(/503/);
    expect((await findSms(h.env.db, smsId))!.status).toBe('queued');
    termii.state.down = false;
    await h.run('sms.send', smsId, { smsId });
    await h.run('sms.send', smsId, { smsId });
    expect(termii.sent).toEqual([
      {
        to: '2348031112222',
        from: 'Touchline',
        sms: 'You have been selected at Lagos Stars Open Trial',
        type: 'plain',
        channel: 'generic',
      },
    ]);
    expect((await findSms(h.env.db, smsId))!.status).toBe('sent');
  });

  it('likes never go by SMS, and nothing goes without a verified phone', async () => {
    const bola = await createTestUser(h.env.db, { username: 'Bola Sms', dob: '1999-01-01' });
    await savePreferences(h.env.db, bola.id, {
      ...DEFAULT_PREFERENCES,
      likes: { push: false, email: false, sms: true },
      trials: { push: false, email: false, sms: true },
    });
    await deliverNotices({ db: h.env.db, publisher: publisherFor(h.drivers.bus) }, [
      {
        userId: bola.id,
        actorId: null,
        kind: 'registration_update',
        text: 'You have been selected at Abuja Hoops',
        link: '/trial_history',
        sourceKey: 'sms-nophone-1',
      },
    ]);
    const [notice] = await listNotifications(h.env.db, bola.id, 1);
    await h.run('push.send', 'sms-2', { notificationId: notice!.id });
    await saveVerifiedPhone(h.env.db, bola.id, '+2348031113333', now);
    await deliverNotices({ db: h.env.db, publisher: publisherFor(h.drivers.bus) }, [
      {
        userId: bola.id,
        actorId: null,
        kind: 'like',
        text: 'Ada liked your post',
        link: '/post/1',
        sourceKey: 'sms-like-1',
      },
    ]);
    const [like] = await listNotifications(h.env.db, bola.id, 1);
    await h.run('push.send', 'sms-3', { notificationId: like!.id });
    const queued = await smsQueued();
    expect(queued).toHaveLength(1); // only the first test's
  });

  it('maintenance.prune forgets SMS after 30 days', async () => {
    const ada = await createTestUser(h.env.db, { username: 'Ada Prune', dob: '1999-01-01' });
    const old = await h.env.db
      .insert(schema.smsMessages)
      .values({
        userId: ada.id,
        to: '+2348031114444',
        sealedText: h.drivers.secretBox.seal('old'),
        createdAt: new Date(now.getTime() - 31 * 24 * 3600_000),
      })
      .returning({ id: schema.smsMessages.id });
    await h.run('maintenance.prune', 'prune-sms', {});
    expect(await findSms(h.env.db, old[0]!.id)).toBeNull();
  });
});
