import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase, createTestUser } from '../testing';
import type { TestDatabase } from '../testing';
import {
  cancelTrial,
  createTrial,
  getTrialView,
  listAcademyTrials,
  listTrials,
  updateTrial,
  type NewTrial,
} from './trials.repository';
import {
  cancelRegistration,
  expireHold,
  findRegistration,
  listRegistrants,
  pickRemindersDue,
  registerPlayer,
  setRegistrationStatus,
  sweepExpiredHolds,
  trialHistory,
  type RegisterInput,
} from './registrations.repository';
import {
  getPaymentByReference,
  listSucceededPaymentsForTrial,
  markPaymentFailed,
  markPaymentSucceeded,
  markRefunded,
  recordPaymentEvent,
} from './payments.repository';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.close());

// Lagos today in these tests; trials are dated after it.
const TODAY = '2026-06-01';
const NOW = new Date('2026-06-01T10:00:00Z');

async function academy(status: 'verified' | 'unverified' = 'verified') {
  return createTestUser(db, {
    role: 'academy',
    academyStatus: status,
    emailVerifiedAt: NOW,
    sports: ['football'],
  });
}

function player(dob = '2008-03-10') {
  return createTestUser(db, { role: 'player', dob, emailVerifiedAt: NOW });
}

async function trial(academyId: string, overrides: Partial<NewTrial> = {}) {
  const { id } = await db.transaction((tx) =>
    createTrial(tx, {
      academyId,
      name: 'Lagos Under-19 Open Trial',
      sport: 'football',
      sportOther: null,
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Teslim Balogun Stadium',
      landmark: 'Near the National Stadium',
      trialDate: '2026-06-20',
      startTime: '09:00',
      deadline: '2026-06-15',
      minAge: null,
      maxAge: null,
      participantLimit: null,
      feeKobo: 0,
      imageMediaId: null,
      description: 'Bring boots.',
      requirements: [],
      ...overrides,
    }),
  );
  return id;
}

function registration(
  trialId: string,
  playerId: string,
  overrides: Partial<RegisterInput> = {},
): RegisterInput {
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
    answers: [],
    today: TODAY,
    now: NOW,
    holdMinutes: 30,
    provider: 'sandbox',
    ...overrides,
  };
}

const register = (input: RegisterInput) => db.transaction((tx) => registerPlayer(tx, input));

async function countOf(trialId: string) {
  return (await getTrialView(db, { trialId, viewerId: null }))!.registeredCount;
}

