import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdminAuditFor } from '@touchline/db/admin';
import { PROFILES_ERRORS, todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** Supplement §13: a locked date of birth is corrected by an administrator, with an audit record. */
describe('PUT /api/admin/users/{id}/dob', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const correct = (headers: Record<string, string>, id: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/users/${id}/dob`, headers, payload });

  it('corrects the date of birth and writes who, why and the old and new values', async () => {
    const player = await t.createUser({ dob: yearsBefore(todayInLagos(), 20) });
    const admin = await t.createUser({ role: 'admin' });
    const { headers } = await t.signIn(admin);
    const dob = yearsBefore(todayInLagos(), 12);
    const res = await correct(headers, player.id, { dob, reason: 'Birth certificate checked' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user_id: player.id, dob, age: 12 });

    const [audit] = await listAdminAuditFor(t.db, player.id);
    expect(audit).toMatchObject({
      actorId: admin.id,
      action: 'user.dob_corrected',
      reason: 'Birth certificate checked',
      details: { from: player.dob, to: dob },
    });
    // The player still cannot change it back.
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: (await t.signIn(player)).headers,
      payload: { dob: player.dob },
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(PROFILES_ERRORS.dobLocked);
  });

  it('needs a reason and a valid date, a player, and an administrator', async () => {
    const player = await t.createUser();
    const academy = await t.createUser({ role: 'academy' });
    const { headers } = await t.signIn(await t.createUser({ role: 'admin' }));
    const dob = yearsBefore(todayInLagos(), 15);
    expect((await correct(headers, player.id, { dob, reason: ' ' })).statusCode).toBe(400);
    expect((await correct(headers, player.id, { dob: '2010-02-30', reason: 'x' })).statusCode).toBe(
      400,
    );
    expect((await correct(headers, academy.id, { dob, reason: 'x' })).statusCode).toBe(400);
    expect(
      (await correct(headers, '0190c0de-0000-7000-8000-00000000dead', { dob, reason: 'x' }))
        .statusCode,
    ).toBe(404);
    for (const who of [player, academy]) {
      const res = await correct((await t.signIn(who)).headers, player.id, { dob, reason: 'x' });
      expect(res.statusCode).toBe(403);
    }
    expect(await listAdminAuditFor(t.db, player.id)).toEqual([]);
  });
});
