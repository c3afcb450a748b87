import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { insertBlock, insertFollow } from '@touchline/db/social';
import { cancelTrial } from '@touchline/db/trials';
import { expireHold } from '@touchline/db/trials';
import { markRefunded } from '@touchline/db/payments';
import { userChannel, type BusMessage, type JobPayload } from '@touchline/shared';
import { createHandlerEnv, runJob } from '../testing/handler-env';
import {
  NOW,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  delivered,
  emailsTo,
  payTestRegistration,
  registerTestPlayer,
  setTestOutcome,
} from '../testing/trial-fixtures';
import { createNewTrialNotificationsHandler } from './notifications-trial-new';
import { createTrialCancelledNotificationsHandler } from './notifications-trial-cancelled';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

let n = 0;
const unique = (name: string) => `${name} ${++n}`;
const rows = (userId: string) => listNotifications(h.env.db, userId, 20);
const texts = async (userId: string) => (await rows(userId)).map((r) => r.text);

/** Collects the bus messages of a user's channel (what their open tabs receive). */
async function listen(userId: string) {
  const received: BusMessage[] = [];
  await h.drivers.bus.subscribe(userChannel(userId), (m) => received.push(m as BusMessage));
  return received;
}

/** Sends every e-mail queued for the address and answers the mailbox copies (oldest first). */
async function mailbox(to: string) {
  const queued = await emailsTo(h.env.db, to);
  const out = [];
  for (const email of queued) {
    await h.run('email.send', email.id, { emailId: email.id });
    out.push({ template: email.template, ...(await delivered(h.env.db, email.id))! });
  }
  return out;
}

const update = (
  key: string,
  registrationId: string,
  what: JobPayload<'notifications.registration_update'>['update'],
) =>
  h.run('notifications.registration_update', key, { eventId: key, registrationId, update: what });

