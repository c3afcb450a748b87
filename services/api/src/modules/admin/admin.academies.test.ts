import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdminAuditFor } from '@touchline/db/admin';
import { createMediaObject } from '@touchline/db/media';
import { ADMIN_MESSAGES, ERROR_CODES, PAGING_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { buildAdminServices } from './admin.module';

/** Supplement §10, §12: administrators list academies, read the licence, verify or decline. */
describe('/api/admin/academies', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  const academy = (values: Parameters<TestApp['createUser']>[0] = {}) =>
    t.createUser({ role: 'academy', academyStatus: 'unverified', ...values });
  const list = (query: string) => admin.call('GET', `/api/admin/academies?${query}`);
  const ids = (res: { json: () => { results: { id: string }[] } }) =>
    res.json().results.map((a) => a.id);
  const statusOf = async (id: string) => (await t.services.accounts.get(id))?.academyStatus ?? null;

  it('filters by pending, verified, declined and blocked, and searches name and e-mail', async () => {
    const tag = `Filt${randomUUID().slice(0, 6)}`;
    const pending = await academy({ username: `${tag} Pending FC` });
    const verified = await academy({ username: `${tag} Verified FC`, academyStatus: 'verified' });
    const declined = await academy({ username: `${tag} Declined FC`, academyStatus: 'declined' });
    const blocked = await academy({ username: `${tag} Blocked FC`, active: false });
    await t.createUser({ username: `${tag} Player` }); // a player is never listed

    const all = await list(`search=${tag}`);
    expect(all.statusCode).toBe(200);
    // Newest first.
    expect(ids(all)).toEqual([blocked.id, declined.id, verified.id, pending.id]);
    expect(ids(await list(`search=${tag}&status=pending`))).toEqual([blocked.id, pending.id]);
    expect(ids(await list(`search=${tag}&status=verified`))).toEqual([verified.id]);
    expect(ids(await list(`search=${tag}&status=declined`))).toEqual([declined.id]);
    expect(ids(await list(`search=${tag}&status=blocked`))).toEqual([blocked.id]);
    expect(ids(await list(`search=${tag.toLowerCase()}%20declined`))).toEqual([declined.id]);
    expect(ids(await list(`search=${encodeURIComponent(declined.email)}`))).toEqual([declined.id]);
    // `%` and `_` are literal, not wildcards.
    expect(ids(await list(`search=${tag}%25`))).toEqual([]);

    const [row] = (await list(`search=${tag}&status=blocked`)).json().results;
    expect(row).toMatchObject({
      id: blocked.id,
      username: blocked.username,
      email: blocked.email,
      status: 'pending',
      blocked: true,
      has_licence: false,
    });
    const bad = await list('status=gone');
    expect(bad.statusCode).toBe(400);
  });

  it('pages by number (`page=2`) and by the `next` cursor (`before`), never repeating or skipping', async () => {
    const tag = `Page${randomUUID().slice(0, 6)}`;
    const made: string[] = [];
    for (let i = 0; i < 23; i++) made.push((await academy({ username: `${tag} ${i}` })).id);
    const first = (await list(`search=${tag}`)).json();
    expect(first).toMatchObject({ has_more: true, page: 1, next: expect.any(String) });
    expect(first.results).toHaveLength(20);
    expect((await list(`search=${tag}&page=1`)).json()).toEqual(first);
    const second = (await list(`search=${tag}&before=${encodeURIComponent(first.next)}`)).json();
    expect(second).toMatchObject({ has_more: false, page: null, next: null });
    expect([...first.results, ...second.results].map((a: { id: string }) => a.id)).toEqual(
      made.reverse(),
    );
    const numbered = (await list(`search=${tag}&page=2`)).json();
    expect(numbered).toMatchObject({ has_more: false, page: 2, next: null });
    expect(numbered.results).toEqual(second.results);
    expect((await list(`search=${tag}&page=3`)).json()).toMatchObject({
      results: [],
      has_more: false,
    });
    const badCursor = await list('before=2');
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().message).toContain(PAGING_MESSAGES.badCursor);
    const badPage = await list('page=0');
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json().message).toContain(PAGING_MESSAGES.badPage);
  });

  it('verifies and declines, each with its audit record in the same transaction', async () => {
    const target = await academy();
    const verify = await admin.call('POST', `/api/admin/academies/${target.id}/verify`);
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toMatchObject({
      message: ADMIN_MESSAGES.academyVerified,
      academy: { id: target.id, status: 'verified' },
    });
    expect(await statusOf(target.id)).toBe('verified');
    // The academy can now publish trials.
    const trial = await target.call('POST', '/api/trial', {
      name: 'Verified Trial',
      sport: 'football',
      state: 'Lagos',
      district: 'Ikeja',
      venue: 'Teslim Balogun Stadium',
      trial_date: '2099-06-20',
      start_time: '09:30',
      deadline: '2099-06-10',
    });
    expect(trial.statusCode, trial.body).toBe(201);

    const again = await admin.call('POST', `/api/admin/academies/${target.id}/verify`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.alreadyVerified);

    const noReason = await admin.call('POST', `/api/admin/academies/${target.id}/decline`, {
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(ADMIN_MESSAGES.declineReasonRequired);

    const decline = await admin.call('POST', `/api/admin/academies/${target.id}/decline`, {
      reason: 'Licence is expired',
    });
    expect(decline.statusCode).toBe(200);
    expect(decline.json().academy.status).toBe('declined');
    expect(await statusOf(target.id)).toBe('declined');

    const audit = await listAdminAuditFor(t.db, target.id);
    expect(audit).toMatchObject([
      {
        actorId: admin.id,
        action: 'academy.declined',
        reason: 'Licence is expired',
        details: { from: 'verified', to: 'declined' },
      },
      { actorId: admin.id, action: 'academy.verified', details: { from: 'unverified' } },
    ]);
  });

  it('a failing change leaves neither the new status nor an audit record', async () => {
    const target = await academy();
    // The status update fails inside the transaction (after the audit insert).
    await t.db.execute(
      sql.raw(`create or replace function admin_test_refuse() returns trigger as $$
        begin
          if new.id = '${target.id}' then raise exception 'refused by test'; end if;
          return new;
        end $$ language plpgsql`),
    );
    await t.db.execute(
      sql.raw(`create trigger admin_test_refuse before update on users
        for each row execute function admin_test_refuse()`),
    );
    try {
      const res = await admin.call('POST', `/api/admin/academies/${target.id}/decline`, {
        reason: 'Fake licence',
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger admin_test_refuse on users'));
    }
    expect(await statusOf(target.id)).toBe('unverified');
    expect(await listAdminAuditFor(t.db, target.id)).toEqual([]);
  });

  it('a failing audit record leaves the status unchanged', async () => {
    const target = await academy();
    // Built as the module builds it; an actor that is no account fails the audit insert.
    const { academies } = buildAdminServices(t.app);
    await expect(academies.verify(randomUUID(), target.id)).rejects.toThrow();
    expect(await statusOf(target.id)).toBe('unverified');
    expect(await listAdminAuditFor(t.db, target.id)).toEqual([]);
  });

  it('acts on academies only: another administrator, a player or an unknown id is 404', async () => {
    const other = await t.createUser({ role: 'admin' });
    const player = await t.createUser();
    for (const id of [other.id, player.id, admin.id, randomUUID()]) {
      for (const [verb, payload] of [
        ['verify', undefined],
        ['decline', { reason: 'x' }],
      ] as const) {
        const res = await admin.call('POST', `/api/admin/academies/${id}/${verb}`, payload);
        expect(res.statusCode, `${verb} ${id}`).toBe(404);
        expect(res.json()).toMatchObject({
          code: ERROR_CODES.notFound,
          message: ADMIN_MESSAGES.academyNotFound,
        });
      }
      expect(await listAdminAuditFor(t.db, id)).toEqual([]);
    }
    expect((await t.services.accounts.get(other.id))?.academyStatus).toBeNull();
  });

  it('answers a short-lived signed link to the private licence', async () => {
    const key = `licences/${randomUUID()}.pdf`;
    const body = Buffer.from('%PDF-1.4 licence');
    await t.drivers.storage.put({
      key,
      body,
      contentType: 'application/pdf',
      visibility: 'private',
    });
    const mediaId = randomUUID();
    const target = await academy();
    await createMediaObject(t.db, {
      id: mediaId,
      ownerId: target.id,
      key,
      visibility: 'private',
      kind: 'document',
      contentType: 'application/pdf',
      byteSize: body.length,
    });
    await t.db.execute(sql`update users set licence_media_id = ${mediaId} where id = ${target.id}`);

    const res = await admin.call('GET', `/api/admin/academies/${target.id}/licence`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const link = res.json() as { url: string; content_type: string; expires_at: string };
    expect(link.content_type).toBe('application/pdf');
    const ttl = Date.parse(link.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300_000);
    const url = new URL(link.url, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(body)).toBe(true);
    // Without its signature, or with another, the same path is refused.
    const forged = new URLSearchParams(url.search);
    forged.set('signature', 'x'.repeat(43));
    for (const path of [url.pathname, `${url.pathname}?${forged.toString()}`]) {
      const refused = await t.app.inject({ method: 'GET', url: path });
      expect([400, 403], path).toContain(refused.statusCode);
    }

    const listed = (await list(`search=${encodeURIComponent(target.email)}`)).json();
    expect(listed.results[0].has_licence).toBe(true);

    const none = await admin.call('GET', `/api/admin/academies/${(await academy()).id}/licence`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(ADMIN_MESSAGES.noLicence);
  });
});
