import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { person, post } from './posts.test-support';

describe('likes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const likeRows = async (postId: string) =>
    (await t.db.select().from(schema.postLikes).where(eq(schema.postLikes.postId, postId))).length;
  const likesCount = async (postId: string) =>
    (await t.db.select().from(schema.posts).where(eq(schema.posts.id, postId)))[0]!.likesCount;
  it('a like toggles: liked, then unliked, and the post shows it', async () => {
    const [author, fan] = [await person(t), await person(t)];
    const id = await post(author, 'Goal of the season');
    const liked = await fan.call('POST', `/api/like/${id}`);
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ status: 'liked' });
    expect((await fan.call('GET', `/api/post/${id}`)).json()).toMatchObject({
      likes_count: 1,
      is_liked_by_current_user: true,
    });
    expect((await author.call('GET', `/api/post/${id}`)).json()).toMatchObject({
      likes_count: 1,
      is_liked_by_current_user: false,
    });
    expect((await fan.call('POST', `/api/like/${id}`)).json()).toEqual({ status: 'unliked' });
    expect((await fan.call('GET', `/api/post/${id}`)).json()).toMatchObject({
      likes_count: 0,
      is_liked_by_current_user: false,
    });
    // Announced once, on the like only.
    const events = await t.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.type, 'post.liked'));
    expect(
      events.map((e) => e.payload).filter((p) => (p as { postId: string }).postId === id),
    ).toEqual([{ postId: id, likerId: fan.id }]);
  });

  it('liking a missing post answers the deleted-post message', async () => {
    const fan = await person(t);
    const res = await fan.call('POST', '/api/like/0192b7a0-0000-7000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Post has been Deleted or removed');
  });

  it('concurrent toggles never leave two likes or a wrong count', async () => {
    const author = await person(t);
    const id = await post(author, 'Race me');
    const fan = await person(t);
    const others = await Promise.all(Array.from({ length: 5 }, () => person(t)));

    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => fan.call('POST', `/api/like/${id}`)),
      ...others.map((o) => o.call('POST', `/api/like/${id}`)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(15).fill(200));
    expect(answers.slice(10).map((a) => a.json().status)).toEqual(Array(5).fill('liked'));

    const rows = await likeRows(id);
    expect(await likesCount(id)).toBe(rows);
    // The five others each like once; the fan's ten toggles leave at most one like.
    expect([5, 6]).toContain(rows);
    const view = (await fan.call('GET', `/api/post/${id}`)).json();
    expect(view.likes_count).toBe(rows);
    expect(view.is_liked_by_current_user).toBe(rows === 6);
  });
});
