import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { ADMIN_LIMITS, ADMIN_MESSAGES, todayInLagos, type AdminStats } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { paidRegistration } from '../payments/payments.test-support';
import { post } from '../posts/posts.test-support';
import { addDays } from './admin.lists';

/** A stored payment moved to where the provider would have put it (paid, maybe refunded). */
async function settle(t: TestApp, reference: string, values: { paidAt: Date; refundedAt?: Date }) {
  await t.db
    .update(schema.payments)
    .set({
      status: values.refundedAt ? 'refunded' : 'succeeded',
      paidAt: values.paidAt,
      refundedAt: values.refundedAt ?? null,
    })
    .where(eq(schema.payments.reference, reference));
}

const at = (date: string) => new Date(`${date}T12:00:00+01:00`);

/** Supplement §10: the administrators' home and the money per academy. */
describe('admin stats and accounts', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  const stats = async () => {
    const res = await admin.call('GET', '/api/admin/stats');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AdminStats;
  };

  it('GET stats: totals, this week, 8 weeks per day and the latest', async () => {
    const before = await stats();
    const today = todayInLagos();
    expect(before.per_day).toHaveLength(ADMIN_LIMITS.statsDays);
    expect(before.per_day.at(-1)!.date).toBe(today);
    expect(before.per_day[0]!.date).toBe(addDays(today, -(ADMIN_LIMITS.statsDays - 1)));
    expect(before.week_start).toBe(addDays(today, -6));

    const kept = await paidRegistration(t, { fee: 500_000 });
    const refunded = await paidRegistration(t, { fee: 300_000 });
    const now = new Date();
    await settle(t, kept.reference, { paidAt: now });
    await settle(t, refunded.reference, { paidAt: now, refundedAt: now });
    const minor = await t.createUser({ dob: addDays(today, -365 * 10) });
    await post(kept.payer, 'Match day');

    const after = await stats();
    const delta = (a: AdminStats['totals'], b: AdminStats['totals']) => ({
      players: a.players - b.players,
      academies: a.academies - b.academies,
      trials: a.trials - b.trials,
      posts: a.posts - b.posts,
      registrations: a.registrations - b.registrations,
      takings: a.takings - b.takings,
      refunds: a.refunds - b.refunds,
      net: a.net - b.net,
    });
    // Takings are what was taken (the refunded payment too); the refund stands beside them.
    const expected = {
      players: 3,
      academies: 2,
      trials: 2,
      posts: 1,
      registrations: 2,
      takings: 800_000,
      refunds: 300_000,
      net: 500_000,
    };
    expect(delta(after.totals, before.totals)).toEqual(expected);
    expect(delta(after.this_week, before.this_week)).toEqual(expected);
    const { date: _d1, ...lastAfter } = after.per_day.at(-1)!;
    const { date: _d2, ...lastBefore } = before.per_day.at(-1)!;
    expect(delta(lastAfter, lastBefore)).toEqual(expected);
    expect(after.currency).toBe('NGN');

    expect(after.latest.trials.map((x) => x.id)).toEqual(
      expect.arrayContaining([refunded.trial.id, kept.trial.id]),
    );
    expect(after.latest.trials[0]).toMatchObject({
      id: refunded.trial.id,
      academy: { id: refunded.owner.id },
      status: 'active',
    });
    expect(after.latest.players[0]).toMatchObject({ id: minor.id, minor: true });
    expect(after.latest.academies[0]).toMatchObject({
      id: refunded.owner.id,
      status: 'verified',
    });
    expect(after.latest.players).toHaveLength(Math.min(ADMIN_LIMITS.latest, after.totals.players));
  });

  it('GET stats: awaiting review counts academies to verify and open reports, and drops as they are handled', async () => {
    const before = (await stats()).awaiting_review;
    const club = await t.createUser({ role: 'academy', academyStatus: 'unverified' });
    await t.createUser({ role: 'academy', academyStatus: 'declined' });
    const author = await t.createUser();
    const reporter = await t.createUser();
    const postId = await post(author, 'Something to look at');
    const reported = await reporter.call('POST', '/api/report', {
      target: 'post',
      id: postId,
      reason: 'spam',
      details: 'see it',
    });
    expect(reported.statusCode).toBe(201);

    const awaiting = (await stats()).awaiting_review;
    expect(awaiting).toEqual({
      academies: before.academies + 1,
      reports: before.reports + 1,
    });

    const verify = await admin.call('POST', `/api/admin/academies/${club.id}/verify`);
    expect(verify.statusCode).toBe(200);
    expect((await stats()).awaiting_review).toEqual({
      academies: before.academies,
      reports: awaiting.reports,
    });
  });

  it('GET stats: a day of refunds for older payments shows no negative takings, only its refunds and net', async () => {
    const before = await stats();
    const today = todayInLagos();
    // ₦3,000 taken 40 days ago (before the 8 weeks' first day… or inside it), refunded today.
    const old = await paidRegistration(t, { fee: 300_000 });
    await settle(t, old.reference, { paidAt: at(addDays(today, -40)), refundedAt: new Date() });

    const after = await stats();
    const money = (c: AdminStats['totals']) => ({
      takings: c.takings,
      refunds: c.refunds,
      net: c.net,
    });
    const change = (a: AdminStats['totals'], b: AdminStats['totals']) => ({
      takings: a.takings - b.takings,
      refunds: a.refunds - b.refunds,
      net: a.net - b.net,
    });
    expect(change(after.per_day.at(-1)!, before.per_day.at(-1)!)).toEqual({
      takings: 0,
      refunds: 300_000,
      net: -300_000,
    });
    expect(change(after.this_week, before.this_week)).toEqual({
      takings: 0,
      refunds: 300_000,
      net: -300_000,
    });
    expect(change(after.totals, before.totals)).toEqual({
      takings: 300_000,
      refunds: 300_000,
      net: 0,
    });
    for (const day of [...after.per_day, after.this_week, after.totals]) {
      expect(day.takings).toBeGreaterThanOrEqual(0);
      expect(money(day).net).toBe(day.takings - day.refunds);
    }
  });

  it('GET accounts: per academy takings, refunds and net in the period; CSV safe from formulas', async () => {
    const today = todayInLagos();
    const a = await paidRegistration(t, { fee: 1_000_000 });
    const b = await paidRegistration(t, { fee: 250_000 });
    const c = await paidRegistration(t, { fee: 400_000 });
    const old = await paidRegistration(t, { fee: 700_000 });
    await t.db
      .update(schema.users)
      .set({ username: '=HYPERLINK("http://evil.test","Click")' })
      .where(eq(schema.users.id, b.owner.id));
    // In the period: a paid; b paid and refunded; c paid before the period, refunded in it.
    await settle(t, a.reference, { paidAt: at(addDays(today, -2)) });
    await settle(t, b.reference, {
      paidAt: at(addDays(today, -3)),
      refundedAt: at(addDays(today, -1)),
    });
    await settle(t, c.reference, {
      paidAt: at(addDays(today, -40)),
      refundedAt: at(addDays(today, -1)),
    });
    await settle(t, old.reference, { paidAt: at(addDays(today, -40)) });

    const from = addDays(today, -7);
    const res = await admin.call('GET', `/api/admin/accounts?from=${from}&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ from, to: today, currency: 'NGN' });
    const mine = report.academies.filter((row: { academy: { id: string } }) =>
      [a.owner.id, b.owner.id, c.owner.id, old.owner.id].includes(row.academy.id),
    );
    expect(mine).toEqual([
      {
        academy: { id: a.owner.id, username: a.owner.username, email: a.owner.email },
        payments: 1,
        gross: 1_000_000,
        refunded: 0,
        net: 1_000_000,
      },
      expect.objectContaining({ academy: expect.objectContaining({ id: b.owner.id }), net: 0 }),
      expect.objectContaining({
        academy: expect.objectContaining({ id: c.owner.id }),
        payments: 0,
        gross: 0,
        refunded: 400_000,
        net: -400_000,
      }),
    ]);
    // Only the old payment's period shows it.
    const older = await admin.call(
      'GET',
      `/api/admin/accounts?from=${addDays(today, -41)}&to=${addDays(today, -39)}`,
    );
    const olderIds = older
      .json()
      .academies.map((row: { academy: { id: string } }) => row.academy.id);
    expect(olderIds).toEqual(expect.arrayContaining([old.owner.id, c.owner.id]));
    expect(olderIds).not.toContain(a.owner.id);

    const csv = await admin.call('GET', `/api/admin/accounts?from=${from}&to=${today}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="touchline-accounts-${from}-to-${today}.csv"`,
    );
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Academy,Email,Academy ID,Payments,Takings (NGN),Refunds (NGN),Net (NGN)',
    );
    expect(lines).toContain(
      `${a.owner.username},${a.owner.email},${a.owner.id},1,10000.00,0.00,10000.00`,
    );
    // A formula-looking name stays text: apostrophe first, quotes doubled inside a quoted cell.
    expect(lines).toContain(
      `"'=HYPERLINK(""http://evil.test"",""Click"")",${b.owner.email},${b.owner.id},1,2500.00,2500.00,0.00`,
    );
    expect(lines.at(-1)).toMatch(/^Total,,,\d+,/);
  });

  it('GET accounts: dates are checked', async () => {
    for (const query of ['from=2026-02-30', 'to=tomorrow', 'from=2026-05-02&to=2026-05-01']) {
      const res = await admin.call('GET', `/api/admin/accounts?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    const res = await admin.call('GET', '/api/admin/accounts?from=2026-05-02&to=2026-05-01');
    expect(res.json().message).toContain(ADMIN_MESSAGES.dateOrder);
    const fallback = (await admin.call('GET', '/api/admin/accounts')).json();
    expect(fallback.to).toBe(todayInLagos());
    expect(fallback.from).toBe(addDays(fallback.to, -(ADMIN_LIMITS.accountsDefaultDays - 1)));
  });
});
