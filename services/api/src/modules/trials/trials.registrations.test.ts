import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PROFILE_MESSAGES, TRIAL_MESSAGES, yearsBefore } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  academy,
  createTrial,
  lagosDate,
  outboxOf,
  player,
  register,
  setTrial,
} from './trials.test-support';

describe('registering for trials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  it('a player registers for a free trial: registered at once, with a reference code, announced', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { requirements: ['Position', 'Current club'] });
    const ada = await player(t, { username: 'Ada Obi' });
    const res = await register(ada, trial);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'registered', trial: trial.id, hold_expires_at: null });
    expect(body.payment).toBeUndefined();
    expect(body.reference_code).toMatch(/^TL-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    expect(await outboxOf(t, 'registration.created')).toContainEqual({
      registrationId: body.id,
      trialId: trial.id,
    });

    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.trial).toEqual({ id: trial.id, name: trial.name });
    expect(list.registrants).toHaveLength(1);
    expect(list.registrants[0]).toMatchObject({
      id: body.id,
      reference_code: body.reference_code,
      player_id: ada.id,
      name: 'Ada Obi',
      dob: '1995-06-15',
      phone: '+2348031234567',
      level: 'district',
      status: 'registered',
      payment_status: null,
      answers: [
        { requirement_id: trial.requirements[0]!.id, requirement: 'Position', answer: 'Answer 1' },
        {
          requirement_id: trial.requirements[1]!.id,
          requirement: 'Current club',
          answer: 'Answer 2',
        },
      ],
    });
  });

  it('the form is checked field by field: phone, level, answers', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { requirements: ['Position'] });
    const ada = await player(t);
    const phone = await register(ada, trial, { phone: '12345' });
    expect(phone.statusCode).toBe(400);
    expect(phone.json().fields).toEqual({ phone: PROFILE_MESSAGES.phoneInvalid });
    const level = await register(ada, trial, { level: 'world' });
    expect(level.statusCode).toBe(400);
    expect(level.json().fields).toEqual({ level: TRIAL_MESSAGES.levelRequired });
    const blank = await register(ada, trial, {
      answers: [{ requirement_id: trial.requirements[0]!.id, answer: '  ' }],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TRIAL_MESSAGES.answerRequired);
    for (const answers of [
      [],
      [{ requirement_id: crypto.randomUUID(), answer: 'x' }],
      [
        { requirement_id: trial.requirements[0]!.id, answer: 'x' },
        { requirement_id: trial.requirements[0]!.id, answer: 'y' },
      ],
    ]) {
      const res = await register(ada, trial, { answers });
      expect(res.statusCode, JSON.stringify(answers)).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'trials.answers_invalid',
        message: TRIAL_MESSAGES.answersInvalid,
      });
    }
    const dob = await register(ada, trial, { dob: '2001-01-01' });
    expect(dob.statusCode).toBe(400);
    expect(dob.json()).toMatchObject({
      code: 'trials.dob_mismatch',
      message: TRIAL_MESSAGES.dobMismatch,
    });
    // Nothing was taken by the refused attempts.
    const view = (await ada.call('GET', `/api/trial/${trial.id}`)).json();
    expect(view).toMatchObject({ registered_count: 0, my_registration: null });
  });

  it('the deadline is a Lagos date: registration is open through the deadline day, closed after', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    await setTrial(t, trial.id, { deadline: lagosDate(0) });
    expect((await register(await player(t), trial)).statusCode).toBe(201);
    await setTrial(t, trial.id, { deadline: lagosDate(-1), trialDate: lagosDate(1) });
    const late = await register(await player(t), trial);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'trials.deadline_passed',
      message: TRIAL_MESSAGES.deadlinePassed,
    });
  });

  it('the age on the trial date decides; minors may register for a verified academy’s trial', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { min_age: 12, max_age: 15 });
    // 15 today, 16 on the trial date: too old for this trial.
    const turning = await player(t, { dob: yearsBefore(lagosDate(10), 16) });
    const res = await register(turning, trial);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'trials.age_out_of_range',
      message: TRIAL_MESSAGES.ageOutOfRange,
    });
    const adult = await player(t);
    expect((await register(adult, trial)).statusCode).toBe(403);
    const minor = await player(t, { dob: yearsBefore(lagosDate(0), 13) });
    const ok = await register(minor, trial);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().status).toBe('registered');
  });

  it('one live registration per player; after cancelling, the player may register again', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const first = await register(ada, trial);
    expect(first.statusCode).toBe(201);
    const again = await register(ada, trial);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'trials.already_registered',
      message: TRIAL_MESSAGES.alreadyRegistered,
    });
    const cancel = await ada.call('DELETE', `/api/player_trial/${first.json().id}`);
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({
      message: TRIAL_MESSAGES.registrationCancelled,
      status: 'cancelled',
      refund: false,
    });
    expect(await outboxOf(t, 'registration.cancelled')).toContainEqual({
      registrationId: first.json().id,
    });
    const back = await register(ada, trial);
    expect(back.statusCode).toBe(201);
    expect(back.json().reference_code).not.toBe(first.json().reference_code);
  });

  it('a full trial waitlists; a player’s cancellation frees the place for the next in line', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { total_participant_limit: 1 });
    const ada = await player(t);
    const bayo = await player(t);
    const adaReg = await register(ada, trial);
    expect(adaReg.statusCode).toBe(201);
    const full = await register(bayo, trial);
    expect(full.statusCode).toBe(201);
    expect(full.json()).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect((await bayo.call('GET', `/api/trial/${trial.id}`)).json()).toMatchObject({
      registered_count: 1,
      places_left: 0,
      waitlist_count: 1,
    });

    // Only the player themself cancels (someone else's registration reads as missing).
    const notYours = await bayo.call('DELETE', `/api/player_trial/${adaReg.json().id}`);
    expect(notYours.statusCode).toBe(404);
    expect(notYours.json().code).toBe('trials.registration_not_found');
    expect((await club.call('DELETE', `/api/player_trial/${adaReg.json().id}`)).statusCode).toBe(
      403,
    );

    expect((await ada.call('DELETE', `/api/player_trial/${adaReg.json().id}`)).statusCode).toBe(
      200,
    );
    // Bayo, first in line, took the freed place in the same transaction.
    expect((await bayo.call('GET', `/api/trial/${trial.id}`)).json()).toMatchObject({
      registered_count: 1,
      places_left: 0,
      waitlist_count: 0,
      my_registration: { id: full.json().id, status: 'registered', waitlist_position: null },
    });
    const twice = await ada.call('DELETE', `/api/player_trial/${adaReg.json().id}`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('trials.cannot_cancel_registration');
  });

  it('after the deadline the player can no longer cancel', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const reg = (await register(ada, trial)).json();
    await setTrial(t, trial.id, { deadline: lagosDate(-1), trialDate: lagosDate(1) });
    const res = await ada.call('DELETE', `/api/player_trial/${reg.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'trials.cannot_cancel_registration',
      message: TRIAL_MESSAGES.cannotCancelRegistration,
    });
  });

  it('a selected player may withdraw after the deadline, through the trial day; a rejected one cannot', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const bayo = await player(t);
    const adaReg = (await register(ada, trial)).json();
    const bayoReg = (await register(bayo, trial)).json();
    const outcome = (id: string, status: string) =>
      club.call('PUT', `/api/player_trial/${id}/status`, { status });
    expect((await outcome(adaReg.id, 'selected')).statusCode).toBe(200);
    expect((await outcome(bayoReg.id, 'rejected')).statusCode).toBe(200);
    await setTrial(t, trial.id, { deadline: lagosDate(-1), trialDate: lagosDate(0) });

    expect((await bayo.call('DELETE', `/api/player_trial/${adaReg.id}`)).statusCode).toBe(404);
    const withdrawn = await ada.call('DELETE', `/api/player_trial/${adaReg.id}`);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      message: TRIAL_MESSAGES.registrationCancelled,
      status: 'cancelled',
    });
    expect(await outboxOf(t, 'registration.cancelled')).toContainEqual({
      registrationId: adaReg.id,
    });
    const rejected = await bayo.call('DELETE', `/api/player_trial/${bayoReg.id}`);
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().code).toBe('trials.cannot_cancel_registration');
  });

  it('the owning academy selects or rejects; nobody else can, and only registered players', async () => {
    const w = await t.seed({
      users: { club: { role: 'academy' }, rival: { role: 'academy' }, ada: {}, bayo: {} },
      trials: { open: { by: 'club' } },
      registrations: {
        ada: { trial: 'open', player: 'ada' },
        gone: { trial: 'open', player: 'bayo', status: 'cancelled' },
      },
    });
    const { club, rival, ada } = w.users;
    const trial = w.trials.open;
    const reg = w.registrations.ada.registration;
    const gone = w.registrations.gone.registration;

    const set = await club.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'selected',
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toMatchObject({
      message: TRIAL_MESSAGES.statusUpdated,
      id: reg.id,
      reference_code: reg.referenceCode,
      status: 'selected',
    });
    expect(await outboxOf(t, 'registration.status_changed')).toContainEqual({
      registrationId: reg.id,
      status: 'selected',
    });
    expect((await ada.call('GET', `/api/trial/${trial.id}`)).json().my_registration.status).toBe(
      'selected',
    );
    const changed = await club.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'rejected',
    });
    expect(changed.json().status).toBe('rejected');

    const byRival = await rival.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'selected',
    });
    expect(byRival.statusCode).toBe(403);
    expect(byRival.json().code).toBe('trials.not_owner');
    const byPlayer = await ada.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'selected',
    });
    expect(byPlayer.statusCode).toBe(403);
    const cancelled = await club.call('PUT', `/api/player_trial/${gone.id}/status`, {
      status: 'selected',
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json()).toMatchObject({
      code: 'trials.status_not_allowed',
      message: TRIAL_MESSAGES.statusNotAllowed,
    });
    const bad = await club.call('PUT', `/api/player_trial/${reg.id}/status`, {
      status: 'registered',
    });
    expect(bad.statusCode).toBe(400);
    const missing = await club.call('PUT', `/api/player_trial/${crypto.randomUUID()}/status`, {
      status: 'selected',
    });
    expect(missing.statusCode).toBe(404);
  });

  it('registrants are the owning academy’s alone', async () => {
    const w = await t.seed({
      users: { club: { role: 'academy' }, rival: { role: 'academy' }, ada: {} },
      trials: { open: { by: 'club' } },
      registrations: { ada: { trial: 'open', player: 'ada' } },
    });
    const { club, rival, ada } = w.users;
    const trial = w.trials.open;
    for (const who of [rival, ada]) {
      for (const url of [
        `/api/players_in_trial_list/${trial.id}`,
        `/api/players_in_trial_list/${trial.id}?format=csv`,
      ]) {
        const res = await who.call('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.body).not.toContain(ada.email);
      }
    }
    const missing = await club.call('GET', `/api/players_in_trial_list/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
  });

  it('an academy an administrator declined reads no registrant data (list nor CSV)', async () => {
    const w = await t.seed({
      users: { club: { role: 'academy' }, ada: {} },
      trials: { open: { by: 'club' } },
      registrations: { ada: { trial: 'open', player: 'ada' } },
    });
    const { club, ada } = w.users;
    const url = `/api/players_in_trial_list/${w.trials.open.id}`;
    expect((await club.call('GET', url)).body).toContain(ada.email);
    await t.db.execute(sql`update users set academy_status = 'declined' where id = ${club.id}`);
    for (const target of [url, `${url}?format=csv`]) {
      const res = await club.call('GET', target);
      expect(res.statusCode, target).toBe(403);
      expect(res.body).not.toContain(ada.email);
    }
  });

  it('the history shows the player’s own registrations only, newest first', async () => {
    const earlier = new Date(Date.now() - 60_000);
    const w = await t.seed({
      users: { club: { role: 'academy', username: 'History Club' }, ada: {}, bayo: {} },
      trials: {
        first: { by: 'club', name: 'First trial' },
        second: { by: 'club', name: 'Second trial' },
      },
      registrations: {
        a1: { trial: 'first', player: 'ada', createdAt: earlier },
        a2: { trial: 'second', player: 'ada' },
        b1: { trial: 'first', player: 'bayo' },
      },
    });
    const { club, ada } = w.users;
    const second = w.trials.second;
    const a1 = w.registrations.a1.registration;
    const a2 = {
      ...w.registrations.a2.registration,
      reference_code: w.registrations.a2.registration.referenceCode,
    };
    const res = await ada.call('GET', '/api/trial_history');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, has_more: false });
    expect(body.registrations.map((r: { id: string }) => r.id)).toEqual([a2.id, a1.id]);
    expect(body.registrations[0]).toMatchObject({
      reference_code: a2.reference_code,
      status: 'registered',
      payment: null,
      trial: {
        id: second.id,
        name: 'Second trial',
        registration_fee: 0,
        academy: { id: club.id, username: 'History Club' },
      },
    });
    const empty = await (await player(t)).call('GET', '/api/trial_history');
    expect(empty.json()).toEqual({ registrations: [], has_more: false, page: 1 });
    expect((await club.call('GET', '/api/trial_history')).statusCode).toBe(403);
  });

  it('an academy cannot register, and an unknown trial is not found', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const res = await club.call('POST', '/api/player_trial', { trial: trial.id });
    expect(res.statusCode).toBe(403);
    const missing = await register(await player(t), { id: crypto.randomUUID(), requirements: [] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: 'trials.not_found',
      message: TRIAL_MESSAGES.notFound,
    });
  });
});