describe('trial notifications', () => {
  it('a new trial: every follower, in batches, once however often it runs; live', async () => {
    const academy = await createTestAcademy(h.env.db, unique('Lagos FC'));
    const followers = await Promise.all(
      Array.from({ length: 5 }, () => createTestPlayer(h.env.db)),
    );
    for (const f of followers) await insertFollow(h.env.db, f.id, academy.id);
    await insertBlock(h.env.db, followers[0]!.id, academy.id);
    const stranger = await createTestPlayer(h.env.db);
    const received = await listen(followers[4]!.id);
    const trialId = await createTestTrial(h.env.db, academy.id);
    const handle = createNewTrialNotificationsHandler({
      ...h.drivers,
      db: h.env.db,
      batchSize: 2,
    });

    await runJob(handle, 'notifications.new_trial', 't1', { eventId: 't1', trialId });
    await runJob(handle, 'notifications.new_trial', 't1', { eventId: 't1', trialId });
    for (const f of followers.slice(1)) {
      const [row, ...more] = await rows(f.id);
      expect(more).toEqual([]);
      expect(row).toMatchObject({
        kind: 'new_trial',
        text: `${academy.username} added a new trial`,
        link: `/trial_details/${trialId}`,
        actorId: academy.id,
      });
    }
    expect(await texts(followers[0]!.id)).toEqual([]);
    expect(await texts(stranger.id)).toEqual([]);
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received[0]).toMatchObject({
      kind: 'stored',
      event: { type: 'notification', data: { kind: 'new_trial' } },
    });
  });

  it('a new registration: the academy, live on its open tabs; a free one confirms the player with a receipt', async () => {
    const academy = await createTestAcademy(h.env.db, unique('Ikeja Stars'));
    const player = await createTestPlayer(h.env.db);
    const trialId = await createTestTrial(h.env.db, academy.id, { name: 'Ikeja <Open> Trial' });
    const tab1 = await listen(academy.id);
    const { registration } = await registerTestPlayer(h.env.db, trialId, player.id, {
      name: 'Ada Obi',
      email: 'ada.free@example.test',
    });

    const payload = { eventId: 'r1', registrationId: registration.id };
    await h.run('notifications.registration', 'r1', payload);
    await h.run('notifications.registration', 'r1', payload);
    const [row, ...more] = await rows(academy.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: 'trial_registration',
      text: 'Ada Obi registered for Ikeja <Open> Trial',
      link: `/academy/trial_details/${trialId}`,
      actorId: player.id,
    });
    await vi.waitFor(() => expect(tab1).toHaveLength(1), { timeout: 10_000 });
    expect(tab1[0]).toMatchObject({
      kind: 'stored',
      event: { type: 'notification', data: { kind: 'trial_registration', unread: 1 } },
    });

    expect(await rows(player.id)).toMatchObject([
      {
        kind: 'registration_update',
        text: 'Your registration for Ikeja <Open> Trial is confirmed',
        link: `/trial_details/${trialId}`,
      },
    ]);
    const [receipt, ...others] = await mailbox(player.email);
    // The form's address gets nothing: trial e-mails go to the account's (issue 25 item 10).
    expect(await emailsTo(h.env.db, 'ada.free@example.test')).toEqual([]);
    expect(others).toEqual([]);
    expect(receipt!.template).toBe('trials.registration_receipt');
    expect(receipt!.subject).toBe('You are registered for Ikeja <Open> Trial');
    expect(receipt!.text).toContain(`Reference code: ${registration.referenceCode}`);
    expect(receipt!.text).toContain('Amount paid: Free');
    // The reference code's QR code, shown in place (a PNG; an inline part over SMTP).
    expect(receipt!.html).toContain(
      `alt="QR code of your reference code ${registration.referenceCode}"`,
    );
    expect(receipt!.html).toMatch(/<img src="data:image\/png;base64,iVBORw0KGgo[^"]+"/);
    expect(receipt!.html).not.toContain('cid:');
    expect(receipt!.html).toContain('Ikeja &lt;Open&gt; Trial');
    expect(receipt!.html).not.toContain('<Open>');
  });

  it('a paid registration tells the academy; its confirmation sends the player the receipt with the amount and tells the academy it was paid', async () => {
    const academy = await createTestAcademy(h.env.db, unique('Surulere United'));
    const player = await createTestPlayer(h.env.db);
    const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo: 1_250_000 });
    const { registration, payment } = await registerTestPlayer(h.env.db, trialId, player.id, {
      email: 'ada.paid@example.test',
    });
    await h.run('notifications.registration', 'r2', {
      eventId: 'r2',
      registrationId: registration.id,
    });
    expect(await texts(academy.id)).toEqual(['Ada Obi registered for Lagos Under-19 Open Trial']);
    expect(await texts(player.id)).toEqual([]);

    await payTestRegistration(h.env.db, payment!);
    await update('c1', registration.id, 'confirmed');
    await update('c1', registration.id, 'confirmed');
    expect(await rows(player.id)).toMatchObject([
      {
        kind: 'registration_update',
        text: 'Your registration for Lagos Under-19 Open Trial is confirmed',
        link: `/trial_details/${trialId}`,
        actorId: academy.id,
      },
    ]);
    expect(await rows(academy.id)).toMatchObject([
      {
        kind: 'trial_registration',
        text: 'Ada Obi paid for Lagos Under-19 Open Trial',
        link: `/academy/trial_details/${trialId}`,
      },
      { text: 'Ada Obi registered for Lagos Under-19 Open Trial' },
    ]);
    const [receipt, ...others] = await mailbox(player.email);
    expect(await emailsTo(h.env.db, 'ada.paid@example.test')).toEqual([]);
    expect(others).toEqual([]);
    expect(receipt!.subject).toBe(
      'Payment received: you are registered for Lagos Under-19 Open Trial',
    );
    expect(receipt!.text).toContain('We received your payment of ₦12,500');
    expect(receipt!.text).toContain(`Reference code: ${registration.referenceCode}`);
    expect(receipt!.text).toContain(`Payment reference: ${payment!.reference}`);
    expect(receipt!.text).toContain('Saturday, 20 June 2026 at 09:00');
    expect(receipt!.html).toContain('₦12,500');
  });

  it('selection outcome, expiry and refund: the player, each with its text and e-mail', async () => {
    const academy = await createTestAcademy(h.env.db, unique('Yaba Rovers'));
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => createTestPlayer(h.env.db)));
    const trialId = await createTestTrial(h.env.db, academy.id, {
      name: 'Yaba Trial',
      feeKobo: 500_000,
    });
    const r1 = await registerTestPlayer(h.env.db, trialId, p1!.id, { email: 'p1@example.test' });
    const r2 = await registerTestPlayer(h.env.db, trialId, p2!.id, { email: 'p2@example.test' });
    const r3 = await registerTestPlayer(h.env.db, trialId, p3!.id, { email: 'p3@example.test' });
    await payTestRegistration(h.env.db, r1.payment!);
    await payTestRegistration(h.env.db, r2.payment!);

    await setTestOutcome(h.env.db, {
      registrationId: r1.registration.id,
      academyId: academy.id,
      status: 'selected',
    });
    await setTestOutcome(h.env.db, {
      registrationId: r2.registration.id,
      academyId: academy.id,
      status: 'rejected',
    });
    await update('s1', r1.registration.id, 'selected');
    await update('s2', r2.registration.id, 'rejected');
    expect(await texts(p1!.id)).toEqual(['You have been selected at Yaba Trial']);
    expect(await texts(p2!.id)).toEqual(['You were not selected at Yaba Trial']);
    const [selected] = await mailbox(p1!.email);
    expect(selected).toMatchObject({
      template: 'trials.outcome',
      subject: 'You have been selected at Yaba Trial',
    });
    expect(selected!.text).toContain(`Reference code: ${r1.registration.referenceCode}`);
    const [rejected] = await mailbox(p2!.email);
    expect(rejected).toMatchObject({ subject: 'Your result at Yaba Trial' });
    expect(rejected!.text).toContain('You were not selected at Yaba Trial');

    // An outcome changed again before its job ran is not told (the later change is).
    await update('s3', r2.registration.id, 'selected');
    expect(await texts(p2!.id)).toEqual(['You were not selected at Yaba Trial']);

    await h.env.db.transaction((tx) =>
      expireHold(tx, { registrationId: r3.registration.id, now: NOW, force: true }),
    );
    await update('e1', r3.registration.id, 'expired');
    expect(await rows(p3!.id)).toMatchObject([
      {
        text: 'Your place at Yaba Trial was released because payment was not completed',
        link: `/trial_details/${trialId}`,
      },
    ]);
    expect(await emailsTo(h.env.db, p3!.email)).toEqual([]);

    await markRefunded(h.env.db, {
      paymentId: r1.payment!.id,
      refundReference: 'rf_1',
      now: NOW,
    });
    await update('f1', r1.registration.id, 'refunded');
    await update('f1', r1.registration.id, 'refunded');
    expect((await texts(p1!.id))[0]).toBe('Your payment for Yaba Trial has been refunded');
    const mails = await mailbox(p1!.email);
    expect(mails.map((m) => m.template)).toEqual(['trials.outcome', 'trials.refund']);
    expect(mails[1]!.subject).toBe('Your payment for Yaba Trial has been refunded');
    expect(mails[1]!.text).toContain('Amount refunded: ₦5,000');
    expect(mails[1]!.text).toContain(`Payment reference: ${r1.payment!.reference}`);
  });

  it('a cancelled trial: every registrant it cancelled, with the reason and whether they are refunded', async () => {
    const academy = await createTestAcademy(h.env.db, unique('Oshodi Academy'));
    const [paid, pending] = await Promise.all([1, 2].map(() => createTestPlayer(h.env.db)));
    const trialId = await createTestTrial(h.env.db, academy.id, {
      name: 'Oshodi <b>Trial</b>',
      feeKobo: 250_000,
    });
    const r1 = await registerTestPlayer(h.env.db, trialId, paid!.id, { email: 'c1@example.test' });
    await registerTestPlayer(h.env.db, trialId, pending!.id, { email: 'c2@example.test' });
    await payTestRegistration(h.env.db, r1.payment!);
    await h.env.db.transaction((tx) =>
      cancelTrial(tx, {
        trialId,
        academyId: academy.id,
        reason: 'Pitch flooded & closed',
        at: NOW,
      }),
    );

    const handle = createTrialCancelledNotificationsHandler({
      ...h.drivers,
      db: h.env.db,
      publicUrl: 'https://touchline.example.ng/',
    });
    await runJob(handle, 'notifications.trial_cancelled', 'x1', { eventId: 'x1', trialId });
    await runJob(handle, 'notifications.trial_cancelled', 'x1', { eventId: 'x1', trialId });
    for (const p of [paid!, pending!]) {
      expect(await rows(p.id)).toMatchObject([
        {
          kind: 'registration_update',
          text: 'Oshodi <b>Trial</b> has been cancelled',
          link: `/trial_details/${trialId}`,
        },
      ]);
    }
    const [m1, ...more] = await mailbox(paid!.email);
    expect(more).toEqual([]);
    expect(m1).toMatchObject({ template: 'trials.cancelled' });
    expect(m1!.text).toContain('Reason: Pitch flooded & closed');
    expect(m1!.text).toContain('Your payment is being refunded in full');
    expect(m1!.html).toContain('Pitch flooded &amp; closed');
    expect(m1!.html).toContain('Oshodi &lt;b&gt;Trial&lt;/b&gt;');
    expect(m1!.text).toContain(
      `View the trial: https://touchline.example.ng/trial_details/${trialId}`,
    );
    expect(m1!.html).toContain(`href="https://touchline.example.ng/trial_details/${trialId}"`);
    const [m2] = await mailbox(pending!.email);
    expect(m2!.text).not.toContain('refunded');
  });
});
