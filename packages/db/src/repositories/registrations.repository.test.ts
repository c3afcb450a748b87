import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database, Transaction } from '../client';
import { createTestDatabase, seed, type SeedUser } from '../testing';
import type { TestDatabase } from '../testing';
import {
  insertRegistration,
  lockRegistrationFacts,
  type NewRegistration,
} from './registrations.repository';
import { findRegistration, listRegistrants, trialHistory } from './registration-reads.repository';
import {
  expireHold,
  lockRegistration,
  markRegistrationCancelled,
  setRegistrationOutcome,
  sweepExpiredHolds,
} from './registration-lifecycle.repository';
import { pickRemindersDue } from './trial-reminders.repository';
import { getTrialView } from './trial-views.repository';
import { getPaymentByReference, markPaymentSucceeded } from './payments.repository';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.close());

const NOW = new Date('2026-06-01T10:00:00Z');
const dated = { trialDate: '2026-06-20', deadline: '2026-06-15' };
const NO_TRIAL = '00000000-0000-7000-8000-000000000000';

const countOf = async (trialId: string) =>
  (await getTrialView(db, { trialId, viewerId: null }))!.registeredCount;

/** A registration as the API writes one it decided, with the details of the form. */
function decided(
  trialId: string,
  playerId: string,
  values: Partial<NewRegistration> = {},
): NewRegistration {
  return {
    trialId,
    playerId,
    name: 'Ada Player',
    dob: '2008-03-10',
    phone: '+2348012345678',
    email: 'ada@example.test',
    state: 'Lagos',
    district: 'Ikeja',
    level: 'local',
    status: 'registered',
    holdExpiresAt: null,
    takesPlace: true,
    answers: [],
    payment: null,
    now: NOW,
    ...values,
  };
}

describe('the facts a registration is decided on', () => {
  test('the trial, its academy, places, requirements in order, the player and their live registration', async () => {
    const w = await seed(
      db,
      {
        users: {
          club: { role: 'academy' },
          pending: { role: 'academy', academyStatus: 'unverified' },
          ada: { dob: '2010-06-20' },
          bola: { dob: null },
        },
        trials: {
          open: {
            by: 'club',
            participantLimit: 5,
            feeKobo: 250_000,
            minAge: 12,
            maxAge: 19,
            requirements: ['Position?', 'Club?'],
            ...dated,
          },
          closed: { by: 'pending' },
        },
        registrations: {
          ada: { trial: 'open', player: 'ada' },
          bolaGone: { trial: 'open', player: 'bola', status: 'expired' },
        },
      },
      { now: NOW },
    );
    const facts = (trialId: string, playerId: string) =>
      db.transaction((tx) => lockRegistrationFacts(tx, { trialId, playerId }));

    expect(await facts(w.trials.open.id, w.users.ada.id)).toEqual({
      trial: {
        id: w.trials.open.id,
        name: 'Open Trial open',
        academyId: w.users.club.id,
        status: 'active',
        academyAvailable: true,
        trialDate: '2026-06-20',
        deadline: '2026-06-15',
        minAge: 12,
        maxAge: 19,
        participantLimit: 5,
        registeredCount: 1,
        feeKobo: 250_000,
        currency: 'NGN',
        requirementIds: w.trials.open.requirementIds,
      },
      player: {
        id: w.users.ada.id,
        role: 'player',
        dob: '2010-06-20',
        consentStatus: 'not_needed',
      },
      alreadyRegistered: true,
    });
    // An expired registration is not live: the player may register again.
    expect(await facts(w.trials.open.id, w.users.bola.id)).toMatchObject({
      player: { dob: null },
      alreadyRegistered: false,
    });
    expect(await facts(w.trials.closed.id, w.users.club.id)).toMatchObject({
      trial: { academyAvailable: false, requirementIds: [] },
      player: { role: 'academy' },
    });
    expect(await facts(NO_TRIAL, w.users.ada.id)).toMatchObject({
      trial: null,
      alreadyRegistered: false,
    });
    expect(await facts(w.trials.open.id, NO_TRIAL)).toMatchObject({ player: null });
  });
});

