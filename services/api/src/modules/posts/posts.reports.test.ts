import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { block, person, post } from './posts.test-support';

describe('reports', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a report is stored once with the reported text; a repeat answers 200 and changes nothing', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const id = await post(author, 'Buy followers here');
    const body = { target: 'post', id, reason: 'spam', details: 'Selling accounts' };
    const first = await reporter.call('POST', '/api/report', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ message: POST_MESSAGES.reported });
    const again = await reporter.call('POST', '/api/report', { ...body, reason: 'other' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: POST_MESSAGES.reported });

    const rows = await t.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.targetId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reporterId: reporter.id,
      targetKind: 'post',
      postId: id,
      targetAuthorId: author.id,
      reason: 'spam',
      details: 'Selling accounts',
      snapshot: 'Buy followers here',
      status: 'open',
    });

    // The report outlives the post.
    await author.call('DELETE', `/api/post/${id}`);
    const kept = await t.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.targetId, id));
    expect(kept[0]).toMatchObject({ snapshot: 'Buy followers here', postId: null });
  });

  it('comments are reported with their text and author', async () => {
    const [author, commenter, reporter] = [await person(t), await person(t), await person(t)];
    const id = await post(author, 'Fine post');
    const c = await commenter.call('POST', `/api/add_comment/${id}`, { content: 'Nasty words' });
    const res = await reporter.call('POST', '/api/report', {
      target: 'comment',
      id: c.json().id,
      reason: 'harassment',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db
      .select()
      .from(schema.contentReports)
      .where(eq(schema.contentReports.targetId, c.json().id));
    expect(row).toMatchObject({
      targetKind: 'comment',
      postId: id,
      targetAuthorId: commenter.id,
      snapshot: 'Nasty words',
      details: '',
    });
  });

  it('your own content, gone content and a missing reason are refused', async () => {
    const [author, reporter] = [await person(t), await person(t)];
    const id = await post(author, 'Mine');
    const own = await author.call('POST', '/api/report', { target: 'post', id, reason: 'spam' });
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe('You cannot report your own post');

    const noReason = await reporter.call('POST', '/api/report', { target: 'post', id });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe('Choose a reason');

    const missing = await reporter.call('POST', '/api/report', {
      target: 'post',
      id: '0192b7a0-0000-7000-8000-000000000000',
      reason: 'spam',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MESSAGES.postGone);

    await block(t, author, reporter);
    const blocked = await reporter.call('POST', '/api/report', {
      target: 'post',
      id,
      reason: 'spam',
    });
    expect(blocked.statusCode).toBe(404);
    const unknownComment = await reporter.call('POST', '/api/report', {
      target: 'comment',
      id: '0192b7a0-0000-7000-8000-000000000000',
      reason: 'spam',
    });
    expect(unknownComment.statusCode).toBe(404);
    expect(unknownComment.json().message).toBe(POST_MESSAGES.commentNotFound);
  });
});