describe('trials', () => {
  test('a created trial reads back with its requirements, academy and an empty count', async () => {
    const a = await academy();
    const id = await trial(a.id, {
      requirements: ['Position?', 'Current club?'],
      feeKobo: 1_250_000,
    });
    const view = await getTrialView(db, { trialId: id, viewerId: null });
    expect(view).toMatchObject({
      name: 'Lagos Under-19 Open Trial',
      trialDate: '2026-06-20',
      deadline: '2026-06-15',
      startTime: '09:00',
      feeKobo: 1_250_000,
      currency: 'NGN',
      registeredCount: 0,
      status: 'active',
      academyName: a.username,
      academyVerified: true,
      myRegistration: null,
    });
    expect(view!.requirements.map((r) => r.text)).toEqual(['Position?', 'Current club?']);
  });

  test('the list filters by text, sport, state and free/paid and pages by 12', async () => {
    const a = await academy();
    const tag = `Zq${Date.now().toString(36)}`;
    const free = await trial(a.id, { name: `${tag} Free Day` });
    const paid = await trial(a.id, {
      name: `${tag} Paid Day`,
      feeKobo: 500_000,
      state: 'Oyo',
      district: 'Ibadan North',
    });
    const basket = await trial(a.id, { name: `${tag} Hoops`, sport: 'basketball' });
    await trial(a.id, { name: `${tag} Past`, trialDate: '2026-05-01', deadline: '2026-04-30' });
    const base = { today: TODAY, viewerId: null, page: 1, pageSize: 12, search: tag };
    const ids = async (f: Partial<Parameters<typeof listTrials>[1]>) =>
      (await listTrials(db, { ...base, ...f })).rows.map((r) => r.id).sort();
    expect(await ids({})).toEqual([free, paid, basket].sort());
    expect(await ids({ payment: 'paid' })).toEqual([paid]);
    expect(await ids({ payment: 'free' })).toEqual([free, basket].sort());
    expect(await ids({ sport: 'basketball' })).toEqual([basket]);
    expect(await ids({ state: 'Oyo' })).toEqual([paid]);

    const pageSize = 2;
    const first = await listTrials(db, { ...base, pageSize });
    const second = await listTrials(db, { ...base, pageSize, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...first.rows, ...second.rows].map((r) => r.id).sort()).toEqual(
      [free, paid, basket].sort(),
    );
  });

  test("an unverified academy's trial is not listed", async () => {
    const a = await academy('unverified');
    const tag = `Unv${Date.now().toString(36)}`;
    await trial(a.id, { name: tag });
    const { rows } = await listTrials(db, {
      today: TODAY,
      viewerId: null,
      page: 1,
      pageSize: 12,
      search: tag,
    });
    expect(rows).toEqual([]);
  });

  test('the academy lists its trials by tab (Lagos today)', async () => {
    const a = await academy();
    const upcoming = await trial(a.id);
    const today = await trial(a.id, { trialDate: TODAY, deadline: TODAY });
    const done = await trial(a.id, { trialDate: '2026-05-20', deadline: '2026-05-19' });
    const gone = await trial(a.id);
    await db.transaction((tx) =>
      cancelTrial(tx, { trialId: gone, academyId: a.id, reason: 'Rain', at: NOW }),
    );
    const tab = async (t: 'upcoming' | 'today' | 'completed' | 'cancelled') =>
      (
        await listAcademyTrials(db, {
          academyId: a.id,
          tab: t,
          today: TODAY,
          page: 1,
          pageSize: 50,
        })
      ).rows.map((r) => r.id);
    expect(await tab('upcoming')).toEqual([upcoming]);
    expect(await tab('today')).toEqual([today]);
    expect(await tab('completed')).toEqual([done]);
    expect(await tab('cancelled')).toEqual([gone]);
  });

  test('edits: fee and sport lock once anyone registered, the limit never goes below the count', async () => {
    const a = await academy();
    const other = await academy();
    const id = await trial(a.id, { participantLimit: 5, requirements: ['Position?'] });
    const edit = (
      changes: Parameters<typeof updateTrial>[1]['changes'],
      academyId = a.id,
      requirements?: string[],
    ) =>
      db.transaction((tx) =>
        updateTrial(tx, { trialId: id, academyId, changes, requirements, at: NOW }),
      );
    expect(await edit({ name: 'x' }, other.id)).toEqual({ ok: false, error: 'not_owner' });
    expect(await edit({ feeKobo: 100_000 })).toMatchObject({
      ok: true,
      trial: { feeKobo: 100_000 },
    });
    expect(await edit({ feeKobo: 0 })).toMatchObject({ ok: true });

    const p1 = await player();
    const p2 = await player();
    const requirementId = (await getTrialView(db, { trialId: id, viewerId: null }))!
      .requirements[0]!.id;
    for (const p of [p1, p2])
      expect(
        await register(registration(id, p.id, { answers: [{ requirementId, answer: 'CM' }] })),
      ).toMatchObject({ ok: true });

    expect(await edit({ feeKobo: 100_000 })).toEqual({ ok: false, error: 'fee_locked' });
    expect(await edit({ sport: 'basketball' })).toEqual({ ok: false, error: 'sport_locked' });
    expect(await edit({ participantLimit: 1 })).toEqual({ ok: false, error: 'limit_below_count' });
    expect(await edit({}, a.id, ['Another question'])).toEqual({
      ok: false,
      error: 'requirements_locked',
    });
    expect(await edit({ participantLimit: 2, venue: 'Mobolaji Johnson Arena' })).toMatchObject({
      ok: true,
      trial: { participantLimit: 2, venue: 'Mobolaji Johnson Arena' },
    });
    await db.transaction((tx) =>
      cancelTrial(tx, { trialId: id, academyId: a.id, reason: 'Flood', at: NOW }),
    );
    expect(await edit({ name: 'Late' })).toEqual({ ok: false, error: 'cancelled' });
  });
});

