import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { academyDashboardSchema, todayInLagos } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { addDays } from './dashboard.service';

type TrialInput = Partial<typeof schema.trials.$inferInsert> & { trialDate: string };
type RegistrationStatus = (typeof schema.trialRegistrations.$inferInsert)['status'];
type PaymentStatus = NonNullable<(typeof schema.payments.$inferInsert)['status']>;

describe('GET /api/academy_dashboard', () => {
  let t: TestApp;
  let academy: TestUser;
  let other: TestUser;
  let counter = 0;
  const today = todayInLagos();

  beforeAll(async () => {
    t = await createTestApp();
    academy = await t.createUser({ role: 'academy', username: 'Dash Academy' });
    other = await t.createUser({ role: 'academy', username: 'Other Academy' });
  });
  afterAll(async () => t.close());

  async function trial(owner: TestUser, input: TrialInput) {
    const [row] = await t.db
      .insert(schema.trials)
      .values({
        academyId: owner.id,
        name: `Trial ${++counter}`,
        sport: 'football',
        state: 'Lagos',
        district: 'Ikeja',
        venue: 'Teslim Balogun Stadium',
        startTime: '09:00',
        deadline: input.trialDate,
        ...input,
      })
      .returning();
    return row!;
  }

  async function registration(
    trialId: string,
    status: RegistrationStatus,
    createdAt: Date = new Date(),
  ) {
    const player = await t.createUser({ username: `Player ${++counter}` });
    const [row] = await t.db
      .insert(schema.trialRegistrations)
      .values({
        trialId,
        playerId: player.id,
        referenceCode: `TL-${String(counter).padStart(6, '2').slice(-6)}`,
        name: player.username,
        dob: '2008-01-01',
        phone: '+2348012345678',
        email: player.email,
        state: 'Lagos',
        district: 'Ikeja',
        level: 'local',
        status,
        createdAt,
      })
      .returning();
    return { row: row!, player };
  }

  async function payment(
    reg: Awaited<ReturnType<typeof registration>>,
    amountKobo: number,
    status: PaymentStatus,
    createdAt: Date,
  ) {
    await t.db.insert(schema.payments).values({
      registrationId: reg.row.id,
      payerId: reg.player.id,
      provider: 'sandbox',
      reference: `tlp_${String(++counter).padStart(24, '0')}`,
      amountKobo,
      status,
      createdAt,
      paidAt: status === 'succeeded' || status === 'refunded' ? createdAt : null,
      refundedAt: status === 'refunded' ? createdAt : null,
    });
  }

  it('answers only academies', async () => {
    const player = await t.createUser();
    const admin = await t.createUser({ role: 'admin' });
    expect((await player.call('GET', '/api/academy_dashboard')).statusCode).toBe(403);
    expect((await admin.call('GET', '/api/academy_dashboard')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/academy_dashboard' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('shows a new academy zeros and 30 empty Lagos days ending today', async () => {
    const fresh = await t.createUser({ role: 'academy', username: 'Fresh Academy' });
    const res = await fresh.call('GET', '/api/academy_dashboard');
    expect(res.statusCode).toBe(200);
    const body = academyDashboardSchema.parse(res.json());
    expect(body.trial_counts).toEqual({ upcoming: 0, today: 0, completed: 0, cancelled: 0 });
    expect(Object.values(body.registration_counts).every((n) => n === 0)).toBe(true);
    expect(body.registrations_per_day).toHaveLength(30);
    expect(body.registrations_per_day.at(-1)).toEqual({ date: today, count: 0 });
    expect(body.registrations_per_day[0]!.date).toBe(addDays(today, -29));
    expect(body.upcoming_trials).toEqual([]);
    expect(body.popular_posts).toEqual([]);
    expect(body.takings).toEqual({ gross: 0, refunded: 0, net: 0, currency: 'NGN' });
    expect(body.recent_payments).toEqual([]);
  });

  it("counts the academy's own trials, registrations, posts and money, and nobody else's", async () => {
    // Trials: 6 upcoming (the dashboard lists 5), one today, two completed, one cancelled.
    const upcoming = [];
    for (let days = 6; days >= 1; days--)
      upcoming.push(await trial(academy, { trialDate: addDays(today, days), feeKobo: 250_000 }));
    const todays = await trial(academy, { trialDate: today, startTime: '16:00' });
    const past = await trial(academy, { trialDate: addDays(today, -10) });
    await trial(academy, { trialDate: addDays(today, -40) });
    await trial(academy, {
      trialDate: addDays(today, 2),
      status: 'cancelled',
      cancelReason: 'Pitch closed',
    });
    // Another academy's trial, registration, payment and post never count.
    const foreign = await trial(other, { trialDate: addDays(today, 1) });
    const foreignReg = await registration(foreign.id, 'registered');
    await payment(foreignReg, 999_900, 'succeeded', new Date());
    await t.db
      .insert(schema.posts)
      .values({ authorId: other.id, content: 'Not yours', likesCount: 99, commentsTotal: 99 });

    // Registrations on Lagos days: D = 3 days ago. 00:30 in Lagos on D is 23:30 UTC the day
    // before; 23:30 in Lagos the day before D is 22:30 UTC.
    const d = addDays(today, -3);
    const dayBefore = addDays(d, -1);
    const lagosEarlyOnD = new Date(`${dayBefore}T23:30:00Z`);
    const lagosLateBeforeD = new Date(`${dayBefore}T22:30:00Z`);
    const tooOld = new Date(`${addDays(today, -31)}T12:00:00Z`);
    const r1 = await registration(upcoming[0]!.id, 'registered', lagosEarlyOnD);
    const r2 = await registration(upcoming[0]!.id, 'selected', lagosEarlyOnD);
    const r3 = await registration(upcoming[1]!.id, 'rejected', lagosLateBeforeD);
    const r4 = await registration(upcoming[1]!.id, 'pending_payment');
    const r5 = await registration(todays.id, 'cancelled', tooOld);
    const r6 = await registration(past.id, 'expired');

    // Money: 2 × ₦2,500 succeeded, ₦1,500 refunded, one pending and one failed attempt.
    const base = Date.now() - 60 * 60 * 1000;
    const at = (minutes: number) => new Date(base + minutes * 60 * 1000);
    await payment(r1, 250_000, 'succeeded', at(1));
    await payment(r2, 250_000, 'succeeded', at(2));
    await payment(r3, 150_000, 'refunded', at(3));
    await payment(r4, 250_000, 'pending', at(4));
    await payment(r6, 250_000, 'failed', at(5));
    // Eight more failed attempts: the list keeps the 10 newest.
    for (let i = 0; i < 8; i++) await payment(r5, 100_000, 'failed', at(10 + i));

    // Posts: likes + comments (replies included) rank them; removed and unreacted ones do not show.
    await t.db.insert(schema.posts).values([
      { authorId: academy.id, content: 'Third', likesCount: 1, commentsTotal: 1 },
      { authorId: academy.id, content: 'First', likesCount: 5, commentsTotal: 4 },
      { authorId: academy.id, content: 'Second', likesCount: 2, commentsTotal: 6 },
      { authorId: academy.id, content: 'Fourth', likesCount: 1, commentsTotal: 0 },
      { authorId: academy.id, content: 'Nobody cared', likesCount: 0, commentsTotal: 0 },
      {
        authorId: academy.id,
        content: 'Removed',
        likesCount: 50,
        commentsTotal: 50,
        removedAt: new Date(),
      },
    ]);

    const res = await academy.call('GET', '/api/academy_dashboard');
    expect(res.statusCode).toBe(200);
    const body = academyDashboardSchema.parse(res.json());

    expect(body.trial_counts).toEqual({ upcoming: 6, today: 1, completed: 2, cancelled: 1 });
    expect(body.registration_counts).toEqual({
      pending_payment: 1,
      registered: 1,
      selected: 1,
      rejected: 1,
      cancelled: 1,
      trial_cancelled: 0,
      expired: 1,
      no_show: 0,
    });

    const perDay = new Map(body.registrations_per_day.map((x) => [x.date, x.count]));
    expect(body.registrations_per_day).toHaveLength(30);
    expect(perDay.get(d)).toBe(2);
    expect(perDay.get(dayBefore)).toBe(1);
    // r4 and r6 were made just now: today in Lagos.
    expect(perDay.get(todayInLagos())).toBe(2);
    expect(body.registrations_per_day.reduce((sum, x) => sum + x.count, 0)).toBe(5);

    expect(body.upcoming_trials.map((x) => x.id)).toEqual([
      todays.id,
      ...upcoming
        .slice()
        .reverse()
        .slice(0, 4)
        .map((x) => x.id),
    ]);
    expect(body.upcoming_trials[1]).toMatchObject({
      trial_date: addDays(today, 1),
      start_time: '09:00',
      registration_fee: 250_000,
      currency: 'NGN',
      total_participant_limit: null,
    });

    expect(body.popular_posts.map((p) => p.excerpt)).toEqual(['First', 'Second', 'Third']);
    expect(body.popular_posts[0]).toMatchObject({ likes_count: 5, comments_count: 4 });

    expect(body.takings).toEqual({
      gross: 650_000,
      refunded: 150_000,
      net: 500_000,
      currency: 'NGN',
    });

    expect(body.recent_payments).toHaveLength(10);
    expect(body.recent_payments.every((p) => p.amount !== 999_900)).toBe(true);
    const newest = body.recent_payments[0]!;
    expect(newest).toMatchObject({ status: 'failed', amount: 100_000, trial: { id: todays.id } });
    expect(body.recent_payments.map((p) => p.status).slice(-2)).toEqual(['failed', 'pending']);
  });
});
