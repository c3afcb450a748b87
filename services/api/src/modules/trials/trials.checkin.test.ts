import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, createTrial, player, register } from './trials.test-support';

describe('trial-day check-in (supplement §17, decision 50)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  const setRegistration = (
    id: string,
    values: Partial<typeof schema.trialRegistrations.$inferInsert>,
  ) =>
    t.db.update(schema.trialRegistrations).set(values).where(eq(schema.trialRegistrations.id, id));

  it('the owning academy checks a registrant in by code; a second scan says already checked in, with who and when', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t, { username: 'Ada Obi' });
    const bola = await player(t, { username: 'Bola Ade' });
    const reg = (await register(ada, trial)).json();
    await register(bola, trial);

    // Typed in lower case with spaces: the code is read as the QR carries it.
    const first = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: ` ${reg.reference_code.toLowerCase()} `,
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      message: TRIAL_MESSAGES.checkedIn,
      already_checked_in: false,
      registration: {
        id: reg.id,
        name: 'Ada Obi',
        reference_code: reg.reference_code,
        status: 'registered',
      },
    });
    expect(body.registration.checked_in_at).toEqual(expect.any(String));

    const again = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: TRIAL_MESSAGES.alreadyCheckedIn,
      already_checked_in: true,
      registration: { name: 'Ada Obi', checked_in_at: body.registration.checked_in_at },
    });

    const attendance = await club.call('GET', `/api/trial/${trial.id}/attendance`);
    expect(attendance.statusCode).toBe(200);
    expect(attendance.json()).toMatchObject({
      trial: { id: trial.id, name: trial.name, trial_date: trial.trial_date },
      checked_in: 1,
      not_checked_in: 1,
      no_show: 0,
    });
    expect(
      attendance
        .json()
        .registrants.map((r: { name: string; checked_in_at: string | null }) => [
          r.name,
          r.checked_in_at !== null,
        ]),
    ).toEqual([
      ['Ada Obi', true],
      ['Bola Ade', false],
    ]);

    // The registrants list and CSV carry attendance too.
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    const row = list.registrants.find((r: { id: string }) => r.id === reg.id);
    expect(row.checked_in_at).toBe(body.registration.checked_in_at);
    const csv = await club.call('GET', `/api/players_in_trial_list/${trial.id}?format=csv`);
    expect(csv.body.split('\r\n')[0]).toContain('Checked in at');
  });

  it('only the owning academy: another academy 403, a player 403, signed out 401, an unknown trial 404', async () => {
    const club = await academy(t);
    const other = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const reg = (await register(ada, trial)).json();
    const body = { reference_code: reg.reference_code };

    const foreign = await other.call('POST', `/api/trial/${trial.id}/check_in`, body);
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({
      code: 'trials.not_owner',
      message: TRIAL_MESSAGES.notOwner,
    });
    expect((await other.call('GET', `/api/trial/${trial.id}/attendance`)).statusCode).toBe(403);
    expect((await ada.call('POST', `/api/trial/${trial.id}/check_in`, body)).statusCode).toBe(403);
    expect((await ada.call('GET', `/api/trial/${trial.id}/attendance`)).statusCode).toBe(403);
    const anon = await t.app.inject({
      method: 'POST',
      url: `/api/trial/${trial.id}/check_in`,
      payload: body,
    });
    expect(anon.statusCode).toBe(401);
    const missing = await club.call('POST', `/api/trial/${crypto.randomUUID()}/check_in`, body);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRIAL_MESSAGES.notFound);

    // Another academy's attempt checked nobody in.
    const attendance = (await club.call('GET', `/api/trial/${trial.id}/attendance`)).json();
    expect(attendance.checked_in).toBe(0);
  });

  it('bad input: a missing or malformed code is 400 with the field; a code of another trial is 404', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const elsewhere = await createTrial(club);
    const ada = await player(t);
    const reg = (await register(ada, elsewhere)).json();

    const empty = await club.call('POST', `/api/trial/${trial.id}/check_in`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ reference_code: TRIAL_MESSAGES.referenceCodeRequired });
    const bad = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: 'TL-0000',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ reference_code: TRIAL_MESSAGES.referenceCodeInvalid });
    const wrongTrial = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(wrongTrial.statusCode).toBe(404);
    expect(wrongTrial.json()).toMatchObject({
      code: 'trials.registration_not_found',
      message: TRIAL_MESSAGES.registrationNotFound,
    });
    const badId = await club.call('GET', '/api/trial/not-a-uuid/attendance');
    expect(badId.statusCode).toBe(400);
  });

  it('only a place-holding registration the academy sees: cancelled or unpaid 409, awaiting a guardian reads as missing', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const [ada, bola, chidi] = [await player(t), await player(t), await player(t)];
    const cancelled = (await register(ada, trial)).json();
    expect((await ada.call('DELETE', `/api/player_trial/${cancelled.id}`)).statusCode).toBe(200);
    const unpaid = (await register(bola, trial)).json();
    await setRegistration(unpaid.id, { status: 'pending_payment' });
    const hidden = (await register(chidi, trial)).json();
    await setRegistration(hidden.id, { status: 'awaiting_guardian', academyVisible: false });

    for (const code of [cancelled.reference_code, unpaid.reference_code]) {
      const res = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
        reference_code: code,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'trials.check_in_not_allowed',
        message: TRIAL_MESSAGES.checkInNotAllowed,
      });
    }
    const res = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: hidden.reference_code,
    });
    expect(res.statusCode).toBe(404);
    const attendance = (await club.call('GET', `/api/trial/${trial.id}/attendance`)).json();
    expect(attendance.registrants).toEqual([]);
  });

  it('a cancelled trial takes no check-ins', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const reg = (await register(ada, trial)).json();
    await t.db
      .update(schema.trials)
      .set({ status: 'cancelled' })
      .where(eq(schema.trials.id, trial.id));
    const res = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRIAL_MESSAGES.cancelled);
  });
});
