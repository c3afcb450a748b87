import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { consentedGuardian, dobAged } from '../guardians/guardians.test-support';
import { academy, createTrial, register } from './trials.test-support';

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

type Guardian = Awaited<ReturnType<typeof consentedGuardian>>;
/** Anyone signed in: a test user or a guardian (their `call`s differ only in the methods). */
type Caller = { call: (method: 'GET', url: string) => Promise<{ json: () => unknown }> };
const texts = async (who: Caller) =>
  (
    (await who.call('GET', '/api/notification')).json() as { results: { text: string }[] }
  ).results.map((n) => n.text);

describe('a consented minor’s trial registration waits for the guardian (decision 42)', () => {
  let t: TestApp;
  let club: TestUser;
  let child: TestUser;
  let guardian: Guardian;
  let otherGuardian: Guardian;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    club = await academy(t);
    child = await t.createUser({
      dob: dobAged(14),
      consentStatus: 'awaiting_consent',
      username: 'Ada Child',
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    });
    guardian = await consentedGuardian(t, child, 'mum@example.com');
    const stranger = await t.createUser({
      dob: dobAged(12),
      consentStatus: 'awaiting_consent',
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    });
    otherGuardian = await consentedGuardian(t, stranger, 'other@example.com');
  }, 120_000);
  afterAll(async () => t.close());

  const trialOf = (overrides: Record<string, unknown> = {}) =>
    createTrial(club, { name: `Junior Trial ${++n}`, ...overrides });

  it('is stored awaiting_guardian holding its place 48 hours; the guardian is told in-app and by e-mail', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const before = Date.now();
    const res = await register(child, trial);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'awaiting_guardian' });
    expect(body.payment).toBeUndefined();
    const hold = new Date(body.hold_expires_at).getTime() - before;
    expect(hold).toBeGreaterThan(47.9 * 3600_000);
    expect(hold).toBeLessThanOrEqual(48.1 * 3600_000);

    // The place counts: the trial is full for anyone else, who joins the waitlist (decision 49).
    const adult = await t.createUser({ role: 'player', state: 'Lagos', sports: ['football'] });
    const waiting = await register(adult, trial);
    expect(waiting.statusCode).toBe(201);
    expect(waiting.json()).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });

    // The child's trial page says what it waits for.
    const mine = (await child.call('GET', `/api/trial/${trial.id}`)).json();
    expect(mine.my_registration).toMatchObject({ id: body.id, status: 'awaiting_guardian' });

    const told = `Ada Child registered for ${trial.name}: your approval is needed`;
    await until(
      () => texts(guardian),
      (list) => list.includes(told),
    );
    const [mail] = await t.db
      .select()
      .from(schema.emails)
      .where(eq(schema.emails.template, 'trials.guardian_approval'));
    expect(mail?.to).toBe('mum@example.com');

    const detail = (await guardian.call('GET', `/api/guardian/children/${child.id}`)).json();
    expect(detail.approvals).toEqual([
      expect.objectContaining({
        id: body.id,
        trial: expect.objectContaining({ id: trial.id, registration_fee: 0 }),
        payment: null,
      }),
    ]);
  });

  it('the academy sees nothing of it: registrants, CSV, counters, dashboard, notifications', async () => {
    const trial = await trialOf({ total_participant_limit: 5 });
    const registered = (await register(child, trial)).json();
    expect(registered.status).toBe('awaiting_guardian');
    // Let the worker run the registration's jobs (the guardian's notice) before looking.
    await until(
      () => texts(guardian),
      (list) => list.some((text) => text.includes(trial.name)),
    );
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants).toEqual([]);
    const csv = await club.call('GET', `/api/players_in_trial_list/${trial.id}?format=csv`);
    expect(csv.body).not.toContain('Ada Child');
    const view = (await club.call('GET', `/api/trial/${trial.id}`)).json();
    expect(view).toMatchObject({ registered_count: 0, places_left: 5 });
    const dashboard = (await club.call('GET', '/api/academy_dashboard')).json();
    expect(JSON.stringify(dashboard)).not.toContain('"awaiting_guardian":1');
    expect(await texts(club)).not.toContain(`Ada Child registered for ${trial.name}`);
    const events = await t.db
      .select()
      .from(schema.userEvents)
      .where(eq(schema.userEvents.userId, club.id));
    expect(JSON.stringify(events.map((e) => e.data))).not.toContain(registered.id);
  });

  it('only a guardian linked to the child decides: another guardian 404, the child and the academy are refused', async () => {
    const trial = await trialOf();
    const { id } = (await register(child, trial)).json();
    const url = `/api/guardian/approvals/${id}`;
    const other = await otherGuardian.call('POST', url, { decision: 'approve' });
    expect(other.statusCode).toBe(404);
    expect((await child.call('POST', url, { decision: 'approve' })).statusCode).toBe(403);
    expect((await club.call('POST', url, { decision: 'approve' })).statusCode).toBe(403);
    const bad = await guardian.call('POST', url, { decision: 'maybe' });
    expect(bad.statusCode).toBe(400);
    const unknown = await guardian.call(
      'POST',
      '/api/guardian/approvals/00000000-0000-4000-8000-000000000000',
      { decision: 'approve' },
    );
    expect(unknown.statusCode).toBe(404);
    const row = await t.db
      .select()
      .from(schema.trialRegistrations)
      .where(eq(schema.trialRegistrations.id, id));
    expect(row[0]?.status).toBe('awaiting_guardian');
  });

  it('approving a free trial registers it, and only then the academy sees and hears of it', async () => {
    const trial = await trialOf();
    const { id } = (await register(child, trial)).json();
    const res = await guardian.call('POST', `/api/guardian/approvals/${id}`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'registered' });
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants).toEqual([expect.objectContaining({ id, status: 'registered' })]);
    await until(
      () => texts(club),
      (all) => all.includes(`Ada Child registered for ${trial.name}`),
    );
    await until(
      () => texts(child),
      (all) => all.includes(`Your registration for ${trial.name} is confirmed`),
    );
    // Decided once: a second answer is refused.
    const again = await guardian.call('POST', `/api/guardian/approvals/${id}`, {
      decision: 'decline',
    });
    expect(again.statusCode).toBe(409);
  });

  it('declining frees the place and tells the child; the academy never saw it', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const { id } = (await register(child, trial)).json();
    const res = await guardian.call('POST', `/api/guardian/approvals/${id}`, {
      decision: 'decline',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, status: 'cancelled' });
    const view = (await child.call('GET', `/api/trial/${trial.id}`)).json();
    expect(view).toMatchObject({ registered_count: 0, places_left: 1 });
    await until(
      () => texts(child),
      (all) => all.includes(`Your guardian declined your registration for ${trial.name}`),
    );
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants).toEqual([]);
  });

  it('a paid trial: the guardian approves and pays through the sandbox checkout; the payment registers it', async () => {
    const trial = await trialOf({ registration_fee: 250_000 });
    const { id } = (await register(child, trial)).json();
    const res = await guardian.call('POST', `/api/guardian/approvals/${id}`, {
      decision: 'approve',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id, status: 'awaiting_guardian' });
    expect(body.payment.authorization_url).toBe(`/sandbox/checkout/${body.payment.reference}`);
    const [payment] = await t.db
      .select()
      .from(schema.payments)
      .where(eq(schema.payments.reference, body.payment.reference));
    expect(payment).toMatchObject({ payerId: guardian.id, amountKobo: 250_000, status: 'pending' });
    // Approved but not paid: still hidden from the academy.
    expect(
      (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json().registrants,
    ).toEqual([]);
    // The child cannot pay the guardian's checkout.
    const childPays = await child.call('POST', `/api/payments/sandbox/${body.payment.reference}`, {
      outcome: 'success',
    });
    expect(childPays.statusCode).toBe(404);

    const paid = await guardian.call('POST', `/api/payments/sandbox/${body.payment.reference}`, {
      outcome: 'success',
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json().redirect).toContain('/payment_success');
    const view = (await guardian.call('GET', `/api/payment/${body.payment.reference}`)).json();
    expect(view).toMatchObject({ status: 'succeeded', registration: { id, status: 'registered' } });
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants).toEqual([
      expect.objectContaining({ id, status: 'registered', payment_status: 'succeeded' }),
    ]);
    await until(
      () => texts(club),
      (all) => all.includes(`Ada Child registered for ${trial.name}`),
    );
  });

  it('the 48-hour hold running out frees the place; the guardian can no longer approve', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const { id } = (await register(child, trial)).json();
    const expire = await t.app.inject({ method: 'POST', url: `/api/dev/holds/${id}/expire` });
    expect(expire.statusCode).toBe(200);
    const view = await until(
      async () => (await child.call('GET', `/api/trial/${trial.id}`)).json(),
      (v) => v.my_registration?.status === 'expired',
    );
    expect(view).toMatchObject({ registered_count: 0, places_left: 1 });
    const late = await guardian.call('POST', `/api/guardian/approvals/${id}`, {
      decision: 'approve',
    });
    expect(late.statusCode).toBe(409);
    await until(
      () => texts(child),
      (all) =>
        all.includes(
          `Your place at ${trial.name} was released because your guardian did not approve in time`,
        ),
    );
    expect(
      (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json().registrants,
    ).toEqual([]);
  });
});
