import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { markRefunded } from '@touchline/db/payments';
import { listDevMailbox } from '@touchline/db/emails';
import { findSms, saveVerifiedPhone, savePreferences } from '@touchline/db/reach';
import { DEFAULT_PREFERENCES, type JobPayload } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import {
  NOW,
  TRIAL_DATE,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  emailsTo,
  outboxEvents,
  payTestRegistration,
  registerTestPlayer,
  setTestOutcome,
} from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
/** The handlers' clock: tests move it. */
let now = NOW;
beforeAll(async () => {
  h = await createHandlerEnv(() => now);
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

const update = (
  key: string,
  registrationId: string,
  what: JobPayload<'notifications.registration_update'>['update'],
) =>
  h.run('notifications.registration_update', key, { eventId: key, registrationId, update: what });

const templates = async (to: string) => (await emailsTo(h.env.db, to)).map((e) => e.template);

describe('e-mail choices and trial SMS (issue 26, decision 54)', () => {
  it('trial e-mails turned off: the outcome is told in-app only, the refund (a payment) still by e-mail', async () => {
    const academy = await createTestAcademy(h.env.db, 'Surulere Prefs FC');
    const [quiet, keeps] = await Promise.all([1, 2].map(() => createTestPlayer(h.env.db)));
    await savePreferences(h.env.db, quiet!.id, {
      ...DEFAULT_PREFERENCES,
      trials: { push: true, email: false, sms: false },
    });
    const trialId = await createTestTrial(h.env.db, academy.id, {
      name: 'Surulere Trial',
      feeKobo: 300_000,
    });
    const r1 = await registerTestPlayer(h.env.db, trialId, quiet!.id, {
      email: quiet!.email,
    });
    const r2 = await registerTestPlayer(h.env.db, trialId, keeps!.id, {
      email: keeps!.email,
    });
    await payTestRegistration(h.env.db, r1.payment!);
    await payTestRegistration(h.env.db, r2.payment!);
    for (const r of [r1, r2]) {
      await setTestOutcome(h.env.db, {
        registrationId: r.registration.id,
        academyId: academy.id,
        status: 'selected',
      });
    }
    await update('pref-s1', r1.registration.id, 'selected');
    await update('pref-s2', r2.registration.id, 'selected');

    // In-app is always on.
    expect((await listNotifications(h.env.db, quiet!.id, 5)).map((n) => n.text)).toEqual([
      'You have been selected at Surulere Trial',
    ]);
    expect(await templates(quiet!.email)).toEqual([]);
    // The defaults keep trial e-mails on.
    expect(await templates(keeps!.email)).toEqual(['trials.outcome']);

    // A refund follows the payments choice (on by default), not the trials one.
    await markRefunded(h.env.db, { paymentId: r1.payment!.id, refundReference: 'rf_p', now: NOW });
    await update('pref-f1', r1.registration.id, 'refunded');
    expect(await templates(quiet!.email)).toEqual(['trials.refund']);
  });

  it('a trial reminder goes by SMS to a verified phone when chosen, and not by e-mail when that is off', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Ikeja Remind SMS FC');
    const trialId = await createTestTrial(h.env.db, academy.id, { name: 'Ikeja Sunday Trial' });
    const player = await createTestPlayer(h.env.db);
    const phone = '+2348071112222';
    await saveVerifiedPhone(h.env.db, player.id, phone, NOW);
    await savePreferences(h.env.db, player.id, {
      ...DEFAULT_PREFERENCES,
      trials: { push: false, email: false, sms: true },
    });
    await registerTestPlayer(h.env.db, trialId, player.id, { email: player.email });

    // The day before the trial (09:00 Lagos on TRIAL_DATE), at 11:00 Lagos: outside quiet hours.
    now = new Date(`${TRIAL_DATE}T08:00:00Z`);
    now = new Date(now.getTime() - 22 * 3600_000);
    await h.run('trials.remind', 'remind-sms', {});
    const [notice] = await listNotifications(h.env.db, player.id, 1);
    expect(notice!.text).toBe('Reminder: Ikeja Sunday Trial is tomorrow');
    expect(await templates(player.email)).toEqual([]);

    // The notice leaves for the outside through the outbox (the relay makes it a push.send job).
    const stored = await outboxEvents(h.env.db, 'notification.stored');
    expect(stored.filter((p) => p.notificationId === notice!.id)).toHaveLength(1);
    await h.run('push.send', 'remind-sms-push', { notificationId: notice!.id });
    const queued = (await outboxEvents(h.env.db, 'sms.queued')) as { smsId: string }[];
    const mine = [];
    for (const { smsId } of queued)
      if ((await findSms(h.env.db, smsId))?.to === phone) mine.push(smsId);
    expect(mine).toHaveLength(1);
    await h.run('sms.send', mine[0]!, { smsId: mine[0]! });
    const [sms] = await listDevMailbox(h.env.db, { to: phone, limit: 5 });
    expect(sms!.subject).toBe('SMS: Reminder: Ikeja Sunday Trial is tomorrow');
    now = NOW;
  });

  it('payment e-mails turned off: no refund e-mail; the receipt always goes', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Yaba Prefs FC');
    const player = await createTestPlayer(h.env.db);
    await savePreferences(h.env.db, player.id, {
      ...DEFAULT_PREFERENCES,
      trials: { push: true, email: false, sms: false },
      payments: { push: true, email: false, sms: false },
    });
    const trialId = await createTestTrial(h.env.db, academy.id, {
      name: 'Yaba Paid Trial',
      feeKobo: 200_000,
    });
    const r = await registerTestPlayer(h.env.db, trialId, player.id, {
      email: player.email,
    });
    await payTestRegistration(h.env.db, r.payment!);
    await update('pay-r1', r.registration.id, 'confirmed');
    await markRefunded(h.env.db, { paymentId: r.payment!.id, refundReference: 'rf_q', now: NOW });
    await update('pay-f1', r.registration.id, 'refunded');
    expect(await templates(player.email)).toEqual(['trials.registration_receipt']);
    expect((await listNotifications(h.env.db, player.id, 5)).map((n) => n.text)).toContain(
      'Your payment for Yaba Paid Trial has been refunded',
    );
  });
});
