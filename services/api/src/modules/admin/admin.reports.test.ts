import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { listAdminAuditFor } from '@touchline/db/admin';
import { ADMIN_OPS_MESSAGES, MESSAGES, PAGING_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { befriend, dobForAge, person, post, seedPosts } from '../posts/posts.test-support';

type Report = { id: string; target_id: string; minor: boolean; [key: string]: unknown };

/** Issue 13: administrators list content reports (minors' content first) and resolve them. */
describe('/api/admin/reports', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.createUser({ role: 'admin' });
  });
  afterAll(async () => t.close());

  const report = async (who: TestUser, target: 'post' | 'comment', id: string, reason = 'spam') => {
    const res = await who.call('POST', '/api/report', { target, id, reason, details: 'see it' });
    expect(res.statusCode).toBe(201);
  };
  /** Every report of a status, all pages walked (other tests' reports may be there too). */
  async function all(status: string): Promise<Report[]> {
    const out: Report[] = [];
    let page: string | null = null;
    do {
      const query: string = `status=${status}${page ? `&before=${encodeURIComponent(page)}` : ''}`;
      const res = await admin.call('GET', `/api/admin/reports?${query}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { results: Report[]; next: string | null };
      out.push(...body.results);
      page = body.next;
    } while (page);
    expect(new Set(out.map((r) => r.id)).size).toBe(out.length); // never repeated
    return out;
  }
  const reportOf = async (status: string, targetId: string) =>
    (await all(status)).find((r) => r.target_id === targetId);

  it('lists open reports with minors’ content first, with snapshot, reporter and author', async () => {
    const reporter = await person(t);
    const minor = await person(t, { dob: dobForAge(15) });
    const adult = await person(t);
    await befriend(t, reporter, minor); // a minor's posts are for their circle
    const minorPost = await post(minor, 'Minor’s reported words');
    // More than a page of adults' reports, all newer than the minor's.
    const adultPosts = await seedPosts(t, adult, Array<number>(22).fill(0));
    await report(reporter, 'post', minorPost);
    for (const id of adultPosts) await report(reporter, 'post', id);
    const open = await all('open');
    const mine = open.filter((r) => [minorPost, ...adultPosts].includes(r.target_id));
    expect(mine.map((r) => r.target_id)).toEqual([minorPost, ...adultPosts.reverse()]);
    // Every minor's report comes before every adult's.
    const firstAdult = open.findIndex((r) => !r.minor);
    expect(open.slice(firstAdult).every((r) => !r.minor)).toBe(true);
    expect(mine[0]).toMatchObject({
      status: 'open',
      target_kind: 'post',
      post_id: minorPost,
      target_exists: true,
      reason: 'spam',
      details: 'see it',
      snapshot: 'Minor’s reported words',
      minor: true,
      reporter: { id: reporter.id, username: reporter.username, role: 'player' },
      author: { id: minor.id, username: minor.username, role: 'player' },
      resolved_at: null,
      resolved_by: null,
    });
    expect(mine[1]!.minor).toBe(false);

    const bad = await admin.call('GET', '/api/admin/reports?before=2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(PAGING_MESSAGES.badCursor);
    const second = await admin.call('GET', '/api/admin/reports?page=2');
    expect(second.json()).toMatchObject({ page: 2, has_more: expect.any(Boolean) });
    expect((await admin.call('GET', '/api/admin/reports?status=gone')).statusCode).toBe(400);
  });

  it('remove: the post is gone, every open report of it is answered, the author told, audited', async () => {
    const [author, first, second, stranger] = [
      await person(t),
      await person(t),
      await person(t),
      await person(t),
    ];
    const id = await post(author, 'Buy followers here');
    await report(first, 'post', id);
    await report(second, 'post', id, 'harassment');
    const target = (await reportOf('open', id))!;

    const noReason = await admin.call('POST', `/api/admin/reports/${target.id}/resolve`, {
      action: 'remove',
      reason: '  ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(ADMIN_OPS_MESSAGES.reasonRequired);

    const res = await admin.call('POST', `/api/admin/reports/${target.id}/resolve`, {
      action: 'remove',
      reason: 'Spam',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_OPS_MESSAGES.contentRemoved,
      report: {
        id: target.id,
        status: 'removed',
        target_exists: false,
        resolved_by: { id: admin.id, username: admin.username, role: 'admin' },
      },
    });

    // Gone for everyone, its author included.
    const seen = await stranger.call('GET', `/api/post/${id}`);
    expect(seen.statusCode).toBe(404);
    expect(seen.json().message).toBe(MESSAGES.postGone);
    expect((await author.call('GET', `/api/post/${id}`)).statusCode).toBe(404);
    // Both reports of it are answered; none is open.
    const removed = (await all('removed')).filter((r) => r.target_id === id);
    expect(removed).toHaveLength(2);
    expect(await reportOf('open', id)).toBeUndefined();

    const notes = (await author.call('GET', '/api/notification')).json();
    expect(JSON.stringify(notes)).toContain(ADMIN_OPS_MESSAGES.removedNotice('post', 'Spam'));

    const audit = await listAdminAuditFor(t.db, author.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: 'report.removed',
      reason: 'Spam',
      details: expect.objectContaining({ report_id: target.id, target_kind: 'post' }),
    });

    // Resolved once only.
    const again = await admin.call('POST', `/api/admin/reports/${removed[1]!.id}/resolve`, {
      action: 'dismiss',
      reason: 'late',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_OPS_MESSAGES.reportResolved);
  });

  it('remove a comment: it goes with its replies and the counts follow', async () => {
    const [author, commenter, replier, reporter] = [
      await person(t),
      await person(t),
      await person(t),
      await person(t),
    ];
    const id = await post(author, 'Fine post');
    const c = (await commenter.call('POST', `/api/add_comment/${id}`, { content: 'Nasty' })).json();
    const reply = await replier.call('POST', `/api/add_comment/${id}`, {
      content: 'Reply',
      parent: c.id,
    });
    expect(reply.statusCode).toBe(201);
    await report(reporter, 'comment', c.id, 'harassment');
    const target = (await reportOf('open', c.id))!;
    expect(target).toMatchObject({ target_kind: 'comment', post_id: id, snapshot: 'Nasty' });

    const res = await admin.call('POST', `/api/admin/reports/${target.id}/resolve`, {
      action: 'remove',
      reason: 'Abuse',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(schema.posts).where(eq(schema.posts.id, id));
    expect(row).toMatchObject({ commentsCount: 0, commentsTotal: 0, removedAt: null });
    const left = await t.db.select().from(schema.comments).where(eq(schema.comments.postId, id));
    expect(left).toEqual([]);
    const notes = (await commenter.call('GET', '/api/notification')).json();
    expect(JSON.stringify(notes)).toContain(ADMIN_OPS_MESSAGES.removedNotice('comment', 'Abuse'));
  });

  it('dismiss: the content stays, only this report is answered, audited; unknown ids are 404', async () => {
    const [author, reporter, other] = [await person(t), await person(t), await person(t)];
    const id = await post(author, 'Harmless');
    await report(reporter, 'post', id);
    await report(other, 'post', id);
    const open = (await all('open')).filter((r) => r.target_id === id);
    expect(open).toHaveLength(2);

    const res = await admin.call('POST', `/api/admin/reports/${open[0]!.id}/resolve`, {
      action: 'dismiss',
      reason: 'Not against the rules',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: ADMIN_OPS_MESSAGES.reportDismissed,
      report: { status: 'dismissed', target_exists: true },
    });
    expect((await other.call('GET', `/api/post/${id}`)).statusCode).toBe(200);
    expect((await all('open')).filter((r) => r.target_id === id)).toHaveLength(1);
    expect((await all('dismissed')).filter((r) => r.target_id === id)).toHaveLength(1);
    const audit = await listAdminAuditFor(t.db, author.id);
    expect(audit.map((a) => a.action)).toEqual(['report.dismissed']);
    const notes = (await author.call('GET', '/api/notification')).json();
    expect(JSON.stringify(notes)).not.toContain('was removed');

    const missing = await admin.call(
      'POST',
      '/api/admin/reports/00000000-0000-4000-8000-000000000000/resolve',
      { action: 'dismiss', reason: 'x' },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ADMIN_OPS_MESSAGES.reportNotFound);
  });

  it('is for administrators only', async () => {
    const player = await person(t);
    expect((await player.call('GET', '/api/admin/reports')).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/reports' });
    expect(res.statusCode).toBe(401);
  });
});
