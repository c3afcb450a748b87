import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase, seed, type SeedOptions } from '../testing';
import type { TestDatabase } from '../testing';
import { applyTrialEdit, cancelTrial, lockTrial, readTrialEditFacts } from './trials.repository';
import { getTrialView, listAcademyTrials, listTrials } from './trial-views.repository';
import { findRegistration } from './registration-reads.repository';
import { getPaymentByReference } from './payments.repository';

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
const AT: SeedOptions = { now: NOW };
const dated = { trialDate: '2026-06-20', deadline: '2026-06-15' };

const countOf = async (trialId: string) =>
  (await getTrialView(db, { trialId, viewerId: null }))!.registeredCount;

describe('trials', () => {
  test('a created trial reads back with its requirements, academy and an empty count', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' } },
        trials: {
          open: {
            by: 'club',
            name: 'Lagos Under-19 Open Trial',
            startTime: '09:00',
            feeKobo: 1_250_000,
            requirements: ['Position?', 'Current club?'],
            ...dated,
          },
        },
      },
      AT,
    );
    const view = await getTrialView(db, { trialId: w.trials.open.id, viewerId: null });
    expect(view).toMatchObject({
      name: 'Lagos Under-19 Open Trial',
      trialDate: '2026-06-20',
      deadline: '2026-06-15',
      startTime: '09:00',
      feeKobo: 1_250_000,
      currency: 'NGN',
      registeredCount: 0,
      status: 'active',
      academyName: w.users.club.username,
      academyVerified: true,
      myRegistration: null,
    });
    expect(view!.requirements.map((r) => r.text)).toEqual(['Position?', 'Current club?']);
  });

  test('the list filters by text, sport, state and free/paid, and pages by number', async () => {
    const tag = `Zq${Date.now().toString(36)}`;
    const w = await seed(
      db,
      {
        users: {
          club: { role: 'academy' },
          pending: { role: 'academy', academyStatus: 'unverified' },
        },
        trials: {
          free: { by: 'club', name: `${tag} Free Day` },
          paid: { by: 'club', name: `${tag} Paid Day`, feeKobo: 500_000, state: 'Oyo' },
          hoops: { by: 'club', name: `${tag} Hoops`, sport: 'basketball' },
          past: {
            by: 'club',
            name: `${tag} Past`,
            trialDate: '2026-05-01',
            deadline: '2026-04-30',
          },
          unverified: { by: 'pending', name: `${tag} Unverified` },
        },
      },
      AT,
    );
    const { free, paid, hoops } = w.trials;
    const base = { today: TODAY, viewerId: null, page: 1, pageSize: 12, search: tag };
    const ids = async (f: Partial<Parameters<typeof listTrials>[1]>) =>
      (await listTrials(db, { ...base, ...f })).rows.map((r) => r.id).sort();
    expect(await ids({})).toEqual([free.id, paid.id, hoops.id].sort());
    expect(await ids({ payment: 'paid' })).toEqual([paid.id]);
    expect(await ids({ payment: 'free' })).toEqual([free.id, hoops.id].sort());
    expect(await ids({ sport: 'basketball' })).toEqual([hoops.id]);
    expect(await ids({ state: 'Oyo' })).toEqual([paid.id]);

    const first = await listTrials(db, { ...base, pageSize: 2 });
    const second = await listTrials(db, { ...base, pageSize: 2, page: 2 });
    expect(first.hasMore).toBe(true);
    expect(second.hasMore).toBe(false);
    expect([...first.rows, ...second.rows].map((r) => r.id).sort()).toEqual(
      [free.id, paid.id, hoops.id].sort(),
    );
  });

  test('the academy lists its trials by tab (Lagos today)', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' } },
        trials: {
          upcoming: { by: 'club', ...dated },
          today: { by: 'club', trialDate: TODAY, deadline: TODAY },
          done: { by: 'club', trialDate: '2026-05-20', deadline: '2026-05-19' },
          gone: { by: 'club', ...dated },
        },
      },
      AT,
    );
    await db.transaction((tx) =>
      cancelTrial(tx, {
        trialId: w.trials.gone.id,
        academyId: w.users.club.id,
        reason: 'Rain',
        at: NOW,
      }),
    );
    const tab = async (t: 'upcoming' | 'today' | 'completed' | 'cancelled') =>
      (
        await listAcademyTrials(db, {
          academyId: w.users.club.id,
          tab: t,
          today: TODAY,
          page: 1,
          pageSize: 50,
        })
      ).rows.map((r) => r.id);
    expect(await tab('upcoming')).toEqual([w.trials.upcoming.id]);
    expect(await tab('today')).toEqual([w.trials.today.id]);
    expect(await tab('completed')).toEqual([w.trials.done.id]);
    expect(await tab('cancelled')).toEqual([w.trials.gone.id]);
  });
});