describe('registrations', () => {
  test('capacity: places run out and the next player hears Slot Full', async () => {
    const a = await academy();
    const id = await trial(a.id, { participantLimit: 2 });
    const players = await Promise.all([player(), player(), player()]);
    const results = [];
    for (const p of players) results.push(await register(registration(id, p.id)));
    expect(results.map((r) => (r.ok ? r.registration.status : r.error))).toEqual([
      'registered',
      'registered',
      'full',
    ]);
    expect(await countOf(id)).toBe(2);
    const ok = results[0]!;
    if (!ok.ok) throw new Error('expected a registration');
    expect(ok.registration.referenceCode).toMatch(/^TL-[23456789ABCDEFGHJKLMNPQRSTUVWXYZ]{6}$/);
    expect(ok.payment).toBeNull();
  });

  test('one live registration per player; after cancelling they may register again', async () => {
    const a = await academy();
    const id = await trial(a.id);
    const p = await player();
    const first = await register(registration(id, p.id));
    expect(first.ok).toBe(true);
    expect(await register(registration(id, p.id))).toEqual({
      ok: false,
      error: 'already_registered',
    });
    if (!first.ok) return;
    const cancelled = await db.transaction((tx) =>
      cancelRegistration(tx, {
        registrationId: first.registration.id,
        playerId: p.id,
        today: TODAY,
        at: NOW,
      }),
    );
    expect(cancelled).toMatchObject({ ok: true, refundPaymentId: null });
    expect(await countOf(id)).toBe(0);
    const again = await register(registration(id, p.id));
    expect(again).toMatchObject({ ok: true, registration: { status: 'registered' } });
    expect(await countOf(id)).toBe(1);
    const view = await getTrialView(db, { trialId: id, viewerId: p.id });
    expect(view!.myRegistration).toMatchObject({ status: 'registered' });
  });

  test('the rules: deadline (Lagos), age on the trial date, answers, cancelled trial, unverified academy', async () => {
    const a = await academy();
    const p = await player('2010-06-25'); // 15 on 2026-06-20, 16 from 2026-06-25
    const id = await trial(a.id, { minAge: 16, maxAge: 19, requirements: ['Position?'] });
    const requirementId = (await getTrialView(db, { trialId: id, viewerId: null }))!
      .requirements[0]!.id;
    const answers = [{ requirementId, answer: 'GK' }];
    expect(await register(registration(id, p.id, { dob: '2010-06-25', answers }))).toEqual({
      ok: false,
      error: 'age_out_of_range',
    });
    expect(
      await register(registration(id, p.id, { dob: '2010-06-20', answers, today: '2026-06-16' })),
    ).toEqual({
      ok: false,
      error: 'deadline_passed',
    });
    expect(await register(registration(id, p.id, { dob: '2010-06-20', answers: [] }))).toEqual({
      ok: false,
      error: 'answers_invalid',
    });
    expect(
      await register(
        registration(id, p.id, { dob: '2010-06-20', answers: [{ requirementId, answer: '  ' }] }),
      ),
    ).toEqual({ ok: false, error: 'answers_invalid' });
    // 16 exactly on the trial date; the deadline day itself is still open.
    const ok = await register(
      registration(id, p.id, { dob: '2010-06-20', answers, today: '2026-06-15' }),
    );
    expect(ok).toMatchObject({ ok: true });
    const rows = await listRegistrants(db, { trialId: id });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dob: '2010-06-20',
      level: 'local',
      paymentStatus: null,
      answers: [{ requirement_id: requirementId, requirement: 'Position?', answer: 'GK' }],
    });

    const unverified = await academy('unverified');
    const closed = await trial(unverified.id);
    expect(await register(registration(closed, p.id))).toEqual({
      ok: false,
      error: 'academy_unavailable',
    });
    await db.transaction((tx) =>
      cancelTrial(tx, { trialId: id, academyId: a.id, reason: 'Rain', at: NOW }),
    );
    const other = await player();
    expect(await register(registration(id, other.id, { answers }))).toEqual({
      ok: false,
      error: 'cancelled',
    });
  });

  test('a paid registration holds its place; the expired hold frees it and fails the payment', async () => {
    const a = await academy();
    const id = await trial(a.id, { participantLimit: 1, feeKobo: 1_250_000 });
    const [p1, p2] = await Promise.all([player(), player()]);
    const held = await register(registration(id, p1.id));
    if (!held.ok) throw new Error(held.error);
    expect(held.registration.status).toBe('pending_payment');
    expect(held.registration.holdExpiresAt?.toISOString()).toBe('2026-06-01T10:30:00.000Z');
    expect(held.payment).toMatchObject({ amountKobo: 1_250_000, currency: 'NGN' });
    expect(held.payment!.reference).toMatch(/^tlp_[0-9a-f]{24}$/);
    expect(await register(registration(id, p2.id))).toEqual({ ok: false, error: 'full' });

    const early = await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: held.registration.id,
        now: new Date('2026-06-01T10:29:59Z'),
      }),
    );
    expect(early.expired).toBe(false);
    const late = new Date('2026-06-01T10:30:00Z');
    const expired = await db.transaction((tx) =>
      expireHold(tx, { registrationId: held.registration.id, now: late }),
    );
    expect(expired.expired).toBe(true);
    expect(await countOf(id)).toBe(0);
    expect((await findRegistration(db, held.registration.id))!.status).toBe('expired');
    expect(await getPaymentByReference(db, held.payment!.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'expired',
    });
    // A second run changes nothing.
    expect(
      (
        await db.transaction((tx) =>
          expireHold(tx, { registrationId: held.registration.id, now: late }),
        )
      ).expired,
    ).toBe(false);

    const second = await register(registration(id, p2.id));
    expect(second).toMatchObject({ ok: true, registration: { status: 'pending_payment' } });
    // The first player's money arrives after all: the place is gone, so it is refunded.
    const lateSuccess = await db.transaction((tx) =>
      markPaymentSucceeded(tx, {
        reference: held.payment!.reference,
        amountKobo: 1_250_000,
        currency: 'NGN',
        now: late,
      }),
    );
    expect(lateSuccess.outcome).toBe('needs_refund');
    expect(await countOf(id)).toBe(1);
  });

  test('the sweep expires every hold that ran out', async () => {
    const a = await academy();
    const id = await trial(a.id, { feeKobo: 200_000 });
    const players = await Promise.all([player(), player()]);
    for (const p of players) expect((await register(registration(id, p.id))).ok).toBe(true);
    expect(await countOf(id)).toBe(2);
    const expired = await db.transaction((tx) =>
      sweepExpiredHolds(tx, { now: new Date('2026-06-01T11:00:00Z') }),
    );
    expect(expired.filter((e) => e.trialId === id)).toHaveLength(2);
    expect(await countOf(id)).toBe(0);
  });

  test('the academy selects and rejects only registered players of its own trial', async () => {
    const a = await academy();
    const other = await academy();
    const id = await trial(a.id, { feeKobo: 300_000 });
    const p = await player();
    const reg = await register(registration(id, p.id));
    if (!reg.ok) throw new Error(reg.error);
    const set = (status: 'selected' | 'rejected', academyId = a.id) =>
      db.transaction((tx) =>
        setRegistrationStatus(tx, {
          registrationId: reg.registration.id,
          academyId,
          status,
          at: NOW,
        }),
      );
    expect(await set('selected')).toEqual({ ok: false, error: 'status_not_allowed' });
    await db.transaction((tx) =>
      markPaymentSucceeded(tx, {
        reference: reg.payment!.reference,
        amountKobo: 300_000,
        currency: 'NGN',
        now: NOW,
      }),
    );
    expect(await set('selected', other.id)).toEqual({ ok: false, error: 'not_owner' });
    expect(await set('selected')).toMatchObject({ ok: true, changed: true });
    expect(await set('selected')).toMatchObject({ ok: true, changed: false });
    expect(await set('rejected')).toMatchObject({ ok: true, changed: true });
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('rejected');
    const history = await trialHistory(db, { playerId: p.id, page: 1, pageSize: 50 });
    expect(history.rows).toHaveLength(1);
    expect(history.rows[0]).toMatchObject({
      status: 'rejected',
      trial: { id, trialDate: '2026-06-20', feeKobo: 300_000, academyId: a.id },
      payment: { status: 'succeeded' },
    });
  });

  test('reminders: registrants of trials starting within 24 hours, each picked once', async () => {
    const a = await academy();
    // Starts 2026-06-02 09:00 Lagos = 08:00 UTC, 22 hours after NOW.
    const soon = await trial(a.id, {
      trialDate: '2026-06-02',
      deadline: '2026-06-01',
      startTime: '09:00',
    });
    const later = await trial(a.id, {
      trialDate: '2026-06-03',
      deadline: '2026-06-01',
      startTime: '09:00',
    });
    const [p1, p2] = await Promise.all([player(), player()]);
    for (const t of [soon, later]) expect((await register(registration(t, p1.id))).ok).toBe(true);
    expect((await register(registration(soon, p2.id))).ok).toBe(true);
    const [first, second] = await Promise.all([
      pickRemindersDue(db, { now: NOW, withinHours: 24 }),
      pickRemindersDue(db, { now: NOW, withinHours: 24 }),
    ]);
    const picked = [...first, ...second].filter((r) => r.trialId === soon || r.trialId === later);
    expect(picked.map((r) => r.playerId).sort()).toEqual([p1.id, p2.id].sort());
    expect(picked.every((r) => r.trialId === soon)).toBe(true);
    expect(
      (await pickRemindersDue(db, { now: NOW, withinHours: 24 })).filter((r) => r.trialId === soon),
    ).toEqual([]);
  });
});