describe('writing a decided registration', () => {
  test('a place, a reference code, the answers; a paid one with its pending payment', async () => {
    const w = await seed(db, {
      users: { club: { role: 'academy' }, ada: {}, bola: {} },
      trials: { open: { by: 'club', requirements: ['Position?'], ...dated } },
    });
    const trialId = w.trials.open.id;
    const [requirementId] = w.trials.open.requirementIds;
    const free = await db.transaction(async (tx) => {
      await lockRegistrationFacts(tx, { trialId, playerId: w.users.ada.id });
      return insertRegistration(
        tx,
        decided(trialId, w.users.ada.id, {
          answers: [{ requirementId: requirementId!, answer: 'GK' }],
        }),
      );
    });
    expect(free.registration).toMatchObject({ status: 'registered', holdExpiresAt: null, trialId });
    expect(free.registration.referenceCode).toMatch(/^TL-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    expect(free.payment).toBeNull();

    const hold = new Date('2026-06-01T10:30:00Z');
    const paid = await db.transaction((tx) =>
      insertRegistration(
        tx,
        decided(trialId, w.users.bola.id, {
          status: 'pending_payment',
          holdExpiresAt: hold,
          answers: [{ requirementId: requirementId!, answer: 'CM' }],
          payment: { amountKobo: 1_250_000, currency: 'NGN', provider: 'sandbox' },
        }),
      ),
    );
    expect(paid.payment).toMatchObject({ amountKobo: 1_250_000, currency: 'NGN' });
    expect(paid.payment!.reference).toMatch(/^tlp_[0-9a-f]{24}$/);
    expect(await getPaymentByReference(db, paid.payment!.reference)).toMatchObject({
      status: 'pending',
      payerId: w.users.bola.id,
    });
    expect(await countOf(trialId)).toBe(2);
    const rows = await listRegistrants(db, { trialId });
    expect(rows.map((r) => [r.status, r.answers.map((a) => a.answer)])).toEqual([
      ['registered', ['GK']],
      ['pending_payment', ['CM']],
    ]);
    expect(rows[1]).toMatchObject({ paymentStatus: 'pending', dob: '2008-03-10', level: 'local' });
  });

  test('a registration that takes no place leaves the counter alone', async () => {
    const w = await seed(db, {
      users: { club: { role: 'academy' }, ada: {} },
      trials: { open: { by: 'club' } },
    });
    await db.transaction((tx) =>
      insertRegistration(tx, decided(w.trials.open.id, w.users.ada.id, { takesPlace: false })),
    );
    expect(await countOf(w.trials.open.id)).toBe(0);
  });

  test('the lock orders concurrent registrations: each reads the places the ones before it took', async () => {
    const postgres = testDb.backend !== 'pglite';
    const attempts = postgres ? 200 : 40;
    const users: Record<string, SeedUser> = Object.fromEntries(
      Array.from({ length: attempts }, (_, i) => [`p${i}`, {}]),
    );
    users.club = { role: 'academy' };
    const w = await seed(db, {
      users,
      trials: { open: { by: 'club' } },
    });
    const trialId = w.trials.open.id;
    const register = (tx: Transaction, playerId: string) =>
      lockRegistrationFacts(tx, { trialId, playerId }).then(async (facts) => {
        await insertRegistration(tx, decided(trialId, playerId));
        return facts.trial!.registeredCount;
      });
    const seen = await Promise.all(
      Object.keys(users)
        .filter((key) => key !== 'club')
        .map((key) => db.transaction((tx) => register(tx, w.users[key]!.id))),
    );
    expect(seen.sort((a, b) => a - b)).toEqual(Array.from({ length: attempts }, (_, i) => i));
    expect(await countOf(trialId)).toBe(attempts);
  }, 180_000);
});

describe("a registration's later life", () => {
  test('lockRegistration reads the registration and its trial; null when missing', async () => {
    const w = await seed(db, {
      users: { club: { role: 'academy' }, ada: {} },
      trials: { open: { by: 'club', participantLimit: 3, ...dated } },
      registrations: { ada: { trial: 'open', player: 'ada' } },
    });
    const locked = await db.transaction((tx) =>
      lockRegistration(tx, w.registrations.ada.registration.id),
    );
    expect(locked).toMatchObject({
      trial: {
        id: w.trials.open.id,
        academyId: w.users.club.id,
        status: 'active',
        deadline: '2026-06-15',
        trialDate: '2026-06-20',
        participantLimit: 3,
        registeredCount: 1,
      },
      registration: { playerId: w.users.ada.id, status: 'registered' },
    });
    expect(await db.transaction((tx) => lockRegistration(tx, NO_TRIAL))).toBeNull();
  });

  test('a cancellation frees the place, fails a pending payment, and names a succeeded one to refund', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' }, ada: {}, bola: {} },
        trials: { paid: { by: 'club', feeKobo: 400_000 } },
        registrations: {
          held: { trial: 'paid', player: 'ada' },
          paid: { trial: 'paid', player: 'bola' },
        },
      },
      { now: NOW },
    );
    const { held, paid } = w.registrations;
    await db.transaction((tx) => markPaymentSucceeded(tx, { ...paid.payment!, now: NOW }));
    const cancel = (registrationId: string) =>
      db.transaction((tx) =>
        markRegistrationCancelled(tx, { registrationId, trialId: w.trials.paid.id, at: NOW }),
      );
    expect(await cancel(held.registration.id)).toEqual({ refundPaymentId: null });
    expect(await getPaymentByReference(db, held.payment!.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'cancelled',
    });
    const payment = await getPaymentByReference(db, paid.payment!.reference);
    expect(await cancel(paid.registration.id)).toEqual({ refundPaymentId: payment!.id });
    expect((await findRegistration(db, paid.registration.id))!).toMatchObject({
      status: 'cancelled',
      holdExpiresAt: null,
    });
    expect(await countOf(w.trials.paid.id)).toBe(0);
  });

  test('an outcome is written as decided', async () => {
    const w = await seed(db, {
      users: { club: { role: 'academy' }, ada: {} },
      trials: { open: { by: 'club', ...dated } },
      registrations: { ada: { trial: 'open', player: 'ada' } },
    });
    const registrationId = w.registrations.ada.registration.id;
    await db.transaction((tx) =>
      setRegistrationOutcome(tx, { registrationId, status: 'selected', at: NOW }),
    );
    expect((await findRegistration(db, registrationId))!.status).toBe('selected');
    const history = await trialHistory(db, { playerId: w.users.ada.id, page: 1, pageSize: 50 });
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({
      status: 'selected',
      trial: { id: w.trials.open.id, trialDate: '2026-06-20', academyId: w.users.club.id },
      payment: null,
    });
  });

  test('a hold expires when due (or forced), once; the sweep expires every hold that ran out', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' }, ada: {}, bola: {}, chidi: {} },
        trials: { paid: { by: 'club', participantLimit: 3, feeKobo: 1_250_000 } },
        registrations: {
          ada: { trial: 'paid', player: 'ada' },
          bola: { trial: 'paid', player: 'bola' },
          chidi: { trial: 'paid', player: 'chidi' },
        },
      },
      { now: NOW },
    );
    const trialId = w.trials.paid.id;
    const { ada, bola, chidi } = w.registrations;
    expect(ada.registration.holdExpiresAt?.toISOString()).toBe('2026-06-01T10:30:00.000Z');
    const expire = (registrationId: string, now: Date, force = false) =>
      db.transaction((tx) => expireHold(tx, { registrationId, now, force }));

    expect((await expire(ada.registration.id, new Date('2026-06-01T10:29:59Z'))).expired).toBe(
      false,
    );
    const late = new Date('2026-06-01T10:30:00Z');
    expect(await expire(ada.registration.id, late)).toEqual({
      expired: true,
      registration: { id: ada.registration.id, trialId, playerId: w.users.ada.id },
    });
    expect((await expire(ada.registration.id, late)).expired).toBe(false);
    expect(await getPaymentByReference(db, ada.payment!.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
    expect((await expire(bola.registration.id, NOW, true)).expired).toBe(true);
    expect(await countOf(trialId)).toBe(1);

    const swept = await db.transaction((tx) =>
      sweepExpiredHolds(tx, { now: new Date('2026-06-01T11:00:00Z') }),
    );
    expect(swept.filter((e) => e.trialId === trialId).map((e) => e.id)).toEqual([
      chidi.registration.id,
    ]);
    expect(await countOf(trialId)).toBe(0);
  });
});

