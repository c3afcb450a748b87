import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRIAL_MESSAGES, type TrialView } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { fetchMedia, multipart, png, setAccount } from '../profiles/profiles.test-support';
import {
  academy,
  createTrial,
  lagosDate,
  outboxOf,
  player,
  register,
  setTrial,
  trialFields,
} from './trials.test-support';

describe('editing, cancelling and listing trials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  it('the owner edits the fields sent; the others stay', async () => {
    const stars = await academy(t);
    const trial = await createTrial(stars, { total_participant_limit: 10 });
    const res = await stars.call('PUT', `/api/trial/${trial.id}`, {
      name: 'Renamed Trial',
      venue: 'Agege Stadium',
      registration_fee: 200000,
      sport: 'basketball',
      requirements: ['Height'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed Trial',
      venue: 'Agege Stadium',
      registration_fee: 200000,
      sport: 'basketball',
      district: 'Ikeja',
      trial_date: trial.trial_date,
      total_participant_limit: 10,
    });
    expect(res.json().requirements.map((r: { text: string }) => r.text)).toEqual(['Height']);
  });

  it('a new poster (multipart edit) replaces the old one, whose files are deleted', async () => {
    const stars = await academy(t);
    const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, unknown>) => {
      const form = multipart(
        Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
        { name: 'image', filename: 'poster.png', type: 'image/png', data: await png(600, 400) },
      );
      return t.app.inject({
        method,
        url,
        headers: { ...stars.headers, ...form.headers },
        payload: form.payload,
      });
    };
    const created = await send('POST', '/api/trial', trialFields());
    expect(created.statusCode).toBe(201);
    const first = created.json();
    expect((await fetchMedia(t, first.image)).res.statusCode).toBe(200);
    const edited = await send('PUT', `/api/trial/${first.id}`, { venue: 'Onikan Stadium' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ venue: 'Onikan Stadium', name: first.name });
    expect(edited.json().image).toMatch(/^\/media\/images\/.+\.display\.png$/);
    expect(edited.json().image).not.toBe(first.image);
    expect((await fetchMedia(t, edited.json().image)).res.statusCode).toBe(200);
    expect((await fetchMedia(t, first.image)).res.statusCode).toBe(404);
  });

  it('a trial of an academy no longer verified shows only to it and its registrants', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    await register(ada, trial);
    await setAccount(t, club, { academyStatus: 'unverified' });
    expect((await (await player(t)).call('GET', `/api/trial/${trial.id}`)).statusCode).toBe(404);
    expect((await club.call('GET', `/api/trial/${trial.id}`)).statusCode).toBe(200);
    expect((await ada.call('GET', `/api/trial/${trial.id}`)).statusCode).toBe(200);
    const late = await register(await player(t), trial);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'trials.academy_unavailable',
      message: TRIAL_MESSAGES.academyUnavailable,
    });
  });

  it('an edit is checked against the stored trial: a deadline after the trial date is refused', async () => {
    const stars = await academy(t);
    const trial = await createTrial(stars);
    const res = await stars.call('PUT', `/api/trial/${trial.id}`, { deadline: lagosDate(20) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: TRIAL_MESSAGES.deadlineAfterTrial,
      fields: { deadline: TRIAL_MESSAGES.deadlineAfterTrial },
    });
    const bad = await stars.call('PUT', `/api/trial/${trial.id}`, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ name: TRIAL_MESSAGES.nameRequired });
  });

  it('once someone registered: fee and sport are locked, the limit never below the count', async () => {
    const stars = await academy(t);
    const trial = await createTrial(stars, {
      total_participant_limit: 5,
      requirements: ['Position'],
    });
    for (let i = 0; i < 2; i++) {
      const res = await register(await player(t), trial);
      expect(res.statusCode).toBe(201);
    }
    const fee = await stars.call('PUT', `/api/trial/${trial.id}`, { registration_fee: 100 });
    expect(fee.statusCode).toBe(409);
    expect(fee.json()).toMatchObject({
      code: 'trials.fee_locked',
      message: TRIAL_MESSAGES.feeLocked,
    });
    const sport = await stars.call('PUT', `/api/trial/${trial.id}`, { sport: 'basketball' });
    expect(sport.statusCode).toBe(409);
    expect(sport.json()).toMatchObject({
      code: 'trials.sport_locked',
      message: TRIAL_MESSAGES.sportLocked,
    });
    const limit = await stars.call('PUT', `/api/trial/${trial.id}`, { total_participant_limit: 1 });
    expect(limit.statusCode).toBe(409);
    expect(limit.json()).toMatchObject({
      code: 'trials.limit_below_count',
      message: TRIAL_MESSAGES.limitBelowCount,
    });
    const requirements = await stars.call('PUT', `/api/trial/${trial.id}`, {
      requirements: ['Something else'],
    });
    expect(requirements.statusCode).toBe(409);
    expect(requirements.json().code).toBe('trials.requirements_locked');

    // The same fee and sport (a form sends every field) and a limit at the count are fine.
    const same = await stars.call('PUT', `/api/trial/${trial.id}`, {
      registration_fee: 0,
      sport: 'football',
      total_participant_limit: 2,
      requirements: ['Position'],
      venue: 'New venue',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({
      total_participant_limit: 2,
      places_left: 0,
      venue: 'New venue',
    });
  });

  it('only the owning academy edits or cancels', async () => {
    const stars = await academy(t);
    const other = await academy(t);
    const trial = await createTrial(stars);
    const edit = await other.call('PUT', `/api/trial/${trial.id}`, { name: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({
      code: 'trials.not_owner',
      message: TRIAL_MESSAGES.notOwner,
    });
    const cancel = await other.call('DELETE', `/api/trial/${trial.id}?reason=No`);
    expect(cancel.statusCode).toBe(403);
    const p = await player(t);
    expect((await p.call('PUT', `/api/trial/${trial.id}`, { name: 'x' })).statusCode).toBe(403);
    expect((await p.call('DELETE', `/api/trial/${trial.id}?reason=x`)).statusCode).toBe(403);
    const missing = await stars.call('PUT', `/api/trial/${crypto.randomUUID()}`, { name: 'x' });
    expect(missing.statusCode).toBe(404);
  });

  it('cancelling needs a reason; registrants become trial_cancelled; nothing more is possible', async () => {
    const stars = await academy(t);
    const trial = await createTrial(stars, { total_participant_limit: 3 });
    const tolu = await player(t);
    const reg = await register(tolu, trial);
    expect(reg.statusCode).toBe(201);

    const noReason = await stars.call('DELETE', `/api/trial/${trial.id}`);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(TRIAL_MESSAGES.cancelReasonRequired);
    const blank = await stars.call('DELETE', `/api/trial/${trial.id}?reason=%20%20`);
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(TRIAL_MESSAGES.cancelReasonRequired);

    const res = await stars.call(
      'DELETE',
      `/api/trial/${trial.id}?reason=${encodeURIComponent('Pitch unavailable')}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Pitch unavailable',
      registered_count: 0,
    });
    expect(await outboxOf(t, 'trial.cancelled')).toContainEqual({ trialId: trial.id });

    const seen = await tolu.call('GET', `/api/trial/${trial.id}`);
    expect(seen.json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Pitch unavailable',
      my_registration: { id: reg.json().id, status: 'trial_cancelled' },
    });
    const again = await stars.call('DELETE', `/api/trial/${trial.id}?reason=again`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'trials.cancelled',
      message: TRIAL_MESSAGES.cancelled,
    });
    const edit = await stars.call('PUT', `/api/trial/${trial.id}`, { name: 'Back on' });
    expect(edit.statusCode).toBe(409);
    const late = await register(await player(t), trial);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      code: 'trials.cancelled',
      message: TRIAL_MESSAGES.cancelled,
    });
  });

  describe('the public list', () => {
    let viewer: TestUser;
    const made: Record<string, TrialView> = {};
    const names = (body: { trials: TrialView[] }) => body.trials.map((tr) => tr.name);
    const list = async (query: string) => {
      const res = await viewer.call('GET', `/api/trial?${query}`);
      expect(res.statusCode).toBe(200);
      return res.json();
    };

    beforeAll(async () => {
      const club = await academy(t, { username: 'List Club' });
      viewer = await player(t);
      const tag = `q${Date.now()}`;
      made.football = await createTrial(club, { name: `${tag} Ikeja Football Day` });
      made.paid = await createTrial(club, {
        name: `${tag} Paid Basketball Camp`,
        sport: 'basketball',
        registration_fee: 500000,
        state: 'Oyo',
        district: 'Ibadan North',
        venue: 'Lekan Salami Stadium',
      });
      made.cancelled = await createTrial(club, { name: `${tag} Cancelled Day` });
      await club.call('DELETE', `/api/trial/${made.cancelled.id}?reason=Rain`);
      made.past = await createTrial(club, { name: `${tag} Past Day` });
      await setTrial(t, made.past.id, { trialDate: lagosDate(-2), deadline: lagosDate(-3) });
      // An academy whose verification was withdrawn after it published.
      const withdrawn = await academy(t);
      await createTrial(withdrawn, { name: `${tag} Hidden Day` });
      await setAccount(t, withdrawn, { academyStatus: 'unverified' });
      made.tag = { name: tag } as TrialView;
    });

    it('search, sport, state and free/paid filter; cancelled, past and unverified trials never show', async () => {
      const tag = made.tag!.name;
      expect(names(await list(`search=${tag}`)).sort()).toEqual(
        [`${tag} Ikeja Football Day`, `${tag} Paid Basketball Camp`].sort(),
      );
      expect(names(await list(`search=${tag}&sport=basketball`))).toEqual([
        `${tag} Paid Basketball Camp`,
      ]);
      expect(names(await list(`search=${tag}&state=Oyo`))).toEqual([`${tag} Paid Basketball Camp`]);
      expect(names(await list(`search=${tag}&payment=free`))).toEqual([
        `${tag} Ikeja Football Day`,
      ]);
      expect(names(await list(`search=${tag}&payment=paid`))).toEqual([
        `${tag} Paid Basketball Camp`,
      ]);
      // The venue is searched too.
      expect(names(await list(`search=${encodeURIComponent('Lekan Salami')}`))).toContain(
        `${tag} Paid Basketball Camp`,
      );
      const bad = await viewer.call('GET', '/api/trial?payment=cheap');
      expect(bad.statusCode).toBe(400);
    });

    it('pages of 12 with has_more', async () => {
      const club = await academy(t);
      const tag = `page${Date.now()}`;
      for (let i = 0; i < 13; i++)
        await createTrial(club, { name: `${tag} ${String(i).padStart(2, '0')}` });
      const first = await list(`search=${tag}`);
      expect(first).toMatchObject({ page: 1, has_more: true });
      expect(first.trials).toHaveLength(12);
      const second = await list(`search=${tag}&page=2`);
      expect(second).toMatchObject({ page: 2, has_more: false });
      expect(second.trials).toHaveLength(1);
      const all = new Set([...names(first), ...names(second)]);
      expect(all.size).toBe(13);
    });
  });

  it('the academy lists its own trials by tab (Lagos dates)', async () => {
    const club = await academy(t);
    const upcoming = await createTrial(club, { name: 'Upcoming one' });
    const today = await createTrial(club, { name: 'Today one' });
    await setTrial(t, today.id, { trialDate: lagosDate(0), deadline: lagosDate(0) });
    const done = await createTrial(club, { name: 'Completed one' });
    await setTrial(t, done.id, { trialDate: lagosDate(-5), deadline: lagosDate(-6) });
    const off = await createTrial(club, { name: 'Cancelled one' });
    await club.call('DELETE', `/api/trial/${off.id}?reason=Weather`);
    const someoneElse = await academy(t);
    await createTrial(someoneElse, { name: 'Not mine' });

    const tab = async (name: string) => {
      const res = await club.call('GET', `/api/academy_trials?tab=${name}`);
      expect(res.statusCode).toBe(200);
      return res.json().trials.map((tr: TrialView) => tr.id);
    };
    expect(await tab('upcoming')).toEqual([upcoming.id]);
    expect(await tab('today')).toEqual([today.id]);
    expect(await tab('completed')).toEqual([done.id]);
    expect(await tab('cancelled')).toEqual([off.id]);
    const bad = await club.call('GET', '/api/academy_trials?tab=later');
    expect(bad.statusCode).toBe(400);
    const p = await player(t);
    expect((await p.call('GET', '/api/academy_trials?tab=upcoming')).statusCode).toBe(403);
  });

  it('details: places left, and a player sees their own registration only', async () => {
    const club = await academy(t);
    const trial = await createTrial(club, { total_participant_limit: 2 });
    const ada = await player(t);
    const bayo = await player(t);
    const reg = (await register(ada, trial)).json();
    const asAda = (await ada.call('GET', `/api/trial/${trial.id}`)).json();
    expect(asAda).toMatchObject({
      registered_count: 1,
      places_left: 1,
      my_registration: { id: reg.id, reference_code: reg.reference_code, status: 'registered' },
    });
    expect(asAda.my_registration.reference_code).toMatch(/^TL-[23456789A-HJ-NP-Z]{6}$/);
    const asBayo = (await bayo.call('GET', `/api/trial/${trial.id}`)).json();
    expect(asBayo).toMatchObject({ places_left: 1, my_registration: null });
    const asClub = (await club.call('GET', `/api/trial/${trial.id}`)).json();
    expect(asClub.my_registration).toBeNull();
    const missing = await ada.call('GET', `/api/trial/${crypto.randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(TRIAL_MESSAGES.notFound);
  });
});
