import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { MESSAGES, POST_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  block,
  deactivate,
  fetchMedia,
  person,
  phoneClip,
  png,
  post,
  seedPosts,
  upload,
} from './posts.test-support';

describe('reading, editing and deleting posts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const gone = { message: MESSAGES.postGone, code: 'posts.not_found' };

  it('anyone signed in reads a post; a missing one reads as deleted', async () => {
    const [author, reader, admin] = [
      await person(t),
      await person(t, { role: 'academy' }),
      await person(t, { role: 'admin' }),
    ];
    const id = await post(author, 'Hello');
    const seen = await reader.call('GET', `/api/post/${id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ id, content: 'Hello', is_own_post: false });
    expect((await admin.call('GET', `/api/post/${id}`)).statusCode).toBe(200);

    const missing = await reader.call('GET', '/api/post/0192b7a0-0000-7000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject(gone);
  });

  it('a removed post, a blocked author and an inactive author all read as gone', async () => {
    const [author, reader] = [await person(t), await person(t)];
    const removed = await post(author, 'removed by moderators');
    await t.db
      .update(schema.posts)
      .set({ removedAt: new Date() })
      .where(eq(schema.posts.id, removed));
    expect((await reader.call('GET', `/api/post/${removed}`)).json()).toMatchObject(gone);

    const blockedPost = await post(author, 'between us');
    await block(t, reader, author);
    for (const who of [reader, author]) {
      // The block hides the post from the reader; its author still sees it.
      const res = await who.call('GET', `/api/post/${blockedPost}`);
      expect(res.statusCode).toBe(who === author ? 200 : 404);
    }
    expect((await reader.call('POST', `/api/like/${blockedPost}`)).json()).toMatchObject(gone);

    const other = await person(t);
    const inactive = await post(other, 'soon gone');
    await deactivate(t, other);
    expect((await reader.call('GET', `/api/post/${inactive}`)).json()).toMatchObject(gone);
  });

  it('the author edits the text, and the post shows as edited', async () => {
    const author = await person(t);
    const id = await post(author, 'Frist post');
    const res = await author.call('PATCH', `/api/post/${id}`, { content: 'First post' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ content: 'First post', edited: true });
    expect((await author.call('GET', `/api/post/${id}`)).json().edited).toBe(true);
  });

  it('a player cannot edit or delete another player’s post', async () => {
    const [author, other] = [await person(t), await person(t)];
    const id = await post(author, 'Mine');
    const edit = await other.call('PATCH', `/api/post/${id}`, { content: 'Yours now' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(POST_MESSAGES.notOwner);
    const del = await other.call('DELETE', `/api/post/${id}`);
    expect(del.statusCode).toBe(403);
    expect((await author.call('GET', `/api/post/${id}`)).json().content).toBe('Mine');
  });

  it('blank text is refused on a text post but allowed on a post with media', async () => {
    const author = await person(t);
    const id = await post(author, 'words');
    const blank = await author.call('PATCH', `/api/post/${id}`, { content: '  ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MESSAGES.postEmpty);

    const withImage = await upload(
      t,
      author,
      { content: 'caption' },
      { name: 'image', filename: 'a.png', type: 'image/png', data: await png() },
    );
    const cleared = await author.call('PATCH', `/api/post/${withImage.json().id}`, {
      content: '',
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ content: '', edited: true });
    expect(
      (
        await author.call('PATCH', '/api/post/0192b7a0-0000-7000-8000-000000000000', {
          content: 'x',
        })
      ).statusCode,
    ).toBe(404);
  });

  it('deleting a post removes its likes, comments and media file', async () => {
    const [author, fan] = [await person(t), await person(t)];
    const res = await upload(
      t,
      author,
      { content: 'clip' },
      { name: 'video', filename: 'a.mp4', type: 'video/mp4', data: await phoneClip('mp4') },
    );
    const { id, video, video_poster: poster } = res.json();
    expect((await fetchMedia(t, poster)).res.statusCode).toBe(200);
    await fan.call('POST', `/api/like/${id}`);
    await fan.call('POST', `/api/add_comment/${id}`, { content: 'Nice' });

    const del = await author.call('DELETE', `/api/post/${id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'post deleted successfully' });
    expect((await fan.call('GET', `/api/post/${id}`)).statusCode).toBe(404);
    expect((await fetchMedia(t, video)).res.statusCode).toBe(404);
    expect((await fetchMedia(t, poster)).res.statusCode).toBe(404);
    const likes = await t.db.select().from(schema.postLikes).where(eq(schema.postLikes.postId, id));
    const comments = await t.db
      .select()
      .from(schema.comments)
      .where(eq(schema.comments.postId, id));
    expect([likes, comments]).toEqual([[], []]);
    expect((await author.call('DELETE', `/api/post/${id}`)).statusCode).toBe(404);
  });

  it('a user’s posts page newest first with a cursor, and count on the profile', async () => {
    const [author, reader] = [await person(t), await person(t)];
    const ids = await seedPosts(
      t,
      author,
      Array.from({ length: 12 }, (_, i) => 12 - i),
    );
    // The 10th and 11th posts share one instant: the page boundary falls between them, and the
    // cursor (time to the microsecond, then id) still neither skips nor repeats one.
    const sameTime = new Date(Date.now() - 10.5 * 3600_000);
    for (const id of [ids[1]!, ids[2]!]) {
      await t.db.update(schema.posts).set({ createdAt: sameTime }).where(eq(schema.posts.id, id));
    }

    const first = await reader.call('GET', `/api/user_posts/${author.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().posts).toHaveLength(10);
    expect(first.json().next).toEqual(expect.any(String));
    const second = await reader.call(
      'GET',
      `/api/user_posts/${author.id}?before=${encodeURIComponent(first.json().next)}`,
    );
    expect(second.json().next).toBeNull();
    const seen = [...first.json().posts, ...second.json().posts].map((p: { id: string }) => p.id);
    expect(seen).toHaveLength(12);
    expect(new Set(seen).size).toBe(12);
    expect(seen.at(-1)).toBe(ids[0]);
    expect(seen.slice(-3, -1).sort()).toEqual([ids[1], ids[2]].sort());

    const own = await author.call('GET', '/api/user_posts');
    expect(own.json().posts[0]).toMatchObject({ is_own_post: true, user_id: author.id });
    expect((await reader.call('GET', `/api/user_posts/${author.id}?before=junk`)).statusCode).toBe(
      400,
    );

    const profile = await reader.call('GET', `/api/profile/${author.id}`);
    expect(profile.json().post_count).toBe(12);
  });

  it('a blocked or inactive user’s posts list answers 404', async () => {
    const [author, reader, gone] = [await person(t), await person(t), await person(t)];
    await block(t, author, reader);
    expect((await reader.call('GET', `/api/user_posts/${author.id}`)).statusCode).toBe(404);
    await deactivate(t, gone);
    expect((await reader.call('GET', `/api/user_posts/${gone.id}`)).statusCode).toBe(404);
    const unknown = '0192b7a0-0000-7000-8000-000000000000';
    expect((await reader.call('GET', `/api/user_posts/${unknown}`)).statusCode).toBe(404);
  });

  it('an eleventh post within a minute is refused, per user', async () => {
    const [busy, calm] = [await person(t), await person(t)];
    for (let i = 0; i < 10; i++) await post(busy, `update ${i}`);
    const res = await busy.call('POST', '/api/post', { content: 'one more' });
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('rate_limited');
    expect((await calm.call('POST', '/api/post', { content: 'hi' })).statusCode).toBe(201);
  });
});
