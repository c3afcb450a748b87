import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestUser } from '@touchline/db/testing';
import { schema } from '@touchline/db';
import { listNotifications } from '@touchline/db/notifications';
import { lastUserSeq } from '@touchline/db/user-events';
import { insertBlock } from '@touchline/db/social';
import { setUserActive } from '@touchline/db/users';
import { createHandlerEnv } from '../testing/handler-env';
import type { createWorkerEnv } from '../testing/worker-env';
import { commentOnTestPost, insertTestPost } from '../testing/post-fixtures';

type Env = Awaited<ReturnType<typeof createWorkerEnv>>;

describe('notifications.comment', () => {
  let env: Env;
  afterEach(async () => env?.close());

  async function setup() {
    const handlerEnv = await createHandlerEnv();
    env = handlerEnv.env;
    const owner = await createTestUser(env.db, { username: 'Dayo' });
    const post = await insertTestPost(env.db, owner.id);
    const run = (eventId: string, commentId: string) =>
      handlerEnv.run('notifications.comment', eventId, { eventId, commentId });
    const texts = async (userId: string) =>
      (await listNotifications(env.db, userId, 10)).map((r) => r.text);
    return { owner, post, run, texts };
  }

  it('tells the post’s owner of a comment, linked to the post, once however often it runs', async () => {
    const { owner, post, run } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const comment = await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id });
    await run('7', comment.id);
    await run('7', comment.id);
    const rows = await listNotifications(env.db, owner.id, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'comment',
      text: 'Ada commented on your post',
      link: `/view_post_details/${post.id}`,
      actorId: ada.id,
    });
    expect(await lastUserSeq(env.db, owner.id)).toBe(1);
  });

  it('tells the replied comment’s author of the reply and the owner of the comment', async () => {
    const { owner, post, run, texts } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const bola = await createTestUser(env.db, { username: 'Bola' });
    const top = await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id });
    const reply = await commentOnTestPost(env.db, {
      postId: post.id,
      authorId: bola.id,
      parentId: top.id,
    });
    await run('8', reply.id);
    await run('8', reply.id);
    expect(await texts(ada.id)).toEqual(['Bola replied to your comment']);
    expect(await texts(owner.id)).toEqual(['Bola commented on your post']);
    expect((await listNotifications(env.db, ada.id, 1))[0]).toMatchObject({
      kind: 'reply',
      link: `/view_post_details/${post.id}`,
    });
  });

  it('tells an owner replied to on their own post once, as a reply', async () => {
    const { owner, post, run, texts } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const mine = await commentOnTestPost(env.db, { postId: post.id, authorId: owner.id });
    const reply = await commentOnTestPost(env.db, {
      postId: post.id,
      authorId: ada.id,
      parentId: mine.id,
    });
    await run('9', reply.id);
    expect(await texts(owner.id)).toEqual(['Ada replied to your comment']);
  });

  it('tells nobody of their own comment or reply', async () => {
    const { owner, post, run, texts } = await setup();
    const ada = await createTestUser(env.db, { username: 'Ada' });
    const own = await commentOnTestPost(env.db, { postId: post.id, authorId: owner.id });
    await run('10', own.id);
    expect(await texts(owner.id)).toEqual([]);

    const top = await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id });
    const selfReply = await commentOnTestPost(env.db, {
      postId: post.id,
      authorId: ada.id,
      parentId: top.id,
    });
    await run('11', selfReply.id);
    expect(await texts(ada.id)).toEqual([]);
    expect(await texts(owner.id)).toEqual(['Ada commented on your post']);
  });

  it('stays silent across a block either way, for an inactive recipient and for a comment or post that is gone', async () => {
    const { owner, post, run, texts } = await setup();
    const blocked = await createTestUser(env.db, { username: 'Blocked' });
    await insertBlock(env.db, owner.id, blocked.id);
    await run(
      '12',
      (await commentOnTestPost(env.db, { postId: post.id, authorId: blocked.id })).id,
    );

    const ada = await createTestUser(env.db, { username: 'Ada' });
    const top = await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id });
    const bola = await createTestUser(env.db, { username: 'Bola' });
    await insertBlock(env.db, bola.id, ada.id);
    const reply = await commentOnTestPost(env.db, {
      postId: post.id,
      authorId: bola.id,
      parentId: top.id,
    });
    await run('13', reply.id);
    expect(await texts(ada.id)).toEqual([]); // Bola blocked Ada: no reply notice
    expect(await texts(owner.id)).toEqual(['Bola commented on your post']);

    const deleted = await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id });
    await env.db.delete(schema.comments).where(eq(schema.comments.id, deleted.id));
    await run('14', deleted.id);

    await setUserActive(env.db, owner.id, false);
    await run('15', (await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id })).id);
    await setUserActive(env.db, owner.id, true);

    await env.db
      .update(schema.posts)
      .set({ removedAt: new Date() })
      .where(eq(schema.posts.id, post.id));
    await run('16', (await commentOnTestPost(env.db, { postId: post.id, authorId: ada.id })).id);
    expect(await texts(owner.id)).toEqual(['Bola commented on your post']);
  });
});