describe('reminders', () => {
  test('registrants of trials starting within 24 hours, each picked once', async () => {
    // Starts 2026-06-02 09:00 Lagos = 08:00 UTC, 22 hours after NOW.
    const soon = { trialDate: '2026-06-02', deadline: '2026-06-01', startTime: '09:00' };
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' }, ada: {}, bola: {} },
        trials: {
          soon: { by: 'club', ...soon },
          later: { by: 'club', ...soon, trialDate: '2026-06-03' },
        },
        registrations: {
          adaSoon: { trial: 'soon', player: 'ada' },
          adaLater: { trial: 'later', player: 'ada' },
          bolaSoon: { trial: 'soon', player: 'bola' },
        },
      },
      { now: NOW },
    );
    const ours = (rows: Awaited<ReturnType<typeof pickRemindersDue>>) =>
      rows.filter((r) => r.trialId === w.trials.soon.id || r.trialId === w.trials.later.id);
    const [first, second] = await Promise.all([
      pickRemindersDue(db, { now: NOW, withinHours: 24 }),
      pickRemindersDue(db, { now: NOW, withinHours: 24 }),
    ]);
    const picked = ours([...first, ...second]);
    expect(picked.map((r) => r.playerId).sort()).toEqual([w.users.ada.id, w.users.bola.id].sort());
    expect(picked.every((r) => r.trialId === w.trials.soon.id)).toBe(true);
    expect(ours(await pickRemindersDue(db, { now: NOW, withinHours: 24 }))).toEqual([]);
  });
});