describe('payments', () => {
  async function pending(feeKobo = 1_250_000, participantLimit: number | null = null) {
    const a = await academy();
    const id = await trial(a.id, { feeKobo, participantLimit });
    const p = await player();
    const reg = await register(registration(id, p.id));
    if (!reg.ok) throw new Error(reg.error);
    return { academy: a, trialId: id, player: p, reg, reference: reg.payment!.reference };
  }
  const succeed = (reference: string, amountKobo: number, currency = 'NGN', now = NOW) =>
    db.transaction((tx) => markPaymentSucceeded(tx, { reference, amountKobo, currency, now }));

  test('a proven payment confirms the registration once; a replay changes nothing', async () => {
    const { reg, reference, trialId } = await pending();
    expect(await succeed(reference, 1_250_000)).toMatchObject({
      outcome: 'confirmed',
      confirmed: true,
      retaken: false,
    });
    expect(await succeed(reference, 1_250_000)).toMatchObject({ outcome: 'unchanged' });
    expect((await findRegistration(db, reg.registration.id))!).toMatchObject({
      status: 'registered',
      holdExpiresAt: null,
    });
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'succeeded',
      paidAt: NOW,
    });
    expect(await countOf(trialId)).toBe(1);
    // A hold that ran out afterwards does not touch a confirmed registration.
    const later = await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: reg.registration.id,
        now: new Date('2026-06-02T00:00:00Z'),
      }),
    );
    expect(later.expired).toBe(false);
  });

  test('a replayed provider event is recorded once', async () => {
    const { reference } = await pending();
    const payment = await getPaymentByReference(db, reference);
    const event = {
      paymentId: payment!.id,
      provider: 'paystack' as const,
      dedupeKey: `evt-${reference}`,
      kind: 'charge.success',
      raw: { event: 'charge.success', data: { reference } },
      signatureValid: true,
    };
    expect(await recordPaymentEvent(db, event)).toBe(true);
    expect(await recordPaymentEvent(db, event)).toBe(false);
  });

  test('a wrong amount or currency fails the payment and leaves the registration pending', async () => {
    const { reg, reference } = await pending();
    expect(await succeed(reference, 1_000)).toMatchObject({ outcome: 'amount_mismatch' });
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'failed',
      failureReason: 'amount_mismatch',
    });
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('pending_payment');
    const other = await pending();
    expect(await succeed(other.reference, 1_250_000, 'USD')).toMatchObject({
      outcome: 'amount_mismatch',
    });
  });

  test('money after an expired hold takes a free place again', async () => {
    const { reg, reference, trialId } = await pending(500_000, 3);
    await db.transaction((tx) =>
      expireHold(tx, {
        registrationId: reg.registration.id,
        now: new Date('2026-06-01T12:00:00Z'),
      }),
    );
    expect(await countOf(trialId)).toBe(0);
    expect(await succeed(reference, 500_000)).toMatchObject({
      outcome: 'confirmed',
      retaken: true,
    });
    expect(await countOf(trialId)).toBe(1);
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('registered');
  });

  test('a failed charge releases the hold at once', async () => {
    const { reg, reference, trialId } = await pending(500_000, 1);
    const failed = await db.transaction((tx) =>
      markPaymentFailed(tx, { reference, reason: 'declined', now: NOW }),
    );
    expect(failed).toMatchObject({ changed: true, expiredRegistrationId: reg.registration.id });
    expect(await countOf(trialId)).toBe(0);
    expect(
      (
        await db.transaction((tx) =>
          markPaymentFailed(tx, { reference, reason: 'declined', now: NOW }),
        )
      ).changed,
    ).toBe(false);
  });

  test('cancelling a trial cancels its registrations and lists the payments to refund', async () => {
    const { academy: a, trialId, reference, reg } = await pending(700_000);
    await succeed(reference, 700_000);
    const p2 = await player();
    const held = await register(registration(trialId, p2.id));
    if (!held.ok) throw new Error(held.error);
    const result = await db.transaction((tx) =>
      cancelTrial(tx, { trialId, academyId: a.id, reason: 'Pitch flooded', at: NOW }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.registrations.map((r) => r.status).sort()).toEqual([
      'pending_payment',
      'registered',
    ]);
    const payment = await getPaymentByReference(db, reference);
    expect(result.succeededPayments).toEqual([
      { id: payment!.id, registrationId: reg.registration.id },
    ]);
    expect((await listSucceededPaymentsForTrial(db, trialId)).map((p) => p.id)).toEqual([
      payment!.id,
    ]);
    expect(await getPaymentByReference(db, held.payment!.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'trial_cancelled',
    });
    const view = await getTrialView(db, { trialId, viewerId: null });
    expect(view).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Pitch flooded',
      registeredCount: 0,
    });
    expect((await findRegistration(db, reg.registration.id))!.status).toBe('trial_cancelled');
    // Late money for the cancelled trial goes back.
    expect(await succeed(held.payment!.reference, 700_000)).toMatchObject({
      outcome: 'needs_refund',
    });

    expect(
      await markRefunded(db, { paymentId: payment!.id, refundReference: 'rf_1', now: NOW }),
    ).toEqual({
      changed: true,
      registrationId: reg.registration.id,
    });
    expect(
      (await markRefunded(db, { paymentId: payment!.id, refundReference: 'rf_1', now: NOW }))
        .changed,
    ).toBe(false);
    expect(await getPaymentByReference(db, reference)).toMatchObject({
      status: 'refunded',
      refundReference: 'rf_1',
    });
  });

  test('a player cancelling a paid registration hands back the payment to refund', async () => {
    const { reg, reference, player: p } = await pending(400_000);
    await succeed(reference, 400_000);
    const payment = await getPaymentByReference(db, reference);
    const result = await db.transaction((tx) =>
      cancelRegistration(tx, {
        registrationId: reg.registration.id,
        playerId: p.id,
        today: TODAY,
        at: NOW,
      }),
    );
    expect(result).toMatchObject({ ok: true, refundPaymentId: payment!.id });
  });
});

describe('concurrency', () => {
  test('concurrent registrations never exceed the limit', async () => {
    const postgres = testDb.backend !== 'pglite';
    const [attempts, places] = postgres ? [200, 50] : [40, 10];
    const a = await academy();
    const id = await trial(a.id, { participantLimit: places });
    const players = [];
    for (let i = 0; i < attempts; i++) players.push(await player());
    const results = await Promise.all(players.map((p) => register(registration(id, p.id))));
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(places);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.error === 'full')).toBe(true);
    expect(await countOf(id)).toBe(places);
    expect(await listRegistrants(db, { trialId: id })).toHaveLength(places);
  }, 180_000);
});
