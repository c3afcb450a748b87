import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@touchline/db';
import { EVALUATION_MESSAGES, type TrialView } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { awaitingChild, consentedGuardian, dobAged } from '../guardians/guardians.test-support';
import {
  academy,
  createTrial,
  lagosDate,
  outboxOf,
  player,
  register,
  setTrial,
} from './trials.test-support';

/**
 * Trial-day evaluations (issue 27 items 3–4, supplement §17): only the trial's academy scores
 * and measures, from the trial's day; a shared evaluation is the player's feedback report (and
 * their guardians'), told in-app and by e-mail; unshared notes never reach the player.
 */
describe('trial evaluations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t?.close());

  const until = (check: () => Promise<void>) =>
    vi.waitFor(check, { timeout: 30_000, interval: 50 });

  /** The academy checks a registrant in at the gate by their reference code (decision 50). */
  async function checkIn(club: TestUser, trialId: string, referenceCode: string) {
    const res = await club.call('POST', `/api/trial/${trialId}/check_in`, {
      reference_code: referenceCode,
    });
    expect(res.statusCode).toBe(200);
  }

  /** A trial whose day is today, with one registered player, checked in at the gate. */
  async function trialDay(): Promise<{
    club: TestUser;
    ada: TestUser;
    trial: TrialView;
    id: string;
  }> {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const res = await register(ada, trial);
    expect(res.statusCode).toBe(201);
    await setTrial(t, trial.id, { trialDate: lagosDate(0), deadline: lagosDate(0) });
    await checkIn(club, trial.id, res.json().reference_code as string);
    return { club, ada, trial, id: res.json().id as string };
  }

  const scored = {
    scores: [
      { criterion: 'Pace', score: 4 },
      { criterion: 'First touch', score: 3 },
    ],
    notes: 'Quick over the first ten metres; work on the weaker foot.',
    measurements: {
      height_cm: 178,
      weight_kg: 71.5,
      sprint_30m_seconds: 4.21,
      standing_reach_cm: 231,
    },
  };

  it('the academy scores, measures and shares; the player reads it on their history and is told', async () => {
    const { club, ada, trial, id } = await trialDay();
    const empty = await club.call('GET', `/api/player_trial/${id}/evaluation`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({
      criteria: ['Pace', 'First touch', 'Decision making'],
      may_evaluate: true,
      scores: [],
      shared: false,
    });

    const saved = await club.call('PUT', `/api/player_trial/${id}/evaluation`, scored);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().message).toBe(EVALUATION_MESSAGES.saved);
    // Not shared yet: the player sees no feedback, not even the notes.
    const before = await ada.call('GET', '/api/trial_history');
    expect(before.json().registrations[0].feedback).toBeNull();
    expect(before.body).not.toContain('weaker foot');
    expect(await outboxOf(t, 'registration.evaluation_shared')).not.toContainEqual({
      registrationId: id,
    });

    const shared = await club.call('PUT', `/api/player_trial/${id}/evaluation`, {
      ...scored,
      share_with_player: true,
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({
      message: EVALUATION_MESSAGES.shared,
      evaluation: { shared: true, scores: scored.scores, measurements: scored.measurements },
    });
    const history = await ada.call('GET', '/api/trial_history');
    expect(history.json().registrations[0]).toMatchObject({
      id,
      status: 'registered',
      feedback: { scores: scored.scores, notes: scored.notes, measurements: scored.measurements },
    });
    // Selection stays a separate decision.
    const [row] = await t.db
      .select({ status: schema.trialRegistrations.status })
      .from(schema.trialRegistrations)
      .where(eq(schema.trialRegistrations.id, id));
    expect(row!.status).toBe('registered');

    await until(async () => {
      const texts = (await ada.call('GET', '/api/notification')).json().results as {
        text: string;
      }[];
      expect(texts.map((n) => n.text)).toContain(`Your feedback from ${trial.name} is ready`);
    });
    await until(async () => {
      const emails = await t.db
        .select({ template: schema.emails.template })
        .from(schema.emails)
        .where(eq(schema.emails.to, ada.email.toLowerCase()));
      expect(emails.map((e) => e.template)).toContain('trials.feedback');
    });

    // Saving again while shared does not tell the player twice.
    await club.call('PUT', `/api/player_trial/${id}/evaluation`, {
      ...scored,
      share_with_player: true,
    });
    expect(
      (await outboxOf(t, 'registration.evaluation_shared')).filter((p) => p.registrationId === id),
    ).toHaveLength(1);

    // The next registrant's form proposes the criteria this trial uses.
    const ben = await player(t);
    const benReg = await register(ben, trial);
    const next = await club.call('GET', `/api/player_trial/${benReg.json().id}/evaluation`);
    expect(next.json().criteria).toEqual(['Pace', 'First touch']);
  });

  it('the dashboard counts N of M evaluated and the registrants CSV carries scores and measurements', async () => {
    const { club, trial, id } = await trialDay();
    const second = await register(await player(t), trial);
    // A third registrant never arrives: not an attendee; the day's sweep marks them no-show.
    const third = await register(await player(t), trial);
    await t.db
      .update(schema.trialRegistrations)
      .set({ status: 'no_show' })
      .where(eq(schema.trialRegistrations.id, third.json().id as string));
    await checkIn(club, trial.id, second.json().reference_code as string);
    await club.call('PUT', `/api/player_trial/${id}/evaluation`, scored);
    const dashboard = await club.call('GET', '/api/academy_dashboard');
    expect(dashboard.statusCode).toBe(200);
    expect(dashboard.json().evaluation_progress).toContainEqual({
      trial_id: trial.id,
      name: trial.name,
      trial_date: lagosDate(0),
      evaluated: 1,
      evaluable: 2,
      checked_in: 2,
      expected: 3,
      no_shows: 1,
    });
    const csv = await club.call('GET', `/api/players_in_trial_list/${trial.id}?format=csv`);
    const [header, ...rows] = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(header).toContain('Score: Pace,Score: First touch,Evaluation notes,Evaluation shared');
    expect(header).toContain('30 m sprint (s)');
    expect(rows.find((r) => r.includes('4.21'))).toContain(',4,3,');
  });

  it('only the trial’s academy evaluates: another academy, the player and a guardian are refused', async () => {
    const { ada, id } = await trialDay();
    const other = await academy(t);
    for (const method of ['GET', 'PUT'] as const) {
      const res = await other.call(method, `/api/player_trial/${id}/evaluation`, scored);
      expect(res.statusCode).toBe(404);
      expect(
        (await ada.call(method, `/api/player_trial/${id}/evaluation`, scored)).statusCode,
      ).toBe(403);
    }
    const admin = await t.createUser({ role: 'admin' });
    expect((await admin.call('PUT', `/api/player_trial/${id}/evaluation`, scored)).statusCode).toBe(
      403,
    );
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/api/player_trial/${id}/evaluation`,
      payload: scored,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('bad input is refused with the specification’s messages', async () => {
    const { club, id } = await trialDay();
    const put = (body: object) => club.call('PUT', `/api/player_trial/${id}/evaluation`, body);
    const cases: [object, string][] = [
      [{ scores: [{ criterion: 'Pace', score: 6 }] }, EVALUATION_MESSAGES.scoreRange],
      [{ scores: [{ criterion: 'Pace', score: 0 }] }, EVALUATION_MESSAGES.scoreRange],
      [{ scores: [{ criterion: 'Pace', score: 2.5 }] }, EVALUATION_MESSAGES.scoreRange],
      [
        {
          scores: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((criterion) => ({ criterion, score: 3 })),
        },
        EVALUATION_MESSAGES.tooManyCriteria,
      ],
      [
        {
          scores: [
            { criterion: 'Pace', score: 3 },
            { criterion: 'pace', score: 4 },
          ],
        },
        EVALUATION_MESSAGES.duplicateCriterion,
      ],
      [{ scores: [{ criterion: ' ', score: 3 }] }, EVALUATION_MESSAGES.criterionRequired],
      [{ notes: 'x'.repeat(2001) }, EVALUATION_MESSAGES.notesTooLong],
      [{ share_with_player: true }, EVALUATION_MESSAGES.shareNeedsScores],
      [{ measurements: { sprint_30m_seconds: 1.2 } }, EVALUATION_MESSAGES.sprintRange],
      [{ measurements: { height_cm: 400 } }, EVALUATION_MESSAGES.heightRange],
      [{ measurements: { weight_kg: 5 } }, EVALUATION_MESSAGES.weightRange],
      [{ measurements: { standing_reach_cm: 50 } }, EVALUATION_MESSAGES.reachRange],
    ];
    for (const [body, message] of cases) {
      const res = await put(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect((await club.call('GET', `/api/player_trial/${id}/evaluation`)).json().scores).toEqual(
      [],
    );
  });

  it('nobody is evaluated before the trial day, nor a registration that holds no place', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const reg = await register(ada, trial);
    const id = reg.json().id as string;
    const early = await club.call('PUT', `/api/player_trial/${id}/evaluation`, scored);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(EVALUATION_MESSAGES.notEligible);
    expect((await club.call('GET', `/api/player_trial/${id}/evaluation`)).json().may_evaluate).toBe(
      false,
    );

    // On the day, a registrant not checked in at the gate is not an attendee yet.
    await setTrial(t, trial.id, { trialDate: lagosDate(0), deadline: lagosDate(0) });
    const absent = await club.call('PUT', `/api/player_trial/${id}/evaluation`, scored);
    expect(absent.statusCode).toBe(409);
    expect(absent.json().message).toBe(EVALUATION_MESSAGES.notEligible);

    expect((await ada.call('DELETE', `/api/player_trial/${id}`)).statusCode).toBe(200);
    const cancelled = await club.call('PUT', `/api/player_trial/${id}/evaluation`, scored);
    expect(cancelled.statusCode).toBe(409);
  });

  it('a minor’s shared feedback shows to their linked guardian; measured values reach the profile', async () => {
    const child = await awaitingChild(t, 14, { dob: dobAged(14) });
    const guardian = await consentedGuardian(
      t,
      child,
      // The id's random end: its first characters are its time, shared by every id of a minute.
      `guardian-${child.id.slice(-12)}@example.com`,
    );
    const club = await academy(t);
    const trial = await createTrial(club);
    const reg = await register(child, trial);
    expect(reg.statusCode).toBe(201);
    const id = reg.json().id as string;
    expect(
      (await guardian.call('POST', `/api/guardian/approvals/${id}`, { decision: 'approve' }))
        .statusCode,
    ).toBe(200);
    await setTrial(t, trial.id, { trialDate: lagosDate(0), deadline: lagosDate(0) });
    await checkIn(club, trial.id, reg.json().reference_code as string);
    await club.call('PUT', `/api/player_trial/${id}/evaluation`, {
      ...scored,
      share_with_player: true,
    });

    const detail = await guardian.call('GET', `/api/guardian/children/${child.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().registrations[0].feedback).toMatchObject({ scores: scored.scores });

    const profile = await child.call('GET', `/api/profile/${child.id}`);
    expect(profile.json().measured).toMatchObject({
      sprint_30m_seconds: { value: 4.21, trial: trial.name, date: lagosDate(0) },
    });
    // Outside the child's circle the profile is the limited card: no measured values either.
    const stranger = await player(t);
    const card = await stranger.call('GET', `/api/profile/${child.id}`);
    expect(card.json()).toMatchObject({ limited: true });
    expect(card.json().measured).toBeUndefined();
  });
});
