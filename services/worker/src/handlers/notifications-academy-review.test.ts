import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertAdminAudit, setAcademyStatus } from '@touchline/db/admin';
import { listNotifications } from '@touchline/db/notifications';
import { createTestUser } from '@touchline/db/testing';
import { userChannel, type BusMessage } from '@touchline/shared';
import { createHandlerEnv } from '../testing/handler-env';
import { NOW, createTestAcademy, delivered, emailsTo } from '../testing/trial-fixtures';

type HandlerEnv = Awaited<ReturnType<typeof createHandlerEnv>>;

let h: HandlerEnv;
let adminId: string;
beforeAll(async () => {
  h = await createHandlerEnv(() => NOW);
  adminId = (await createTestUser(h.env.db, { role: 'admin' })).id;
}, 120_000);
afterAll(async () => {
  await h?.env.close();
});

let n = 0;
const rows = (userId: string) => listNotifications(h.env.db, userId, 20);

/** Sends every e-mail queued for the address and answers the mailbox copies (oldest first). */
async function mailbox(to: string) {
  const out = [];
  for (const email of await emailsTo(h.env.db, to)) {
    await h.run('email.send', email.id, { emailId: email.id });
    out.push({ template: email.template, ...(await delivered(h.env.db, email.id))! });
  }
  return out;
}

/** What the admin module's transaction leaves: the new status and the decision's audit record. */
async function decide(academyId: string, decision: 'verified' | 'declined', reason = '') {
  await setAcademyStatus(h.env.db, academyId, decision);
  const audit = await insertAdminAudit(h.env.db, {
    actorId: adminId,
    action: `academy.${decision}`,
    targetUserId: academyId,
    reason,
  });
  return audit.id;
}

const review = (
  key: string,
  academyId: string,
  auditId: string,
  decision: 'verified' | 'declined',
) => h.run('notifications.academy_review', key, { eventId: key, academyId, auditId, decision });

describe('academy review notifications (verified or declined)', () => {
  it('verified: in-app (live) and an e-mail, once however often the job runs', async () => {
    const academy = await createTestAcademy(h.env.db, `Review FC ${++n}`);
    const received: BusMessage[] = [];
    await h.drivers.bus.subscribe(userChannel(academy.id), (m) => received.push(m as BusMessage));
    const auditId = await decide(academy.id, 'verified');

    await review(`v${n}`, academy.id, auditId, 'verified');
    await review(`v${n}`, academy.id, auditId, 'verified');
    const [row, ...more] = await rows(academy.id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      kind: 'academy_review',
      text: 'Your academy has been verified: you can now publish trials',
      link: '/academy/add_trial',
      actorId: null,
    });
    await vi.waitFor(() => expect(received).toHaveLength(1), { timeout: 10_000 });
    expect(received[0]).toMatchObject({
      kind: 'stored',
      event: { type: 'notification', data: { kind: 'academy_review', unread: 1 } },
    });
    const [mail, ...others] = await mailbox(academy.email);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      template: 'academy.verified',
      subject: 'Your academy has been verified on Touchline',
    });
    expect(mail!.text).toContain(`Hello ${academy.username},`);
    expect(mail!.text).toContain('You can now publish trials');
  });

  it('declined: the reason in the notification and the e-mail (escaped in HTML)', async () => {
    const academy = await createTestAcademy(h.env.db, `Declined FC ${++n}`);
    const reason = 'The licence <scan> is unreadable & expired';
    const auditId = await decide(academy.id, 'declined', reason);

    await review(`d${n}`, academy.id, auditId, 'declined');
    const [row] = await rows(academy.id);
    expect(row).toMatchObject({
      kind: 'academy_review',
      text: `Your academy verification was declined: ${reason}`,
      link: '/academy/profile',
    });
    const [mail] = await mailbox(academy.email);
    expect(mail).toMatchObject({
      template: 'academy.declined',
      subject: 'Your academy verification was declined',
    });
    expect(mail!.text).toContain(`Reason: ${reason}`);
    expect(mail!.html).toContain('The licence &lt;scan&gt; is unreadable &amp; expired');
    expect(mail!.html).not.toContain('<scan>');
  });

  it('a decision replaced by a later one is not told; the later one is', async () => {
    const academy = await createTestAcademy(h.env.db, `Changed FC ${++n}`);
    const verifiedAudit = await decide(academy.id, 'verified');
    const declinedAudit = await decide(academy.id, 'declined', 'Wrong address');

    // The jobs may run in either order: the verification is stale whenever it runs.
    await review(`c${n}b`, academy.id, declinedAudit, 'declined');
    await review(`c${n}a`, academy.id, verifiedAudit, 'verified');
    expect((await rows(academy.id)).map((r) => r.text)).toEqual([
      'Your academy verification was declined: Wrong address',
    ]);
    expect((await mailbox(academy.email)).map((m) => m.template)).toEqual(['academy.declined']);
  });

  it('nothing for an unknown account or an audit record of another account', async () => {
    const academy = await createTestAcademy(h.env.db, `Other FC ${++n}`);
    const other = await createTestAcademy(h.env.db, `Another FC ${n}`);
    const othersAudit = await decide(other.id, 'verified');
    await setAcademyStatus(h.env.db, academy.id, 'verified');
    await review(`o${n}`, academy.id, othersAudit, 'verified');
    await review(`u${n}`, '00000000-0000-4000-8000-000000000000', othersAudit, 'verified');
    expect(await rows(academy.id)).toEqual([]);
    expect(await emailsTo(h.env.db, academy.email)).toEqual([]);
  });
});
