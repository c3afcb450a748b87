import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { consentedGuardian, dobAged } from '../guardians/guardians.test-support';
import { academy, createTrial, player, register } from './trials.test-support';

/**
 * Issue 25 item 9: a block between a player and an academy ends the academy's reach through a
 * registration, registrant data included; a registration the academy may not see reads as missing
 * to every academy route (its existence is not told).
 */
describe('a registration the academy may not read (issue 25 item 9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  it('after the player blocks the academy: gone from registrants, CSV and attendance; outcome and check-in answer 404', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t, { username: 'Ada Blocker' });
    const bola = await player(t, { username: 'Bola Stays' });
    const reg = (await register(ada, trial)).json();
    await register(bola, trial);
    const names = async () =>
      (
        (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json() as {
          registrants: { name: string }[];
        }
      ).registrants.map((r) => r.name);
    expect(await names()).toEqual(['Ada Blocker', 'Bola Stays']);

    expect((await ada.call('POST', `/api/block/${club.id}`)).statusCode).toBe(200);

    expect(await names()).toEqual(['Bola Stays']);
    const csv = await club.call('GET', `/api/players_in_trial_list/${trial.id}?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Bola Stays');
    expect(csv.body).not.toContain('Ada Blocker');
    expect(csv.body).not.toContain(ada.email);
    const attendance = await club.call('GET', `/api/trial/${trial.id}/attendance`);
    expect(JSON.stringify(attendance.json())).not.toContain('Ada Blocker');

    const outcome = await club.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'selected',
    });
    expect(outcome.statusCode).toBe(404);
    const checkIn = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(checkIn.statusCode).toBe(404);
    const evaluation = await club.call('GET', `/api/player_trial/${reg.id}/evaluation`);
    expect(evaluation.statusCode).toBe(404);

    // The academy blocking the player ends it the same way.
    const chidi = await player(t, { username: 'Chidi Blocked' });
    const chidiReg = (await register(chidi, trial)).json();
    expect((await club.call('POST', `/api/block/${chidi.id}`)).statusCode).toBe(200);
    expect(await names()).toEqual(['Bola Stays']);
    const blockedOutcome = await club.call('PUT', `/api/player_trial/${chidiReg.id}/status`, {
      status: 'rejected',
    });
    expect(blockedOutcome.statusCode).toBe(404);
  });

  it('one waiting for a guardian: an outcome answers 404 like a missing one, not 409', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const child = await t.createUser({
      dob: dobAged(14),
      consentStatus: 'awaiting_consent',
      username: 'Hidden Child',
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    });
    await consentedGuardian(t, child, 'reach.parent@example.com');
    const reg = (await register(child, trial)).json();
    expect(reg.status).toBe('awaiting_guardian');
    const hidden = await club.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'selected',
    });
    const missing = await club.call(
      'PUT',
      '/api/player_trial/00000000-0000-4000-8000-000000000000/status',
      { status: 'selected' },
    );
    expect(missing.statusCode).toBe(404);
    expect(hidden.statusCode).toBe(404);
    const { request_id: _a, ...hiddenBody } = hidden.json();
    const { request_id: _b, ...missingBody } = missing.json();
    expect(hiddenBody).toEqual(missingBody);
  });
});
