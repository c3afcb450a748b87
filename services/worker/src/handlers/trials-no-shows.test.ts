import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkInRegistration, findRegistration } from '@touchline/db/trials';
import { listNotifications } from '@touchline/db/notifications';
import { createHandlerEnv } from '../testing/handler-env';
import {
  NOW,
  TRIAL_DATE,
  createTestAcademy,
  createTestPlayer,
  createTestTrial,
  registerTestPlayer,
  setTestOutcome,
} from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let now = NOW;
let h: HandlerEnv;
beforeAll(async () => {
  h = await createHandlerEnv(() => now);
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

const statusOf = async (id: string) => (await findRegistration(h.env.db, id))!.status;

describe('trials.mark_no_shows (decision 50)', () => {
  it('after the trial day ends in Lagos, registrants not checked in become no_show, once', async () => {
    const academy = await createTestAcademy(h.env.db, 'No Show FC');
    const trialId = await createTestTrial(h.env.db, academy.id, { name: 'Saturday Trial' });
    const [came, missed, selected] = [
      await createTestPlayer(h.env.db),
      await createTestPlayer(h.env.db),
      await createTestPlayer(h.env.db),
    ];
    const { registration: cameReg } = await registerTestPlayer(h.env.db, trialId, came.id);
    const { registration: missedReg } = await registerTestPlayer(h.env.db, trialId, missed.id);
    const { registration: selectedReg } = await registerTestPlayer(h.env.db, trialId, selected.id);
    await setTestOutcome(h.env.db, {
      registrationId: selectedReg.id,
      academyId: academy.id,
      status: 'selected',
    });
    await checkInRegistration(h.env.db, {
      trialId,
      referenceCode: cameReg.referenceCode,
      by: academy.id,
      at: new Date(`${TRIAL_DATE}T08:30:00Z`),
    });

    // 23:59 Lagos on the trial day (22:59 UTC): the day has not ended.
    now = new Date(`${TRIAL_DATE}T22:59:00Z`);
    await h.run('trials.mark_no_shows', '1', {});
    expect(await statusOf(missedReg.id)).toBe('registered');

    // Midnight in Lagos (23:00 UTC): the one not checked in did not attend.
    now = new Date(`${TRIAL_DATE}T23:00:00Z`);
    await h.run('trials.mark_no_shows', '2', {});
    await h.run('trials.mark_no_shows', '3', {});
    expect(await statusOf(missedReg.id)).toBe('no_show');
    expect(await statusOf(cameReg.id)).toBe('registered');
    // An outcome the academy already gave stays.
    expect(await statusOf(selectedReg.id)).toBe('selected');
    // No notice is sent: the history shows it.
    expect(await listNotifications(h.env.db, missed.id, 10)).toEqual([]);
  });
});
