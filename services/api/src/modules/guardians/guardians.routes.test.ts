import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { CONSENT_NOTICE_VERSION } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  askFor,
  awaitingChild,
  consentedGuardian,
  consentLinkFor,
  GUARDIAN_PASSWORD,
  guardianThroughLink,
} from './guardians.test-support';

let n = 0;
const mailbox = () => `guardian${++n}-${Date.now()}@example.test`;

describe('signup of a child and the consent link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const signup = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        username: 'Ada Young',
        dob: '2013-05-01',
        password: 'Str0ng@pass',
        state: 'Lagos',
        district: 'Ikeja',
        sport: 'football',
        ...fields,
      },
    });

  it('an under-18 signup needs a guardian e-mail that is not the child’s own', async () => {
    const missing = await signup({ email: 'ada1@example.test' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.guardian_email).toBe(
      "Enter your parent's or guardian's e-mail address",
    );
    const same = await signup({ email: 'ada2@example.test', guardian_email: 'ADA2@example.test' });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toMatchObject({
      code: 'guardian.email_same',
      message: "Your guardian's e-mail must be different from your own",
    });
    const ok = await signup({
      email: 'ada3@example.test',
      guardian_email: 'mum.ada3@example.test',
      guardian_phone: '08031234567',
    });
    expect(ok.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'ada3@example.test'));
    expect(row).toMatchObject({ consentStatus: 'awaiting_consent', reachable: false });
    const link = await consentLinkFor(t, 'mum.ada3@example.test');
    expect(link).toMatch(/\/guardian\/consent\/[A-Za-z0-9_-]{40,}$/);
    // Only the token's hash is stored.
    const [request] = await t.db
      .select()
      .from(schema.consentRequests)
      .where(eq(schema.consentRequests.childId, row!.id));
    expect(request!.guardianPhone).toBe('+2348031234567');
    expect(request!.tokenHash).not.toContain(link.split('/').at(-1)!);
    expect(request!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('an adult signup needs no guardian and is reachable at once', async () => {
    const res = await signup({ email: 'adult1@example.test', dob: '1990-01-01' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(schema.users)
      .where(eq(schema.users.email, 'adult1@example.test'));
    expect(row).toMatchObject({ consentStatus: 'not_needed', reachable: true });
  });

  it('the consent page shows the child, the notice and its version; a bad token is 404', async () => {
    const child = await awaitingChild(t, 12, { username: 'Tobi Small' });
    const token = await askFor(t, child, mailbox());
    const page = await t.app.inject({ method: 'GET', url: `/api/guardian/consent/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      child: { username: 'Tobi Small', age: 12 },
      notice: { version: CONSENT_NOTICE_VERSION },
    });
    const bad = await t.app.inject({ method: 'GET', url: '/api/guardian/consent/not-a-token' });
    expect(bad.statusCode).toBe(404);
    expect(bad.json().code).toBe('guardian.link_invalid');
  });

  it('a link is single use and records who, what, notice version, method and address', async () => {
    const child = await awaitingChild(t);
    const email = mailbox();
    const token = await askFor(t, child, email);
    const guardian = await guardianThroughLink(t, token, email);
    const given = await guardian.call('POST', `/api/guardian/consent/${token}`, {
      decision: 'give',
      relationship: 'Father',
    });
    expect(given.statusCode).toBe(200);
    expect(given.json().message).toContain(child.username);
    const again = await guardian.call('POST', `/api/guardian/consent/${token}`, {
      decision: 'give',
      relationship: 'Father',
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('guardian.link_used');
    const ledger = await t.db
      .select()
      .from(schema.consentLedger)
      .where(eq(schema.consentLedger.childId, child.id));
    expect(ledger).toEqual([
      expect.objectContaining({
        guardianId: guardian.id,
        decision: 'given',
        relationship: 'Father',
        noticeVersion: CONSENT_NOTICE_VERSION,
        method: 'email_link+guardian_account_email_code',
        ip: '127.0.0.1',
      }),
    ]);
  });

  it('an expired or superseded link is refused', async () => {
    const child = await awaitingChild(t);
    const email = mailbox();
    const first = await askFor(t, child, email);
    const second = await askFor(t, child, email);
    const old = await t.app.inject({ method: 'GET', url: `/api/guardian/consent/${first}` });
    expect(old.statusCode).toBe(404);
    await t.db
      .update(schema.consentRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.consentRequests.childId, child.id));
    const expired = await t.app.inject({ method: 'GET', url: `/api/guardian/consent/${second}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('guardian.link_expired');
  });

  it('a child cannot consent for themselves, and a player account cannot consent', async () => {
    const child = await awaitingChild(t);
    const token = await askFor(t, child, mailbox());
    const self = await child.call('POST', `/api/guardian/consent/${token}`, {
      decision: 'give',
      relationship: 'Me',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('guardian.self_consent');
    const adult = await t.createUser();
    const player = await adult.call('POST', `/api/guardian/consent/${token}`, {
      decision: 'give',
      relationship: 'Uncle',
    });
    expect(player.statusCode).toBe(403);
    expect(player.json().code).toBe('guardian.guardian_only');
    const signupAsChild = await t.app.inject({
      method: 'POST',
      url: '/api/guardian/signup',
      payload: { token, username: 'Me', email: child.email, password: GUARDIAN_PASSWORD },
    });
    expect(signupAsChild.statusCode).toBe(403);
  });

  it('a third guardian is refused: two per child', async () => {
    const child = await awaitingChild(t);
    await consentedGuardian(t, child, mailbox());
    await consentedGuardian(t, child, mailbox());
    const email = mailbox();
    const token = await askFor(t, child, email);
    const third = await guardianThroughLink(t, token, email);
    const res = await third.call('POST', `/api/guardian/consent/${token}`, {
      decision: 'give',
      relationship: 'Aunt',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('guardian.too_many_guardians');
  });

  it("'Resend to my guardian' sends a fresh link, at most 3 an hour", async () => {
    const child = await awaitingChild(t);
    await askFor(t, child, mailbox());
    for (let i = 0; i < 2; i += 1) {
      const res = await child.call('POST', '/api/guardian/resend');
      expect(res.statusCode).toBe(200);
      expect(res.json().message).toBe('We have sent the consent e-mail to your guardian again');
    }
    const limited = await child.call('POST', '/api/guardian/resend');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('guardian.resend_too_soon');
    const adult = await t.createUser();
    expect((await adult.call('POST', '/api/guardian/resend')).statusCode).toBe(409);
  });
});

describe('the guardian’s routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a guardian reaches only linked children: every route answers 404 for another child', async () => {
    const mine = await awaitingChild(t, 12);
    const theirs = await awaitingChild(t, 14);
    const guardian = await consentedGuardian(t, mine, mailbox());
    await consentedGuardian(t, theirs, mailbox());
    const list = await guardian.call('GET', '/api/guardian/children');
    expect(list.json().results.map((c: { id: string }) => c.id)).toEqual([mine.id]);
    const routes: ['GET' | 'POST' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', `/api/guardian/children/${theirs.id}`],
      ['GET', `/api/guardian/children/${theirs.id}/conversations`],
      ['GET', `/api/guardian/children/${theirs.id}/conversations/anything`],
      ['PUT', `/api/guardian/children/${theirs.id}/settings`, { messaging: 'nobody' }],
      ['POST', `/api/guardian/children/${theirs.id}/withdraw`],
      ['POST', `/api/guardian/children/${theirs.id}/export`],
      ['DELETE', `/api/guardian/children/${theirs.id}`],
    ];
    for (const [method, url, body] of routes) {
      const res = await guardian.call(method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().code).toBe('guardian.child_not_found');
    }
    // Nothing happened to the other child.
    const [other] = await t.db.select().from(schema.users).where(eq(schema.users.id, theirs.id));
    expect(other).toMatchObject({ consentStatus: 'given', messaging: 'friends_and_academies' });
    // And the own child's routes answer.
    expect((await guardian.call('GET', `/api/guardian/children/${mine.id}`)).statusCode).toBe(200);
    const set = await guardian.call('PUT', `/api/guardian/children/${mine.id}/settings`, {
      messaging: 'friends',
    });
    expect(set.json()).toEqual({ messaging: 'friends' });
  });

  it('players and academies cannot use the guardian routes', async () => {
    const child = await awaitingChild(t);
    await consentedGuardian(t, child, mailbox());
    const club = await t.createUser({ role: 'academy' });
    for (const who of [child, club]) {
      expect((await who.call('GET', '/api/guardian/children')).statusCode).toBe(403);
      expect((await who.call('GET', `/api/guardian/children/${child.id}`)).statusCode).toBe(403);
    }
  });

  it('withdrawing consent freezes the child at once: hidden, signed out, not restorable', async () => {
    const child = await awaitingChild(t, 13, {
      username: 'Femi Frozen',
      passwordHash: await (await import('../auth/auth.passwords')).hashPassword('Str0ng@pass'),
    });
    const guardian = await consentedGuardian(t, child, mailbox());
    const club = await t.createUser({ role: 'academy' });
    expect((await club.call('GET', `/api/profile/${child.id}`)).statusCode).toBe(200);
    const res = await guardian.call('POST', `/api/guardian/children/${child.id}/withdraw`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatch(/Consent withdrawn\. Femi Frozen's account is hidden/);
    expect((await club.call('GET', `/api/profile/${child.id}`)).statusCode).toBe(404);
    const me = await child.call('GET', '/api/me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({
      code: 'guardian.account_frozen',
      message: 'Your guardian has withdrawn consent, so this account is closed',
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: child.email, password: 'Str0ng@pass' },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().code).toBe('guardian.account_frozen');
    const restore = await t.app.inject({
      method: 'POST',
      url: '/api/account/restore',
      payload: { email: child.email, password: 'Str0ng@pass' },
    });
    expect(restore.json().code).toBe('guardian.account_frozen');
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, child.id));
    expect(row).toMatchObject({ consentStatus: 'withdrawn', reachable: false });
    expect(row!.eraseAfter!.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
    const decisions = await t.db
      .select({ decision: schema.consentLedger.decision })
      .from(schema.consentLedger)
      .where(eq(schema.consentLedger.childId, child.id));
    expect(decisions.map((d) => d.decision).sort()).toEqual(['given', 'withdrawn']);
    // The guardian still sees the child (to consent again within the 30 days).
    const list = await guardian.call('GET', '/api/guardian/children');
    expect(list.json().results[0]).toMatchObject({ id: child.id, consent_status: 'withdrawn' });
  });
});

describe('administrators', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('see accounts awaiting consent and the ledger at /api/admin/consents; nobody else does', async () => {
    const waiting = await awaitingChild(t, 14, { username: 'Uche Waiting' });
    const askedOf = mailbox();
    await askFor(t, waiting, askedOf);
    const consented = await awaitingChild(t, 12, { username: 'Ngozi Given' });
    await consentedGuardian(t, consented, mailbox());
    const admin = await t.createUser({ role: 'admin' });
    const res = await admin.call('GET', '/api/admin/consents');
    expect(res.statusCode).toBe(200);
    expect(res.json().awaiting).toEqual([
      expect.objectContaining({ id: waiting.id, guardian_email: askedOf }),
    ]);
    expect(res.json().ledger).toEqual([
      expect.objectContaining({
        child: { id: consented.id, username: 'Ngozi Given' },
        decision: 'given',
      }),
    ]);
    const searched = await admin.call('GET', '/api/admin/consents?status=awaiting&search=Ngozi');
    expect(searched.json().awaiting).toEqual([]);
    expect((await waiting.call('GET', '/api/admin/consents')).statusCode).toBe(403);
  });
});
