import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schema } from '@touchline/db';
import { listAdminAuditFor } from '@touchline/db/admin';
import { ADMIN_MESSAGES, TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  outboxOf,
  paidRegistration,
  readPayment,
  storedRegistration,
} from '../payments/payments.test-support';
import { player, register } from '../trials/trials.test-support';

/**
 * What administrators' changes do beyond the change (issue 13, supplement §10): the academy is
 * told of its verification decision, a trial an administrator cancels is refunded and told as if
 * its academy had cancelled it, and every change leaves its audit record. Workers and the outbox
 * relay run in-process, so these go from the request to the recipient's notifications.
 */
describe('administrators’ changes and their effects', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ workers: true });
    admin = await t.createUser({ role: 'admin' });
  }, 60_000);
  afterAll(async () => t?.close());

  const texts = async (who: TestUser) =>
    ((await who.call('GET', '/api/notification')).json().results as { text: string }[]).map(
      (n) => n.text,
    );
  const emailsTo = (to: string) =>
    t.db
      .select({ template: schema.emails.template })
      .from(schema.emails)
      .where(eq(schema.emails.to, to))
      .then((rows) => rows.map((r) => r.template).sort());
  const until = (check: () => Promise<void>) =>
    vi.waitFor(check, { timeout: 30_000, interval: 50 });

  it('a verified academy is told in-app and by e-mail; a declined one with the reason', async () => {
    const club = await t.createUser({ role: 'academy', academyStatus: 'unverified' });
    const verify = await admin.call('POST', `/api/admin/academies/${club.id}/verify`);
    expect(verify.statusCode).toBe(200);
    const [audit] = await listAdminAuditFor(t.db, club.id);
    expect(await outboxOf(t, 'academy.verified')).toContainEqual({
      academyId: club.id,
      auditId: audit!.id,
    });
    await until(async () =>
      expect(await texts(club)).toEqual([
        'Your academy has been verified: you can now publish trials',
      ]),
    );
    await until(async () => expect(await emailsTo(club.email)).toEqual(['academy.verified']));

    const decline = await admin.call('POST', `/api/admin/academies/${club.id}/decline`, {
      reason: 'The licence has expired',
    });
    expect(decline.statusCode).toBe(200);
    await until(async () =>
      expect(await texts(club)).toContain(
        'Your academy verification was declined: The licence has expired',
      ),
    );
    await until(async () =>
      expect(await emailsTo(club.email)).toEqual(['academy.declined', 'academy.verified']),
    );
  });

  it('block and unblock write their audit records (who, whom, why)', async () => {
    const ada = await player(t);
    const block = await admin.call('POST', `/api/admin/users/${ada.id}/block`, {
      reason: 'Abusive messages',
    });
    expect(block.statusCode).toBe(200);
    const noReason = await admin.call('POST', `/api/admin/users/${ada.id}/block`, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    const unblock = await admin.call('POST', `/api/admin/users/${ada.id}/unblock`, {
      reason: 'Appeal accepted',
    });
    expect(unblock.statusCode).toBe(200);
    const bare = await admin.call('POST', `/api/admin/users/${ada.id}/unblock`);
    expect(bare.statusCode, bare.body).toBe(200);

    expect(await listAdminAuditFor(t.db, ada.id)).toMatchObject([
      { actorId: admin.id, action: 'user.unblocked', reason: '' },
      { actorId: admin.id, action: 'user.unblocked', reason: 'Appeal accepted' },
      {
        actorId: admin.id,
        action: 'user.blocked',
        reason: 'Abusive messages',
        details: { role: 'player', was_blocked: false },
      },
    ]);
    // A refused block (an administrator) leaves no record.
    const other = await t.createUser({ role: 'admin' });
    const refused = await admin.call('POST', `/api/admin/users/${other.id}/block`, {
      reason: 'Takeover',
    });
    expect(refused.statusCode).toBe(403);
    expect(await listAdminAuditFor(t.db, other.id)).toEqual([]);
    // The audit log shows them.
    const log = (await admin.call('GET', `/api/admin/audit?search=Abusive`)).json();
    expect(log.results[0]).toMatchObject({
      action: 'user.blocked',
      reason: 'Abusive messages',
      actor: { id: admin.id },
      target: { id: ada.id, username: ada.username },
    });
  });

  it('an administrator cancels a paid trial: refunded, registrants told, audited', async () => {
    const { owner, trial, payer, reference, registrationId } = await paidRegistration(t);
    const pay = await payer.call('POST', `/api/payments/sandbox/${reference}`, {
      outcome: 'success',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const free = await player(t);
    expect((await register(free, trial)).statusCode).toBe(201);

    const noReason = await admin.call('DELETE', `/api/admin/trials/${trial.id}`);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(ADMIN_MESSAGES.cancelReasonRequired);
    expect(
      (await admin.call('DELETE', `/api/admin/trials/${trial.id}?reason=%20`)).statusCode,
    ).toBe(400);

    const res = await admin.call(
      'DELETE',
      `/api/admin/trials/${trial.id}?reason=${encodeURIComponent('Unsafe pitch')}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_MESSAGES.trialCancelled,
      trial: {
        id: trial.id,
        status: 'cancelled',
        cancel_reason: 'Unsafe pitch',
        academy: { id: owner.id },
      },
    });
    expect((await storedRegistration(t, registrationId)).status).toBe('trial_cancelled');
    expect(await outboxOf(t, 'trial.cancelled')).toContainEqual({ trialId: trial.id });
    expect(await listAdminAuditFor(t.db, owner.id)).toMatchObject([
      {
        actorId: admin.id,
        action: 'trial.cancelled',
        reason: 'Unsafe pitch',
        details: { trial_id: trial.id, trial: trial.name, registrations: 2, refunds: 1 },
      },
    ]);

    // As when the academy cancels: the payment is refunded, both registrants are told.
    await until(async () =>
      expect((await readPayment(payer, reference)).json().status).toBe('refunded'),
    );
    await until(async () =>
      expect(await texts(payer)).toEqual(
        expect.arrayContaining([
          `${trial.name} has been cancelled`,
          `Your payment for ${trial.name} has been refunded`,
        ]),
      ),
    );
    await until(async () =>
      expect(await texts(free)).toContain(`${trial.name} has been cancelled`),
    );
    await until(async () =>
      expect(await emailsTo(payer.email)).toEqual(
        expect.arrayContaining(['trials.cancelled', 'trials.refund']),
      ),
    );
    // The e-mail says who cancelled it, with the reason.
    await until(async () => {
      const sent = await t.db
        .select({ subject: schema.devMailbox.subject, text: schema.devMailbox.text })
        .from(schema.devMailbox)
        .where(eq(schema.devMailbox.to, payer.email));
      const cancelled = sent.find((m) => m.subject === `${trial.name} has been cancelled`);
      expect(cancelled?.text).toContain(`Touchline's administrators have cancelled ${trial.name}.`);
      expect(cancelled?.text).toContain('Reason: Unsafe pitch');
    });
    // The academy sees it cancelled with the reason.
    expect((await owner.call('GET', `/api/trial/${trial.id}`)).json()).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Unsafe pitch',
    });

    // Once only: a second cancel is 409 and writes nothing more.
    const again = await admin.call('DELETE', `/api/admin/trials/${trial.id}?reason=Again`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(TRIAL_MESSAGES.cancelled);
    expect(await listAdminAuditFor(t.db, owner.id)).toHaveLength(1);
  });

  it('an unknown trial is 404 and leaves no record; players and academies are refused', async () => {
    const missing = await admin.call(
      'DELETE',
      '/api/admin/trials/00000000-0000-4000-8000-000000000000?reason=Gone',
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('trials.not_found');
    const { owner, trial } = await paidRegistration(t);
    expect((await owner.call('DELETE', `/api/admin/trials/${trial.id}?reason=x`)).statusCode).toBe(
      403,
    );
    const actions = await t.db
      .select({ action: schema.adminAudit.action })
      .from(schema.adminAudit)
      .where(eq(schema.adminAudit.reason, 'Gone'));
    expect(actions).toEqual([]);
    expect((await owner.call('GET', `/api/trial/${trial.id}`)).json().status).toBe('active');
  });
});
