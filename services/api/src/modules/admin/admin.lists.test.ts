import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertAdminAudit } from '@touchline/db/admin';
import { todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { academy, createTrial, setTrial } from '../trials/trials.test-support';

/** Supplement §10, §12: the administrators' lists of players, trials and the audit log. */
describe('admin lists', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin', username: 'Chief Admin' });
  });
  afterAll(async () => t.close());

  const get = (url: string) => admin.call('GET', url);
  type Page = { results: Record<string, unknown>[]; next: string | null };
  const results = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Page).results;
  };

  it('GET players: search, the age band and minor flag, blocked state, paging', async () => {
    const tag = `Ply${randomUUID().slice(0, 6)}`;
    const today = todayInLagos();
    const adult = await t.createUser({ username: `${tag} Adult`, dob: yearsBefore(today, 25) });
    const child = await t.createUser({ username: `${tag} Child`, dob: yearsBefore(today, 12) });
    const teen = await t.createUser({ username: `${tag} Teen`, dob: yearsBefore(today, 16) });
    const unknown = await t.createUser({ username: `${tag} Google`, dob: null });
    await t.services.accounts.block(adult.id, 'Spam', admin.id);
    await academy(t, { username: `${tag} Academy` }); // not a player

    const rows = await results(`/api/admin/players?search=${tag}`);
    expect(rows.map((r) => r.id)).toEqual([unknown.id, teen.id, child.id, adult.id]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(adult.id)).toMatchObject({
      age: 25,
      minor: false,
      age_band: null,
      blocked: true,
      blocked_reason: 'Spam',
      email: adult.email,
    });
    expect(byId.get(child.id)).toMatchObject({ age: 12, minor: true, age_band: 'U13' });
    expect(byId.get(teen.id)).toMatchObject({ age: 16, minor: true, age_band: 'U17' });
    expect(byId.get(unknown.id)).toMatchObject({ dob: null, age: null, minor: true });
    expect((await results(`/api/admin/players?search=${tag}%20teen`)).map((r) => r.id)).toEqual([
      teen.id,
    ]);
    expect(
      (await results(`/api/admin/players?search=${encodeURIComponent(child.email)}`)).map(
        (r) => r.id,
      ),
    ).toEqual([child.id]);

    const tag2 = `Many${randomUUID().slice(0, 6)}`;
    for (let i = 0; i < 21; i++) await t.createUser({ username: `${tag2} ${i}` });
    const first = (await get(`/api/admin/players?search=${tag2}`)).json() as Page;
    expect(first.results).toHaveLength(20);
    const second = (await get(
      `/api/admin/players?search=${tag2}&before=${encodeURIComponent(first.next!)}`,
    ).then((r) => r.json())) as Page;
    expect(second.results.map((r) => r.username)).toEqual([`${tag2} 0`]);
    expect(second.next).toBeNull();
    const numbered = (await get(`/api/admin/players?search=${tag2}&page=2`)).json() as Page;
    expect(numbered.results).toEqual(second.results);
  });

  it('GET trials: every academy’s, searched by name, place or academy, filtered by status', async () => {
    const tag = `Tri${randomUUID().slice(0, 6)}`;
    const owner = await academy(t, { username: `${tag} Stars Academy` });
    const open = await createTrial(owner, { name: 'Open Day', venue: `${tag} Park` });
    const cancelled = await createTrial(owner, { name: 'Closed Day', venue: `${tag} Field` });
    await setTrial(t, cancelled.id, {
      status: 'cancelled',
      cancelReason: 'Rain',
      cancelledAt: new Date(),
    });
    const other = await createTrial(await academy(t), { name: `${tag} Camp` });

    const all = await results(`/api/admin/trials?search=${tag}`);
    expect(all.map((r) => r.id)).toEqual([other.id, cancelled.id, open.id]);
    expect(all[1]).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Rain',
      academy: { id: owner.id, username: owner.username },
      registration_fee: 0,
    });
    expect(
      (await results(`/api/admin/trials?search=${tag}&status=cancelled`)).map((r) => r.id),
    ).toEqual([cancelled.id]);
    expect(
      (await results(`/api/admin/trials?search=${tag}&status=active`)).map((r) => r.id),
    ).toEqual([other.id, open.id]);
    expect(
      (await results(`/api/admin/trials?search=${encodeURIComponent(`${tag} Stars`)}`)).map(
        (r) => r.id,
      ),
    ).toEqual([cancelled.id, open.id]);
    expect((await get('/api/admin/trials?status=upcoming')).statusCode).toBe(400);
  });

  it('GET audit: who, what, whom, when and why, searchable', async () => {
    const tag = `Aud${randomUUID().slice(0, 6)}`;
    const target = await t.createUser({ username: `${tag} Target` });
    const other = await t.createUser({ role: 'admin', username: `${tag} Deputy` });
    await insertAdminAudit(t.db, {
      actorId: admin.id,
      action: 'user.dob_corrected',
      targetUserId: target.id,
      reason: `${tag} birth certificate`,
      details: { from: '2000-01-01', to: '2001-01-01' },
    });
    const academyUser = await academy(t, {
      username: `${tag} Academy`,
      academyStatus: 'unverified',
    });
    const declined = await admin.call('POST', `/api/admin/academies/${academyUser.id}/decline`, {
      reason: 'Blurred licence',
    });
    expect(declined.statusCode).toBe(200);
    await insertAdminAudit(t.db, {
      actorId: other.id,
      action: 'trial.cancelled',
      targetUserId: null,
      reason: 'Unsafe venue',
    });

    const rows = await results(`/api/admin/audit?search=${tag}`);
    expect(rows.map((r) => r.action)).toEqual([
      'trial.cancelled',
      'academy.declined',
      'user.dob_corrected',
    ]);
    expect(rows[0]).toMatchObject({
      actor: { id: other.id, username: other.username, role: 'admin' },
      target: null,
      reason: 'Unsafe venue',
    });
    expect(rows[1]).toMatchObject({
      actor: { id: admin.id, username: 'Chief Admin', role: 'admin' },
      target: { id: academyUser.id, role: 'academy' },
      reason: 'Blurred licence',
      details: { from: 'unverified', to: 'declined' },
    });
    expect(rows[2]).toMatchObject({
      target: { id: target.id, username: target.username, role: 'player' },
      details: { from: '2000-01-01', to: '2001-01-01' },
    });
    expect(Date.parse(rows[2]!.created_at as string)).not.toBeNaN();
    // By the reason, the action, or a name.
    expect((await results(`/api/admin/audit?search=${tag}%20birth`)).map((r) => r.action)).toEqual([
      'user.dob_corrected',
    ]);
    expect(
      (await results(`/api/admin/audit?search=blurred%20licence`)).map((r) => r.action),
    ).toEqual(['academy.declined']);
    expect(
      (await results(`/api/admin/audit?search=${encodeURIComponent(other.username)}`)).map(
        (r) => r.action,
      ),
    ).toEqual(['trial.cancelled']);
  });

  it('refuses players and academies on every admin read and the decision', async () => {
    const player = await t.createUser();
    const owner = await academy(t);
    const id = randomUUID();
    const calls: [method: 'GET' | 'POST', url: string, payload?: object][] = [
      ['GET', '/api/admin/stats'],
      ['GET', '/api/admin/academies'],
      ['GET', `/api/admin/academies/${id}/licence`],
      ['POST', `/api/admin/academies/${owner.id}/verify`],
      ['POST', `/api/admin/academies/${owner.id}/decline`, { reason: 'x' }],
      ['GET', '/api/admin/players'],
      ['GET', '/api/admin/trials'],
      ['GET', '/api/admin/audit'],
      ['GET', '/api/admin/accounts'],
      ['GET', '/api/admin/accounts?format=csv'],
    ];
    for (const who of [player, owner]) {
      for (const [method, url, payload] of calls) {
        const res = await who.call(method, url, payload);
        expect(res.statusCode, `${who.role} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `anonymous ${method} ${url}`).toBe(401);
    }
    expect((await t.services.accounts.get(owner.id))?.academyStatus).toBe('verified');
  });
});
