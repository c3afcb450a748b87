import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertComment } from '@touchline/db/posts';
import {
  ERROR_CODES,
  LIMITS,
  PAGING_MESSAGES,
  POST_MESSAGES,
  POSTS_ERRORS,
  type CommentView,
  type PostView,
} from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { block, person, post, type Person } from './posts.test-support';

/** Every comment of a list, depth first (thread order), as its text. */
const flat = (list: readonly CommentView[]): string[] =>
  list.flatMap((c) => [c.content, ...flat(c.replies)]);

describe('bounded comments (issue 10 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Stores a comment directly (past the per-user rate limit), `secondsAfter` a fixed start. */
  const store = async (
    who: Person,
    postId: string,
    content: string,
    at: number,
    parent: { id: string; depth: number } | null = null,
  ) =>
    insertComment(t.db, {
      postId,
      authorId: who.id,
      parentId: parent?.id ?? null,
      depth: parent ? parent.depth + 1 : 0,
      content,
      createdAt: new Date(Date.UTC(2026, 0, 1) + at * 1000),
    });

  /** Follows `comments_next` / `next` to the end; answers every comment in thread order. */
  const readAll = async (who: Person, view: PostView) => {
    const seen = flat(view.comments);
    let next = view.comments_next;
    let pages = 0;
    while (next) {
      const res = await who.call('GET', `/api/comments/${view.id}?after=${next}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { comments: CommentView[]; next: string | null };
      expect(flat(page.comments).length).toBeLessThanOrEqual(LIMITS.commentsPerPage);
      seen.push(...flat(page.comments));
      next = page.next;
      pages += 1;
    }
    return { seen, pages };
  };

  it('a reply to a comment at depth 10 is refused by the server with a code', async () => {
    const [author, ada] = [await person(t), await person(t)];
    const id = await post(author, 'How deep?');
    let parent: string | null = null;
    for (let depth = 0; depth <= LIMITS.replyMaxDepth; depth += 1) {
      const res = await ada.call('POST', `/api/add_comment/${id}`, {
        content: `d${depth}`,
        parent,
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().depth).toBe(depth);
      parent = res.json().id;
    }
    const tooDeep = await ada.call('POST', `/api/add_comment/${id}`, { content: 'd11', parent });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json()).toMatchObject({
      code: POSTS_ERRORS.replyTooDeep,
      message: POST_MESSAGES.replyTooDeep,
    });
  });

  it('a post carries 30 comments of its thread; the rest come in pages, each once, in order', async () => {
    const [author, ada, bola] = [await person(t), await person(t), await person(t)];
    const id = await post(author, 'Busy');
    const expected: string[] = [];
    // 20 threads of 1 comment + 2 replies (one nested): 60 comments, thread order by time.
    for (let i = 0; i < 20; i += 1) {
      const name = `t${String(i).padStart(2, '0')}`;
      const top = await store(ada, id, name, i * 10);
      const reply = await store(bola, id, `${name}.r`, i * 10 + 1, top);
      await store(ada, id, `${name}.r.r`, i * 10 + 2, reply);
      expected.push(name, `${name}.r`, `${name}.r.r`);
    }

    const view = (await ada.call('GET', `/api/post/${id}`)).json() as PostView;
    expect(flat(view.comments)).toEqual(expected.slice(0, LIMITS.commentsPerPage));
    expect(view.comments).toHaveLength(10);
    expect(view.comments_next).not.toBeNull();

    const { seen, pages } = await readAll(ada, view);
    expect(seen).toEqual(expected);
    expect(pages).toBe(1);

    // A page may start inside a thread: its replies name a parent from the page before.
    const small = await ada.call('GET', `/api/comments/${id}?after=${view.comments_next}&limit=4`);
    const page = small.json() as { comments: CommentView[]; next: string | null };
    expect(flat(page.comments)).toEqual(expected.slice(30, 34));
    expect(page.comments[0]).toMatchObject({ content: 't10', parent: null });

    const cut = await ada.call('GET', `/api/comments/${id}?after=${page.next}&limit=1`);
    const cutPage = cut.json() as { comments: CommentView[]; next: string | null };
    expect(cutPage.comments).toEqual([
      expect.objectContaining({ content: 't11.r', parent: expect.any(String), depth: 1 }),
    ]);

    // The feed carries the same bounded list (the author's network page).
    const home = (await author.call('GET', '/api/home?page=1')).json();
    const inFeed = home.posts.find((p: PostView) => p.id === id) as PostView;
    expect(flat(inFeed.comments)).toHaveLength(LIMITS.commentsPerPage);
    expect(inFeed.comments_next).toBe(view.comments_next);
  });

  it('pages hide blocked authors with their replies, like the post', async () => {
    const [author, viewer, troll, fan] = [
      await person(t),
      await person(t),
      await person(t),
      await person(t),
    ];
    const id = await post(author, 'Mixed');
    for (let i = 0; i < 35; i += 1) await store(fan, id, `fan ${i}`, i * 10);
    const rude = await store(troll, id, 'rude', 400);
    await store(fan, id, 'answer to rude', 401, rude);
    await store(fan, id, 'last', 500);
    await block(t, viewer, troll);

    const view = (await viewer.call('GET', `/api/post/${id}`)).json() as PostView;
    const { seen } = await readAll(viewer, view);
    expect(seen).toHaveLength(36);
    expect(seen).not.toContain('rude');
    expect(seen).not.toContain('answer to rude');
    expect(seen.at(-1)).toBe('last');

    const asAuthor = (await author.call('GET', `/api/post/${id}`)).json() as PostView;
    expect((await readAll(author, asAuthor)).seen).toHaveLength(38);

    // The post gone for the viewer: its comments are gone too.
    await block(t, viewer, author);
    const gone = await viewer.call('GET', `/api/comments/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(POSTS_ERRORS.notFound);
  });

  it('a malformed cursor or limit answers 400 with a message and a code, never 500', async () => {
    const [author, reader] = [await person(t), await person(t)];
    const id = await post(author, 'Cursors');
    const bad = [
      `/api/comments/${id}?after=2024-99-99T00:00:00.000000Z`,
      `/api/comments/${id}?after=${'9'.repeat(51)}`,
      `/api/comments/${id}?after=${'z'.repeat(52)}`,
      `/api/comments/${id}?after=${'1'.repeat(20)}${'F'.repeat(32)}`,
      `/api/comments/${id}?after=${'12345678901234567890abcdef'.repeat(2).repeat(12)}`,
      `/api/comments/${id}?limit=99999999999999999999`,
      `/api/comments/${id}?limit=0`,
      `/api/user_posts/${author.id}?before=2024-99-99T00:00:00.000000Z~${author.id}`,
      `/api/user_posts/${author.id}?before=2024-02-30T00:00:00.000000Z~${author.id}`,
      `/api/user_posts/${author.id}?before=0000-01-01T00:00:00.000000Z~${author.id}`,
      `/api/user_posts?before=${'x'.repeat(5000)}`,
    ];
    for (const url of bad) {
      const res = await reader.call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toMatchObject({ code: ERROR_CODES.validation });
      expect(res.json().message, url).toBeTruthy();
    }
    const padded = await reader.call('GET', `/api/comments/${id}?after=${'9'.repeat(51)}`);
    expect(padded.json().message).toBe(PAGING_MESSAGES.badCursor);
    // A well-formed key past every comment is simply the end.
    const end = await reader.call(
      'GET',
      `/api/comments/${id}?after=${'9'.repeat(20)}${'f'.repeat(32)}`,
    );
    expect(end.json()).toEqual({ comments: [], has_more: false, next: null });
  });
});
