import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { consentedGuardian, dobAged } from '../guardians/guardians.test-support';
import { PASSWORD, withPassword } from '../your-data/your-data.test-support';
import { academy, createTrial, outboxOf, player, register } from './trials.test-support';

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

type Caller = { call: (method: 'GET', url: string) => Promise<{ json: () => unknown }> };
const texts = async (who: Caller) =>
  (
    (await who.call('GET', '/api/notification')).json() as { results: { text: string }[] }
  ).results.map((n) => n.text);

const view = async (who: TestUser, trialId: string) =>
  (await who.call('GET', `/api/trial/${trialId}`)).json();

describe('the waitlist of a full trial (supplement §17, decision 49)', () => {
  let t: TestApp;
  let club: TestUser;
  let n = 0;
  beforeAll(async () => {
    t = await createTestApp({ workers: true, env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    club = await academy(t, { username: 'Lagos Stars' });
  }, 120_000);
  afterAll(async () => t.close());

  const trialOf = (overrides: Record<string, unknown> = {}) =>
    createTrial(club, { name: `Waitlist Trial ${++n}`, ...overrides });

  it('a full trial answers waitlisted with the place in line, shown wherever the player looks', async () => {
    const trial = await trialOf({ total_participant_limit: 1, requirements: ['Position'] });
    const [ada, bayo, chidi] = [await player(t), await player(t), await player(t)];
    expect((await register(ada, trial)).json().status).toBe('registered');
    const first = await register(bayo, trial);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
      hold_expires_at: null,
    });
    expect(first.json().payment).toBeUndefined();
    const second = (await register(chidi, trial)).json();
    expect(second).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
    expect(await outboxOf(t, 'registration.waitlisted')).toContainEqual({
      registrationId: second.id,
      trialId: trial.id,
    });

    // The trial page and the history carry the position; the place count is untouched.
    expect(await view(chidi, trial.id)).toMatchObject({
      registered_count: 1,
      places_left: 0,
      waitlist_count: 2,
      my_registration: { id: second.id, status: 'waitlisted', waitlist_position: 2 },
    });
    const history = (await chidi.call('GET', '/api/trial_history')).json();
    expect(history.registrations[0]).toMatchObject({
      id: second.id,
      status: 'waitlisted',
      waitlist_position: 2,
    });

    // One per player and trial, waitlisted or not.
    const again = await register(chidi, trial);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRIAL_MESSAGES.alreadyRegistered);

    // The academy sees the count, never a waitlisted row among its registrants.
    expect(await view(club, trial.id)).toMatchObject({ registered_count: 1, waitlist_count: 2 });
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants.map((r: { id: string }) => r.id)).toEqual([
      (await view(ada, trial.id)).my_registration.id,
    ]);
  });

  it('the rules of registering apply when waitlisting: age, deadline, answers', async () => {
    const trial = await trialOf({
      total_participant_limit: 1,
      max_age: 25,
      requirements: ['Position'],
    });
    const young = await player(t, { dob: '2004-01-01' });
    expect((await register(young, trial, { dob: '2004-01-01' })).statusCode).toBe(201);
    const old = await player(t, { dob: '1970-01-01' });
    const tooOld = await register(old, trial, { dob: '1970-01-01' });
    expect(tooOld.statusCode).toBe(403);
    expect(tooOld.json().message).toBe(TRIAL_MESSAGES.ageOutOfRange);
    const noAnswer = await register(await player(t, { dob: '2004-01-01' }), trial, {
      dob: '2004-01-01',
      answers: [],
    });
    expect(noAnswer.statusCode).toBe(400);
    expect(noAnswer.json().message).toBe(TRIAL_MESSAGES.answersInvalid);
    await t.db
      .update(schema.trials)
      .set({ deadline: '2020-01-01' })
      .where(eq(schema.trials.id, trial.id));
    const late = await register(await player(t, { dob: '2004-01-01' }), trial, {
      dob: '2004-01-01',
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(TRIAL_MESSAGES.deadlinePassed);
  });

  it('leaving the waitlist frees no place and moves the others up', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const [ada, bayo, chidi] = [await player(t), await player(t), await player(t)];
    await register(ada, trial);
    const bayoReg = (await register(bayo, trial)).json();
    await register(chidi, trial);
    // Only the player themself leaves (another's reads as missing; an academy is refused).
    expect((await chidi.call('DELETE', `/api/player_trial/${bayoReg.id}`)).statusCode).toBe(404);
    expect((await club.call('DELETE', `/api/player_trial/${bayoReg.id}`)).statusCode).toBe(403);
    const left = await bayo.call('DELETE', `/api/player_trial/${bayoReg.id}`);
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ id: bayoReg.id, status: 'cancelled', refund: false });
    expect(await view(chidi, trial.id)).toMatchObject({
      registered_count: 1,
      waitlist_count: 1,
      my_registration: { status: 'waitlisted', waitlist_position: 1 },
    });
    expect(await view(ada, trial.id)).toMatchObject({
      my_registration: { status: 'registered' },
    });
    const promoted = await outboxOf(t, 'registration.promoted');
    expect(promoted.filter((p) => p.trialId === trial.id)).toEqual([]);
    // Having left, the player may join again (at the back of the line).
    expect((await register(bayo, trial)).json()).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 2,
    });
  });

  it('a cancellation promotes the first in line at once (free trial: registered), told in-app, by e-mail, and to the academy', async () => {
    const trial = await trialOf({ total_participant_limit: 2 });
    const [ada, bayo, chidi, dayo] = [
      await player(t),
      await player(t),
      await player(t, { username: 'Chidi Waiting' }),
      await player(t),
    ];
    const adaReg = (await register(ada, trial)).json();
    await register(bayo, trial);
    const chidiReg = (await register(chidi, trial)).json();
    await register(dayo, trial);

    expect((await ada.call('DELETE', `/api/player_trial/${adaReg.id}`)).statusCode).toBe(200);
    // Same transaction: the very next read already shows the promotion.
    expect(await view(chidi, trial.id)).toMatchObject({
      registered_count: 2,
      places_left: 0,
      waitlist_count: 1,
      my_registration: { id: chidiReg.id, status: 'registered', waitlist_position: null },
    });
    expect(await view(dayo, trial.id)).toMatchObject({
      my_registration: { status: 'waitlisted', waitlist_position: 1 },
    });
    const events = (await outboxOf(t, 'registration.promoted')).filter(
      (p) => p.trialId === trial.id,
    );
    expect(events).toEqual([{ registrationId: chidiReg.id, trialId: trial.id }]);

    await until(
      () => texts(chidi),
      (all) => all.includes(`A place opened at ${trial.name}: you are registered`),
    );
    const mails = await t.db
      .select()
      .from(schema.emails)
      .where(
        and(
          eq(schema.emails.template, 'trials.waitlist_promoted'),
          eq(schema.emails.to, chidi.email),
        ),
      );
    expect(mails).toHaveLength(1);
    await until(
      () => texts(club),
      (all) => all.includes(`Chidi Waiting registered for ${trial.name}`),
    );
    const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
    expect(list.registrants).toContainEqual(
      expect.objectContaining({ id: chidiReg.id, status: 'registered' }),
    );
  });

  it('an expired payment hold promotes into a paid place: pending_payment with a 30-minute hold, paid through the normal checkout', async () => {
    const trial = await trialOf({ total_participant_limit: 1, registration_fee: 300_000 });
    const [ada, bayo] = [await player(t), await player(t)];
    const adaReg = (await register(ada, trial)).json();
    expect(adaReg.status).toBe('pending_payment');
    const bayoReg = (await register(bayo, trial)).json();
    expect(bayoReg).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
    expect(bayoReg.payment).toBeUndefined();

    // Nothing to pay while waiting.
    const early = await bayo.call('POST', `/api/player_trial/${bayoReg.id}/payment`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(TRIAL_MESSAGES.notYourPendingPayment);

    const before = Date.now();
    const expire = await t.app.inject({
      method: 'POST',
      url: `/api/dev/holds/${adaReg.id}/expire`,
    });
    expect(expire.statusCode).toBe(200);
    const promoted = await until(
      () => view(bayo, trial.id),
      (v) => v.my_registration?.status === 'pending_payment',
    );
    expect(promoted).toMatchObject({ registered_count: 1, waitlist_count: 0 });
    const hold = new Date(promoted.my_registration.hold_expires_at).getTime() - before;
    expect(hold).toBeGreaterThan(29 * 60_000);
    expect(hold).toBeLessThanOrEqual(31 * 60_000);

    // Someone else cannot pay it; the player opens the checkout and pays.
    expect((await ada.call('POST', `/api/player_trial/${bayoReg.id}/payment`)).statusCode).toBe(
      404,
    );
    const pay = await bayo.call('POST', `/api/player_trial/${bayoReg.id}/payment`);
    expect(pay.statusCode).toBe(200);
    const { reference, authorization_url } = pay.json();
    expect(authorization_url).toBe(`/sandbox/checkout/${reference}`);
    // Asking again reuses the open payment.
    expect((await bayo.call('POST', `/api/player_trial/${bayoReg.id}/payment`)).json()).toEqual({
      reference,
      authorization_url,
    });
    const paid = await bayo.call('POST', `/api/payments/sandbox/${reference}`, {
      outcome: 'success',
    });
    expect(paid.statusCode).toBe(200);
    expect((await view(bayo, trial.id)).my_registration).toMatchObject({ status: 'registered' });
    await until(
      () => texts(bayo),
      (all) => all.includes(`A place opened at ${trial.name}: pay within 30 minutes to keep it`),
    );
  });

  it('a higher limit promotes as many as the new places, in line order', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const players = [await player(t), await player(t), await player(t), await player(t)];
    const regs = [];
    for (const p of players) regs.push((await register(p, trial)).json());
    expect(regs.map((r) => r.status)).toEqual([
      'registered',
      'waitlisted',
      'waitlisted',
      'waitlisted',
    ]);
    const raised = await club.call('PUT', `/api/trial/${trial.id}`, {
      total_participant_limit: 3,
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json()).toMatchObject({ registered_count: 3, places_left: 0, waitlist_count: 1 });
    expect((await view(players[1]!, trial.id)).my_registration.status).toBe('registered');
    expect((await view(players[2]!, trial.id)).my_registration.status).toBe('registered');
    expect((await view(players[3]!, trial.id)).my_registration).toMatchObject({
      status: 'waitlisted',
      waitlist_position: 1,
    });
  });

  describe('children (supplement §13/§14, decision 42)', () => {
    let child: TestUser;
    let guardian: Awaited<ReturnType<typeof consentedGuardian>>;
    beforeAll(async () => {
      child = await t.createUser({
        dob: dobAged(14),
        consentStatus: 'awaiting_consent',
        username: 'Ada Child',
        state: 'Lagos',
        district: 'Ikeja',
        sports: ['football'],
      });
      guardian = await consentedGuardian(t, child, 'waitlist-mum@example.com');
    }, 60_000);

    it('an awaiting-consent child cannot join a waitlist', async () => {
      const trial = await trialOf({ total_participant_limit: 1 });
      await register(await player(t), trial);
      const waiting = await t.createUser({
        dob: dobAged(13),
        consentStatus: 'awaiting_consent',
        state: 'Lagos',
        district: 'Ikeja',
        sports: ['football'],
      });
      const res = await register(waiting, trial, { dob: waiting.dob });
      expect(res.statusCode).toBe(403);
    });

    it('a waitlisted child is hidden from the academy; promoted, it waits for the guardian; a decline promotes the next', async () => {
      const trial = await trialOf({ total_participant_limit: 1 });
      const ada = await player(t);
      const adaReg = (await register(ada, trial)).json();
      const childReg = (await register(child, trial)).json();
      expect(childReg).toMatchObject({ status: 'waitlisted', waitlist_position: 1 });
      const bayo = await player(t);
      const bayoReg = (await register(bayo, trial)).json();
      expect(bayoReg).toMatchObject({ status: 'waitlisted', waitlist_position: 2 });
      // The academy counts only the adult in the line; players see the whole line.
      expect(await view(club, trial.id)).toMatchObject({ waitlist_count: 1 });
      expect(await view(bayo, trial.id)).toMatchObject({ waitlist_count: 2 });

      await ada.call('DELETE', `/api/player_trial/${adaReg.id}`);
      expect((await view(child, trial.id)).my_registration).toMatchObject({
        status: 'awaiting_guardian',
      });
      // The guardian is asked; the academy still sees nothing of the child.
      await until(
        () => texts(guardian),
        (all) => all.includes(`Ada Child registered for ${trial.name}: your approval is needed`),
      );
      const list = (await club.call('GET', `/api/players_in_trial_list/${trial.id}`)).json();
      expect(list.registrants.map((r: { id: string }) => r.id)).toEqual([adaReg.id]);
      expect(await texts(club)).not.toContain(`Ada Child registered for ${trial.name}`);

      const declined = await guardian.call('POST', `/api/guardian/approvals/${childReg.id}`, {
        decision: 'decline',
      });
      expect(declined.statusCode).toBe(200);
      expect(await view(bayo, trial.id)).toMatchObject({
        registered_count: 1,
        my_registration: { id: bayoReg.id, status: 'registered' },
      });
    });

    it('an expired guardian hold promotes the next in line', async () => {
      const trial = await trialOf({ total_participant_limit: 1 });
      const childReg = (await register(child, trial)).json();
      expect(childReg.status).toBe('awaiting_guardian');
      const bayo = await player(t);
      const bayoReg = (await register(bayo, trial)).json();
      expect(bayoReg.status).toBe('waitlisted');
      await t.app.inject({ method: 'POST', url: `/api/dev/holds/${childReg.id}/expire` });
      await until(
        () => view(bayo, trial.id),
        (v) => v.my_registration?.status === 'registered',
      );
    });
  });

  it('deleting the account gives up a waitlist place: a deleted account is never promoted', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    const ada = await player(t);
    const adaReg = (await register(ada, trial)).json();
    const leaving = await withPassword(t, { role: 'player', state: 'Lagos', sports: ['football'] });
    const leavingReg = (await register(leaving, trial)).json();
    expect(leavingReg.status).toBe('waitlisted');
    const deleted = await leaving.call('DELETE', '/api/me', { password: PASSWORD });
    expect(deleted.statusCode).toBe(200);
    await ada.call('DELETE', `/api/player_trial/${adaReg.id}`);
    const [row] = await t.db
      .select()
      .from(schema.trialRegistrations)
      .where(eq(schema.trialRegistrations.id, leavingReg.id));
    expect(row?.status).toBe('cancelled');
    expect((await view(ada, trial.id)).registered_count).toBe(0);
  });

  it('a cancelled trial ends its waitlist too', async () => {
    const trial = await trialOf({ total_participant_limit: 1 });
    await register(await player(t), trial);
    const bayo = await player(t);
    const bayoReg = (await register(bayo, trial)).json();
    const res = await club.call('DELETE', `/api/trial/${trial.id}?reason=Pitch%20flooded`);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db
      .select()
      .from(schema.trialRegistrations)
      .where(eq(schema.trialRegistrations.id, bayoReg.id));
    expect(row?.status).toBe('trial_cancelled');
  });
});
