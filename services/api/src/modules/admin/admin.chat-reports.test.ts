import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { listAdminAuditFor } from '@touchline/db/admin';
import { ADMIN_OPS_MESSAGES, CHAT_MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  academy,
  adultPlayer,
  befriend,
  expectStatus,
  follow,
  minorPlayer,
  sendText,
  threadOf,
} from '../chat/chat.test-support';

type Report = {
  id: string;
  target_kind: string;
  target_id: string;
  thread_name: string | null;
  minor: boolean;
  status: string;
  target_exists: boolean;
  snapshot: string;
  context: { id: string; sender_name: string; text: string; reported: boolean }[] | null;
};

/**
 * Issue 25 item 8 (supplement §13): a member of a conversation reports a message or the whole
 * conversation; the administrators see it with the surrounding messages (minors' first), remove
 * the message for everyone or block its sender.
 */
describe('reports of chat messages and conversations', () => {
  let t: TestApp;
  let admin: TestUser;
  let child: TestUser;
  let club: TestUser;
  let thread: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
    child = await minorPlayer(t);
    club = await academy(t);
    await follow(child, club);
    thread = await threadOf(club, child);
  });
  afterAll(async () => t.close());

  const send = async (who: TestUser, text: string, name = thread) =>
    (await expectStatus(sendText(who, name, text), 201)).json().id as string;
  const report = (who: TestUser, body: Record<string, unknown>) =>
    who.call('POST', '/api/report', { reason: 'child_safety', details: '', ...body });
  const openReports = async (): Promise<Report[]> =>
    (await expectStatus(admin.call('GET', '/api/admin/reports?status=open'), 200)).json()
      .results as Report[];
  const countOf = async (query: SQL) =>
    ((await t.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const rowsFor = (targetId: string) =>
    t.db.select().from(schema.contentReports).where(eq(schema.contentReports.targetId, targetId));

  it('a child reports an academy’s message: stored once with the messages around it, the same acknowledgement as posts', async () => {
    const before = [];
    for (let i = 1; i <= 12; i++) before.push(await send(i % 2 ? club : child, `before ${i}`));
    const bad = await send(club, 'Send me your home address');
    for (let i = 1; i <= 11; i++) await send(i % 2 ? child : club, `after ${i}`);

    const first = await report(child, { target: 'message', id: bad, details: 'creepy' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: POST_MESSAGES.reported });
    const again = await report(child, { target: 'message', id: bad, reason: 'spam' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: POST_MESSAGES.reported });

    const rows = await rowsFor(bad);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: child.id,
      targetKind: 'message',
      threadName: thread,
      targetAuthorId: club.id,
      reason: 'child_safety',
      details: 'creepy',
      snapshot: 'Send me your home address',
    });
    const context = rows[0]!.context!;
    // 10 before, the message, 10 after; oldest first, with names and times.
    expect(context.map((m) => m.text)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `before ${i + 3}`),
      'Send me your home address',
      ...Array.from({ length: 10 }, (_, i) => `after ${i + 1}`),
    ]);
    expect(context.filter((m) => m.reported).map((m) => m.id)).toEqual([bad]);
    expect(context[10]).toMatchObject({ sender_id: club.id, sender_name: club.username });
    expect(Date.parse(context[0]!.created_at)).not.toBeNaN();
  });

  it('a conversation is reported by its thread name, keeping its last 20 messages', async () => {
    const [x, y] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(x, y);
    const name = await threadOf(x, y);
    for (let i = 1; i <= 22; i++) await send(i % 2 ? x : y, `line ${i}`, name);
    expect(
      (await report(y, { target: 'conversation', id: name, reason: 'harassment' })).statusCode,
    ).toBe(201);
    expect(
      (await report(y, { target: 'conversation', id: name, reason: 'harassment' })).statusCode,
    ).toBe(200);
    const [row] = await t.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.threadName, name));
    expect(row).toMatchObject({
      targetKind: 'conversation',
      targetAuthorId: x.id,
      reporterId: y.id,
    });
    expect(row!.context!.map((m) => m.text)).toEqual(
      Array.from({ length: 20 }, (_, i) => `line ${i + 3}`),
    );
  });

  it('someone outside the conversation reads 404 and nothing is written; one’s own message is refused', async () => {
    const outsider = await adultPlayer(t);
    const msg = await send(club, 'Training moved to 5pm');
    const count = () => countOf(sql`select count(*)::int as n from content_reports`);
    const held = await count();
    const asMessage = await report(outsider, { target: 'message', id: msg });
    expect(asMessage.statusCode).toBe(404);
    expect(asMessage.json().message).toBe(CHAT_MESSAGES.messageNotFound);
    const asConversation = await report(outsider, { target: 'conversation', id: thread });
    expect(asConversation.statusCode).toBe(404);
    expect(asConversation.json().message).toBe(CHAT_MESSAGES.notFound);
    // A well-formed name of a pair never opened, and a malformed one, read the same.
    const never = `chat_${[outsider.id, child.id].sort().join('_')}`;
    expect((await report(outsider, { target: 'conversation', id: never })).statusCode).toBe(404);
    expect((await report(outsider, { target: 'conversation', id: 'chat_x' })).statusCode).toBe(404);
    expect((await report(club, { target: 'message', id: msg })).statusCode).toBe(400);
    expect(await count()).toBe(held);
  });

  it('hostile input is refused with 400 and nothing stored', async () => {
    const msg = await send(club, 'hostile input target');
    const cases: Record<string, unknown>[] = [
      { target: 'message', id: msg, details: 'a\u0000b' },
      { target: 'message', id: msg, details: 'x'.repeat(100_000) },
      { target: 'message', id: 42 },
      { target: 'message', id: 'not-a-uuid' },
      { target: ['message'], id: msg },
      { target: 'thread', id: msg },
      { target: 'message', id: msg, reason: 'because' },
      { target: 'message', id: msg, details: { $gt: '' } },
      { target: 'conversation', id: 'chat_'.padEnd(5000, 'a') },
    ];
    for (const body of cases) {
      const res = await report(child, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(await rowsFor(msg)).toHaveLength(0);
  });

  it('the admin sees a minor’s conversation report at the top and removes the message for everyone', async () => {
    // An adults' report, newer than the child's, still comes after it.
    const msg = await send(club, `Come alone, secret ${Date.now()}`);
    await expectStatus(report(child, { target: 'message', id: msg }), 201);
    const [p, q] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(p, q);
    const adultThread = await threadOf(p, q);
    const adultMsg = await send(p, 'rude words', adultThread);
    await expectStatus(report(q, { target: 'message', id: adultMsg, reason: 'harassment' }), 201);

    const open = await openReports();
    const mine = open.find((r) => r.target_id === msg)!;
    expect(mine).toMatchObject({ target_kind: 'message', thread_name: thread, minor: true });
    expect(mine.context!.find((m) => m.reported)?.text).toContain('Come alone');
    expect(open.findIndex((r) => r.target_id === msg)).toBeLessThan(
      open.findIndex((r) => r.target_id === adultMsg),
    );
    expect(open.find((r) => r.target_id === adultMsg)!.minor).toBe(false);

    const secret = mine.context!.find((m) => m.reported)!.text;
    const res = await admin.call('POST', `/api/admin/reports/${mine.id}/resolve`, {
      action: 'remove',
      reason: 'Unsafe contact with a child',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_OPS_MESSAGES.contentRemoved,
      report: { status: 'removed', target_exists: false },
    });
    // The snapshot stays for the record.
    expect(res.json().report.context.find((m: { reported: boolean }) => m.reported).text).toBe(
      secret,
    );
    // Both members see 'message deleted'; no stored event (the catch-up) holds the text.
    for (const who of [child, club]) {
      const page = (
        await expectStatus(who.call('GET', `/api/chat?threadName=${thread}`), 200)
      ).json();
      expect(page.messages.find((m: { id: string }) => m.id === msg)).toMatchObject({
        deleted: true,
        text: '',
      });
    }
    const leaked = await countOf(
      sql`select count(*)::int as n from user_events where data::text like ${`%${secret}%`}`,
    );
    expect(leaked).toBe(0);
    // The sender is told; the audit log has it.
    const notices = await t.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.userId, club.id));
    expect(notices.map((n) => n.text)).toContain(
      'Your message was removed: Unsafe contact with a child',
    );
    const audit = await listAdminAuditFor(t.db, club.id);
    expect(audit.map((a) => a.action)).toContain('report.removed');
    // A second decision on it is 409.
    const twice = await admin.call('POST', `/api/admin/reports/${mine.id}/resolve`, {
      action: 'remove',
      reason: 'again',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('the admin blocks the sender through the accounts’ block: signed out, audited, report answered', async () => {
    const [sender, reporter] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(sender, reporter);
    const name = await threadOf(sender, reporter);
    await send(sender, 'threats', name);
    await expectStatus(
      report(reporter, { target: 'conversation', id: name, reason: 'violence' }),
      201,
    );
    const mine = (await openReports()).find((r) => r.thread_name === name)!;
    expect(mine.target_kind).toBe('conversation');

    // A whole conversation has no one message to remove.
    const remove = await admin.call('POST', `/api/admin/reports/${mine.id}/resolve`, {
      action: 'remove',
      reason: 'threats',
    });
    expect(remove.statusCode).toBe(400);
    expect(remove.json().message).toBe(ADMIN_OPS_MESSAGES.conversationNotRemovable);

    const res = await admin.call('POST', `/api/admin/reports/${mine.id}/resolve`, {
      action: 'block',
      reason: 'Threatening messages',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_OPS_MESSAGES.accountBlocked,
      report: { status: 'blocked' },
    });
    const [user] = await t.db.select().from(schema.users).where(eq(schema.users.id, sender.id));
    expect(user!.isActive).toBe(false);
    expect((await sender.call('GET', '/api/chat_list')).statusCode).toBe(401);
    const actions = (await listAdminAuditFor(t.db, sender.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['user.blocked', 'report.author_blocked']));
    const blocked = (
      await expectStatus(admin.call('GET', '/api/admin/reports?status=blocked'), 200)
    ).json();
    expect(blocked.results.map((r: Report) => r.id)).toContain(mine.id);
  });

  it('an administrator’s account is never blocked through a report', async () => {
    const reporter = await adultPlayer(t);
    const name = await threadOf(admin, reporter);
    await send(admin, 'Hello from the team', name);
    await expectStatus(report(reporter, { target: 'conversation', id: name, reason: 'spam' }), 201);
    const mine = (await openReports()).find((r) => r.thread_name === name)!;
    const res = await admin.call('POST', `/api/admin/reports/${mine.id}/resolve`, {
      action: 'block',
      reason: 'no',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect((await openReports()).map((r) => r.id)).toContain(mine.id);
  });
});
