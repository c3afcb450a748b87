import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInLagos, type AdminQueues } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { academy, createTrial, player, register } from '../trials/trials.test-support';

/** Reads until `ok` holds, with a generous bound for a loaded machine (never a fixed sleep). */
async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`condition not met: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('POST /api/dev/jobs/fail', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  it('makes one job that fails for good, shown with its reason on the queues screen', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/jobs/fail' });
    expect(res.statusCode).toBe(200);
    const { queue, id } = res.json() as { queue: string; id: string };
    expect(queue).toBe('media');

    const failed = await until(
      async () => {
        const overview = (await admin.call('GET', '/api/admin/queues')).json() as AdminQueues;
        return overview.queues
          .find((q) => q.name === queue)
          ?.failed_jobs.find((job) => job.id === id);
      },
      (job) => job !== undefined,
    );
    expect(failed).toMatchObject({ id, name: 'media.process' });
    expect(failed?.reason).toMatch(/does not exist/);
  });

  it('does not exist in production mode', async () => {
    const prod = await createTestApp({
      env: {
        APP_ENV: 'production',
        APP_SECRET: 'x'.repeat(40),
        DATABASE_URL: 'postgres://unused/db',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        PAYMENT_PROVIDER: 'sandbox',
        ALLOW_SANDBOX_PAYMENTS: 'true',
        SMS_PROVIDER: 'devbox',
        ALLOW_DEVBOX_SMS: 'true',
      },
    });
    const res = await prod.app.inject({ method: 'POST', url: '/api/dev/jobs/fail' });
    expect(res.statusCode).toBe(404);
    const hold = await prod.app.inject({
      method: 'POST',
      url: '/api/dev/holds/00000000-0000-4000-8000-000000000000/expire',
    });
    expect(hold.statusCode).toBe(404);
    const today = await prod.app.inject({
      method: 'POST',
      url: '/api/dev/trials/00000000-0000-4000-8000-000000000000/today',
    });
    expect(today.statusCode).toBe(404);
    await prod.close();
  });
});

describe('POST /api/dev/holds/:id/expire', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
  });
  afterAll(async () => t.close());

  it("runs out a pending registration's hold now: it expires, its place is freed and its payment fails", async () => {
    const club = await academy(t);
    const trial = await createTrial(club, {
      registration_fee: 250_000,
      total_participant_limit: 3,
    });
    const ada = await player(t);
    const registered = (await register(ada, trial)).json() as { id: string; status: string };
    expect(registered.status).toBe('pending_payment');

    const res = await t.app.inject({
      method: 'POST',
      url: `/api/dev/holds/${registered.id}/expire`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ queue: 'trials' });

    const mine = await until(
      async () => (await ada.call('GET', `/api/trial/${trial.id}`)).json(),
      (view) => view.my_registration?.status === 'expired',
    );
    expect(mine).toMatchObject({ registered_count: 0, places_left: 3 });
    const registrants = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(registrants.registrants).toEqual([
      expect.objectContaining({ id: registered.id, status: 'expired', payment_status: 'failed' }),
    ]);

    // Only a pending hold can run out: an expired one (or an unknown id) is not found.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/dev/holds/${registered.id}/expire`,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({
      message: 'No pending payment hold for this registration.',
    });
  });
});

describe('POST /api/dev/trials/:id/today', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('moves an active trial to today (Lagos): its academy can then evaluate who came', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const ada = await player(t);
    const reg = (await register(ada, trial)).json();
    const checkIn = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(200);
    const evaluate = () =>
      club.call('PUT', `/api/player_trial/${reg.id}/evaluation`, {
        scores: [{ criterion: 'Pace', score: 4 }],
        notes: '',
      });
    // Before its day the trial has no attendees to evaluate.
    expect((await evaluate()).statusCode).not.toBe(200);

    const res = await t.app.inject({ method: 'POST', url: `/api/dev/trials/${trial.id}/today` });
    expect(res.statusCode, res.body).toBe(200);
    const today = todayInLagos(new Date());
    expect(res.json()).toEqual({ id: trial.id, trial_date: today });
    const view = (await club.call('GET', `/api/trial/${trial.id}`)).json();
    expect(view.trial_date).toBe(today);
    const evaluated = await evaluate();
    expect(evaluated.statusCode, evaluated.body).toBe(200);
  });

  it('answers 404 for no such trial', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dev/trials/00000000-0000-4000-8000-000000000000/today',
    });
    expect(res.statusCode).toBe(404);
  });
});
