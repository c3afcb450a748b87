import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '@touchline/db/notifications';
import { markRefunded } from '@touchline/db/payments';
import { savePreferences } from '@touchline/db/reach';
import { DEFAULT_PREFERENCES, type JobPayload } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import {
  NOW,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  emailsTo,
  payTestRegistration,
  registerTestPlayer,
  setTestOutcome,
} from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
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

describe('e-mail preferences (issue 26, decision 54)', () => {
  it('trial e-mails turned off: the outcome is told in-app only, the refund record still goes by e-mail', async () => {
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
      email: 'quiet@example.test',
    });
    const r2 = await registerTestPlayer(h.env.db, trialId, keeps!.id, {
      email: 'keeps@example.test',
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
    expect(await templates('quiet@example.test')).toEqual([]);
    // The defaults keep trial e-mails on.
    expect(await templates('keeps@example.test')).toEqual(['trials.outcome']);

    // A record of money goes whatever the choice.
    await markRefunded(h.env.db, { paymentId: r1.payment!.id, refundReference: 'rf_p', now: NOW });
    await update('pref-f1', r1.registration.id, 'refunded');
    expect(await templates('quiet@example.test')).toEqual(['trials.refund']);
  });
});
