import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { getPaymentById } from '@touchline/db/payments';
import { findRegistration, findTrialById } from '@touchline/db/trials';
import { createHandlerEnv } from '../testing/handler-env';
import {
  NOW,
  TRIAL_DATE,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  delivered,
  emailsTo,
  outboxEvents,
  payTestRegistration,
  registerTestPlayer,
} from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

/** The handlers' clock: tests move it. */
let now = NOW;
let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => now);
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

const MINUTE = 60_000;
const expiredFor = async (registrationId: string) =>
  (await outboxEvents(h.env.db, 'registration.expired')).filter(
    (p) => p.registrationId === registrationId,
  );

describe('trials.expire_hold and trials.sweep_holds', () => {
  it('an unpaid hold that ran out expires and frees its place, once', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Hold FC 1');
    const trialId = await createTestTrial(h.env.db, academy.id, {
      feeKobo: 1_250_000,
      participantLimit: 1,
    });
    const player = await createTestPlayer(h.env.db);
    const { registration, payment } = await registerTestPlayer(h.env.db, trialId, player.id);
    expect((await findTrialById(h.env.db, trialId))!.registeredCount).toBe(1);

    // Too early: nothing changes.
    now = new Date(NOW.getTime() + 10 * MINUTE);
    await h.run('trials.expire_hold', registration.id, { registrationId: registration.id });
    expect((await findRegistration(h.env.db, registration.id))!.status).toBe('pending_payment');

    now = new Date(NOW.getTime() + 31 * MINUTE);
    await h.run('trials.expire_hold', registration.id, { registrationId: registration.id });
    await h.run('trials.expire_hold', registration.id, { registrationId: registration.id });
    expect((await findRegistration(h.env.db, registration.id))!.status).toBe('expired');
    expect((await findTrialById(h.env.db, trialId))!.registeredCount).toBe(0);
    expect(await getPaymentById(h.env.db, payment!.id)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
    expect(await expiredFor(registration.id)).toHaveLength(1);

    // The freed place can be taken by someone else.
    const other = await createTestPlayer(h.env.db);
    await registerTestPlayer(h.env.db, trialId, other.id, { now });
    expect((await findTrialById(h.env.db, trialId))!.registeredCount).toBe(1);
  });

  it('a paid registration keeps its place: the expiry job is a no-op', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Hold FC 2');
    const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo: 300_000 });
    const player = await createTestPlayer(h.env.db);
    const { registration, payment } = await registerTestPlayer(h.env.db, trialId, player.id);
    await payTestRegistration(h.env.db, payment!, new Date(NOW.getTime() + 5 * MINUTE));

    now = new Date(NOW.getTime() + 40 * MINUTE);
    await h.run('trials.expire_hold', registration.id, { registrationId: registration.id });
    await h.run('trials.sweep_holds', 'paid', {});
    expect((await findRegistration(h.env.db, registration.id))!.status).toBe('registered');
    expect((await findTrialById(h.env.db, trialId))!.registeredCount).toBe(1);
    expect((await getPaymentById(h.env.db, payment!.id))!.status).toBe('succeeded');
    expect(await expiredFor(registration.id)).toEqual([]);
  });

  it('the sweep expires every hold that ran out (the safety net for lost delayed jobs)', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Hold FC 3');
    const trialId = await createTestTrial(h.env.db, academy.id, { feeKobo: 100_000 });
    const players = await Promise.all([1, 2, 3].map(() => createTestPlayer(h.env.db)));
    const regs = [];
    for (const p of players) regs.push(await registerTestPlayer(h.env.db, trialId, p.id));
    const late = await createTestPlayer(h.env.db);
    const fresh = await registerTestPlayer(h.env.db, trialId, late.id, {
      now: new Date(NOW.getTime() + 20 * MINUTE),
    });

    now = new Date(NOW.getTime() + 35 * MINUTE);
    await h.run('trials.sweep_holds', 'a', {});
    await h.run('trials.sweep_holds', 'b', {});
    for (const r of regs) {
      expect((await findRegistration(h.env.db, r.registration.id))!.status).toBe('expired');
      expect(await expiredFor(r.registration.id)).toHaveLength(1);
    }
    expect((await findRegistration(h.env.db, fresh.registration.id))!.status).toBe(
      'pending_payment',
    );
    expect((await findTrialById(h.env.db, trialId))!.registeredCount).toBe(1);
  });
});

describe('trials.remind', () => {
  it('registrants of a trial starting within 24 hours are reminded once, however often it runs', async () => {
    now = NOW;
    const academy = await createTestAcademy(h.env.db, 'Remind FC');
    const soon = await createTestTrial(h.env.db, academy.id, { name: 'Sunday Trial' });
    const later = await createTestTrial(h.env.db, academy.id, {
      name: 'Later Trial',
      trialDate: '2026-06-25',
    });
    const player = await createTestPlayer(h.env.db);
    const other = await createTestPlayer(h.env.db);
    const { registration } = await registerTestPlayer(h.env.db, soon, player.id, {
      email: player.email,
    });
    await registerTestPlayer(h.env.db, later, player.id, { email: player.email });
    const paid = await createTestTrial(h.env.db, academy.id, {
      name: 'Paid Sunday Trial',
      feeKobo: 100_000,
    });
    // Still pending payment: not reminded.
    await registerTestPlayer(h.env.db, paid, other.id, { email: other.email });

    // The trials start on TRIAL_DATE at 09:00 Lagos (08:00 UTC): the day before, at 10:00 UTC.
    now = new Date(`${TRIAL_DATE}T08:00:00Z`);
    now = new Date(now.getTime() - 22 * 60 * MINUTE);
    await h.run('trials.remind', '1', {});
    await h.run('trials.remind', '2', {});
    now = new Date(now.getTime() + 15 * MINUTE);
    await h.run('trials.remind', '3', {});

    const rows = await listNotifications(h.env.db, player.id, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'registration_update',
      text: 'Reminder: Sunday Trial is tomorrow',
      link: `/trial_details/${soon}`,
    });
    expect(await listNotifications(h.env.db, other.id, 10)).toEqual([]);
    const queued = await emailsTo(h.env.db, player.email);
    expect(queued.map((e) => e.template)).toEqual(['trials.reminder']);
    await h.run('email.send', queued[0]!.id, { emailId: queued[0]!.id });
    const mail = await delivered(h.env.db, queued[0]!.id);
    expect(mail!.subject).toBe('Reminder: Sunday Trial is tomorrow');
    expect(mail!.text).toContain(`Reference code: ${registration.referenceCode}`);
    expect(mail!.text).toContain('Date: Saturday, 20 June 2026 at 09:00');
    expect(mail!.text).toContain('Venue: Teslim Balogun Stadium');
    expect((await findRegistration(h.env.db, registration.id))!.remindedAt).not.toBeNull();
  });
});
