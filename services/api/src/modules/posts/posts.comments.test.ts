import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { MESSAGES, POST_MESSAGES, type CommentView } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  befriend,
  block,
  dobForAge,
  follow,
  person,
  post,
  type Person,
} from './posts.test-support';

describe('comments and replies', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const comment = async (who: Person, postId: string, content: string, parent?: string) => {
    const res = await who.call('POST', `/api/add_comment/${postId}`, {
      content,
      parent: parent ?? null,
    });
    expect(res.statusCode).toBe(201);
    return res.json() as CommentView;
  };
  const counters = async (postId: string) => {
    const [row] = await t.db.select().from(schema.posts).where(eq(schema.posts.id, postId));
    return { top: row!.commentsCount, total: row!.commentsTotal };
  };
  const shape = (list: CommentView[]): unknown[] =>
    list.map((c) => [c.content, c.depth, ...(c.replies.length ? [shape(c.replies)] : [])]);

  it('replies nest under their parent at any depth, oldest first at every level', async () => {
    const [author, ada, bola] = [
      await person(t, { username: 'Author' }),
      await person(t, { username: 'Ada' }),
      await person(t, { role: 'academy', username: 'Stars Academy' }),
    ];
    const id = await post(author, 'Who wins on Saturday?');
    const first = await comment(ada, id, 'Lagos Stars');
    expect(first).toMatchObject({
      user: 'Ada',
      user_id: ada.id,
      content: 'Lagos Stars',
      profile_photo: '/default-avatar.svg',
      is_academy: false,
      parent: null,
      replies: [],
      depth: 0,
    });
    const second = await comment(bola, id, 'We do');
    const r1 = await comment(author, id, 'Bold!', first.id);
    const r2 = await comment(bola, id, 'Agreed', r1.id);
    const r3 = await comment(ada, id, 'Deeper still', r2.id);
    expect(r3).toMatchObject({ parent: r2.id, depth: 3 });
    await comment(ada, id, 'Second reply', first.id);
    await comment(author, id, '  Spaced  ', second.id);

    const view = (await ada.call('GET', `/api/post/${id}`)).json();
    expect(shape(view.comments)).toEqual([
      [
        'Lagos Stars',
        0,
        [
          ['Bold!', 1, [['Agreed', 2, [['Deeper still', 3]]]]],
          ['Second reply', 1],
        ],
      ],
      ['We do', 0, [['Spaced', 1]]],
    ]);
    expect(view.comments[1]).toMatchObject({ is_academy: true, user: 'Stars Academy' });
    expect(view.comments_count).toBe(2);
    expect(await counters(id)).toEqual({ top: 2, total: 7 });

    const events = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.type, 'comment.created'));
    expect(events.map((e) => e.payload)).toContainEqual({
      commentId: r3.id,
      postId: id,
      authorId: ada.id,
    });
  });

  it('blank comments and replies, gone posts and foreign parents answer the right message', async () => {
    const [author, fan] = [await person(t), await person(t)];
    const id = await post(author, 'Comment on me');
    const other = await post(author, 'Another post');
    const top = await comment(fan, id, 'Top');
    const elsewhere = await comment(fan, other, 'Elsewhere');

    const blank = await fan.call('POST', `/api/add_comment/${id}`, { content: '  ', parent: null });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MESSAGES.commentEmpty);
    const blankReply = await fan.call('POST', `/api/add_comment/${id}`, {
      content: '',
      parent: top.id,
    });
    expect(blankReply.statusCode).toBe(400);
    expect(blankReply.json().message).toBe(MESSAGES.replyEmpty);

    const foreign = await fan.call('POST', `/api/add_comment/${id}`, {
      content: 'Hi',
      parent: elsewhere.id,
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe(POST_MESSAGES.parentNotFound);

    const tooLong = await fan.call('POST', `/api/add_comment/${id}`, { content: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);

    await author.call('DELETE', `/api/post/${id}`);
    const gone = await fan.call('POST', `/api/add_comment/${id}`, { content: 'Still here?' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(MESSAGES.postGone);
  });

  it('only a minor’s circle may comment on their post', async () => {
    const minor = await person(t, { dob: dobForAge(14) });
    const [friend, stranger] = [await person(t), await person(t)];
    const academy = await person(t, { role: 'academy' });
    await befriend(t, minor, friend);
    await follow(t, minor, academy);
    const id = await post(minor, 'My first trial');

    // A stranger does not even see the post (supplement §13, decision 20).
    const hidden = await stranger.call('POST', `/api/add_comment/${id}`, { content: 'Hello' });
    expect(hidden.statusCode).toBe(404);
    expect((await stranger.call('GET', `/api/post/${id}`)).statusCode).toBe(404);
    // A verified academy the minor does not follow sees it, but may not comment.
    const otherAcademy = await person(t, { role: 'academy' });
    const refused = await otherAcademy.call('POST', `/api/add_comment/${id}`, { content: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POST_MESSAGES.cannotComment);
    expect((await otherAcademy.call('GET', `/api/post/${id}`)).json().can_comment).toBe(false);

    for (const who of [friend, academy, minor]) {
      expect((await who.call('GET', `/api/post/${id}`)).json().can_comment).toBe(true);
      await comment(who, id, 'Well done');
    }
    const admin = await person(t, { role: 'admin' });
    expect((await admin.call('GET', `/api/post/${id}`)).json().can_comment).toBe(true);
  });

  it('comments of a blocked user disappear for the blocker, with the replies under them', async () => {
    const [author, viewer, troll, replier] = [
      await person(t),
      await person(t),
      await person(t, { username: 'Troll' }),
      await person(t),
    ];
    const id = await post(author, 'Thread');
    const bad = await comment(troll, id, 'Rude');
    const answer = await comment(replier, id, 'Calm down', bad.id);
    await comment(author, id, 'Please stop', answer.id);
    await comment(replier, id, 'Nice post');
    await block(t, viewer, troll);

    const seen = (await viewer.call('GET', `/api/post/${id}`)).json();
    expect(shape(seen.comments)).toEqual([['Nice post', 0]]);
    const others = (await author.call('GET', `/api/post/${id}`)).json();
    expect(others.comments).toHaveLength(2);

    const toBlocked = await viewer.call('POST', `/api/add_comment/${id}`, {
      content: 'Hey',
      parent: bad.id,
    });
    expect(toBlocked.statusCode).toBe(404);
  });

  it('a comment’s author or the post’s owner deletes it with its replies; counts follow', async () => {
    const [owner, ada, bola, outsider] = [
      await person(t),
      await person(t),
      await person(t),
      await person(t),
    ];
    const id = await post(owner, 'Counting');
    const a = await comment(ada, id, 'A');
    const a1 = await comment(bola, id, 'A1', a.id);
    await comment(ada, id, 'A1a', a1.id);
    const b = await comment(bola, id, 'B');
    const b1 = await comment(ada, id, 'B1', b.id);
    expect(await counters(id)).toEqual({ top: 2, total: 5 });

    const refused = await outsider.call('DELETE', `/api/comment/${a.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(POST_MESSAGES.cannotDeleteComment);
    expect((await bola.call('DELETE', `/api/comment/${a.id}`)).statusCode).toBe(403);

    const byAuthor = await ada.call('DELETE', `/api/comment/${b1.id}`);
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.json()).toEqual({ message: POST_MESSAGES.commentDeleted });
    expect(await counters(id)).toEqual({ top: 2, total: 4 });

    expect((await owner.call('DELETE', `/api/comment/${a.id}`)).statusCode).toBe(200);
    expect(await counters(id)).toEqual({ top: 1, total: 1 });
    const view = (await ada.call('GET', `/api/post/${id}`)).json();
    expect(shape(view.comments)).toEqual([['B', 0]]);
    expect(view.comments_count).toBe(1);

    const again = await owner.call('DELETE', `/api/comment/${a1.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(POST_MESSAGES.commentNotFound);
  });

  it('comments and deletions at once keep the counters exact', async () => {
    const owner = await person(t);
    const fans = await Promise.all(Array.from({ length: 4 }, () => person(t)));
    const id = await post(owner, 'Busy thread');
    const root = await comment(fans[0]!, id, 'root');
    const child = await comment(fans[1]!, id, 'child', root.id);
    await Promise.all([
      ...fans.map((f, i) =>
        f.call('POST', `/api/add_comment/${id}`, { content: `reply ${i}`, parent: child.id }),
      ),
      owner.call('DELETE', `/api/comment/${root.id}`),
      ...fans.map((f, i) => f.call('POST', `/api/add_comment/${id}`, { content: `top ${i}` })),
    ]);
    const rows = await t.db.select().from(schema.comments).where(eq(schema.comments.postId, id));
    expect(await counters(id)).toEqual({
      top: rows.filter((r) => r.parentId === null).length,
      total: rows.length,
    });
  });
});