describe('the facts an edit is decided on, and its write', () => {
  test('the row, the requirement texts in order, and whether anyone ever registered', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' }, ada: {} },
        trials: {
          quiet: { by: 'club', requirements: ['Position?', 'Club?'] },
          busy: { by: 'club', participantLimit: 5 },
        },
        registrations: { gone: { trial: 'busy', player: 'ada', status: 'cancelled' } },
      },
      AT,
    );
    expect(await readTrialEditFacts(db, w.trials.quiet.id)).toMatchObject({
      trial: { id: w.trials.quiet.id, academyId: w.users.club.id, registeredCount: 0 },
      requirements: ['Position?', 'Club?'],
      anyRegistration: false,
    });
    // A cancelled registration still counts as "someone registered" (fee and sport stay).
    expect(await readTrialEditFacts(db, w.trials.busy.id)).toMatchObject({
      requirements: [],
      anyRegistration: true,
    });
    expect(await readTrialEditFacts(db, '00000000-0000-7000-8000-000000000000')).toBeNull();
  });

  test('writes the changed columns and replaces the requirements only when told', async () => {
    const w = await seed(db, {
      users: { club: { role: 'academy' } },
      trials: { open: { by: 'club', requirements: ['Position?'] } },
    });
    const trialId = w.trials.open.id;
    const edit = (
      changes: Parameters<typeof applyTrialEdit>[1]['changes'],
      requirements: string[] | null,
    ) =>
      db.transaction(async (tx) => {
        expect(await lockTrial(tx, trialId)).toBe(true);
        return applyTrialEdit(tx, { trialId, changes, requirements, at: NOW });
      });
    expect(await edit({ venue: 'Onikan', participantLimit: 3 }, null)).toMatchObject({
      venue: 'Onikan',
      participantLimit: 3,
    });
    expect((await readTrialEditFacts(db, trialId))!.requirements).toEqual(['Position?']);
    await edit({}, ['Club?', 'Foot?']);
    expect((await readTrialEditFacts(db, trialId))!.requirements).toEqual(['Club?', 'Foot?']);
    await edit({}, []);
    expect((await readTrialEditFacts(db, trialId))!.requirements).toEqual([]);
    expect(
      await db.transaction((tx) => lockTrial(tx, '00000000-0000-7000-8000-000000000000')),
    ).toBe(false);
  });
});

describe('cancelling a trial', () => {
  test('cancels its live registrations, fails pending payments and lists the payments to refund', async () => {
    const w = await seed(
      db,
      {
        users: { club: { role: 'academy' }, ada: {}, bola: {}, chidi: {} },
        trials: { paid: { by: 'club', feeKobo: 700_000, ...dated } },
        registrations: {
          held: { trial: 'paid', player: 'ada' },
          confirmed: { trial: 'paid', player: 'bola', status: 'registered' },
          gone: { trial: 'paid', player: 'chidi', status: 'cancelled' },
        },
      },
      AT,
    );
    const trialId = w.trials.paid.id;
    expect(await countOf(trialId)).toBe(2);
    const other = await seed(db, { users: { club: { role: 'academy' } } });
    expect(
      await db.transaction((tx) =>
        cancelTrial(tx, { trialId, academyId: other.users.club.id, reason: 'x', at: NOW }),
      ),
    ).toEqual({ ok: false, error: 'not_owner' });

    const result = await db.transaction((tx) =>
      cancelTrial(tx, { trialId, academyId: w.users.club.id, reason: 'Pitch flooded', at: NOW }),
    );
    if (!result.ok) throw new Error(result.error);
    expect(result.registrations.map((r) => r.status).sort()).toEqual([
      'pending_payment',
      'registered',
    ]);
    expect(await getPaymentByReference(db, w.registrations.held.payment!.reference)).toMatchObject({
      status: 'failed',
      failureReason: 'trial_cancelled',
    });
    expect(await getTrialView(db, { trialId, viewerId: null })).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Pitch flooded',
      registeredCount: 0,
    });
    const held = await findRegistration(db, w.registrations.held.registration.id);
    expect(held!.status).toBe('trial_cancelled');
    expect(
      await db.transaction((tx) =>
        cancelTrial(tx, { trialId, academyId: w.users.club.id, reason: 'again', at: NOW }),
      ),
    ).toEqual({ ok: false, error: 'cancelled' });
  });
});
