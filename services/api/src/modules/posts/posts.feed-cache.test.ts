import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app';
import { createTestApp, secondInstance, type TestApp } from '../../testing/test-app';
import { rebuildHomeFeeds } from './posts.timelines';
import { befriend, dobForAge, person, seedPosts, type Person } from './posts.test-support';

type HomePost = {
  id: string;
  user: string;
  content: string;
  edited: boolean;
  likes_count: number;
  is_liked_by_current_user: boolean;
  comments_count: number;
  comments: { id: string; user: string; content: string }[];
  can_comment: boolean;
};

/**
 * Decision 70: each API instance remembers the shared part of the posts the home feed shows
 * (text, media, the author's public facts, the first comments) and reads only the viewer's own
 * facts per page. A change made through one instance shows on the other instance's next page 1:
 * `a` is the test app, `b` a second instance on the same database and bus (in-process, or Redis
 * with TEST_REDIS_URL). Every check reads `b` once before the change, so its memory holds the
 * posts as they were.
 */
describe('home feed posts remembered across two instances', () => {
  let t: TestApp;
  let b: App;

  beforeAll(async () => {
    t = await createTestApp();
    b = await secondInstance(t);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });

  const homeOn = async (app: App, who: Person) => {
    const res = await app.inject({ method: 'GET', url: '/api/home?page=1', headers: who.headers });
    expect(res.statusCode).toBe(200);
    return (res.json() as { posts: HomePost[] }).posts;
  };
  const byId = (posts: HomePost[], id: string) => posts.find((p) => p.id === id);

  /** A viewer with a friend's posts on page 1, read once on `b`. */
  async function world() {
    const viewer = await person(t);
    const author = await person(t);
    await befriend(t, viewer, author);
    const posts = await seedPosts(t, author, [1, 2, 3, 4, 5]);
    await rebuildHomeFeeds(t.db, new Date());
    // The network first (popular posts of earlier tests' authors may follow).
    expect((await homeOn(b, viewer)).map((p) => p.id).slice(0, posts.length)).toEqual(posts);
    return { viewer, author, posts };
  }

  it('a like on one instance shows on the other', async () => {
    const { viewer, posts } = await world();
    expect((await viewer.call('POST', `/api/like/${posts[0]}`)).statusCode).toBe(200);
    expect(byId(await homeOn(b, viewer), posts[0]!)).toMatchObject({
      likes_count: 1,
      is_liked_by_current_user: true,
    });
  });

  it('a comment removed and another added show on the other instance', async () => {
    const { viewer, author, posts } = await world();
    const fan = await person(t, { username: 'Fan Before' });
    const first = await fan.call('POST', `/api/add_comment/${posts[1]}`, { content: 'Old take' });
    expect(first.statusCode).toBe(201);
    expect(byId(await homeOn(b, viewer), posts[1]!)!.comments.map((c) => c.content)).toEqual([
      'Old take',
    ]);
    // One comment goes and another comes: the post's comment total is what it was.
    expect((await fan.call('DELETE', `/api/comment/${first.json().id}`)).statusCode).toBe(200);
    const reply = await author.call('POST', `/api/add_comment/${posts[1]}`, {
      content: 'New take',
    });
    expect(reply.statusCode).toBe(201);
    expect(byId(await homeOn(b, viewer), posts[1]!)!.comments.map((c) => c.content)).toEqual([
      'New take',
    ]);
  });

  it('an edit and a removal show on the other instance', async () => {
    const { viewer, author, posts } = await world();
    const edited = await author.call('PATCH', `/api/post/${posts[2]}`, { content: 'Fixed typo' });
    expect(edited.statusCode).toBe(200);
    expect((await author.call('DELETE', `/api/post/${posts[3]}`)).statusCode).toBe(200);
    const seen = await homeOn(b, viewer);
    expect(byId(seen, posts[2]!)).toMatchObject({ content: 'Fixed typo', edited: true });
    expect(byId(seen, posts[3]!)).toBeUndefined();
  });

  it("the author's and a commenter's new names show on the other instance", async () => {
    const { viewer, author, posts } = await world();
    const fan = await person(t, { username: 'Fan Old Name' });
    expect(
      (await fan.call('POST', `/api/add_comment/${posts[4]}`, { content: 'Nice' })).statusCode,
    ).toBe(201);
    expect(byId(await homeOn(b, viewer), posts[4]!)!.comments[0]!.user).toBe('Fan Old Name');
    for (const [who, username] of [
      [author, 'Author Renamed'],
      [fan, 'Fan Renamed'],
    ] as const) {
      const res = await who.call('POST', '/api/profile', {
        username,
        state: 'Lagos',
        district: 'Ikeja',
      });
      expect(res.statusCode).toBe(200);
    }
    const seen = byId(await homeOn(b, viewer), posts[4]!)!;
    expect(seen.user).toBe('Author Renamed');
    expect(seen.comments[0]!.user).toBe('Fan Renamed');
  });

  it("a block hides the blocked user's posts and comments at once on the other instance", async () => {
    const { viewer, author, posts } = await world();
    const other = await person(t);
    await befriend(t, viewer, other);
    const [otherPost] = await seedPosts(t, other, [0.5]);
    await rebuildHomeFeeds(t.db, new Date());
    expect(
      (await author.call('POST', `/api/add_comment/${otherPost}`, { content: 'From the author' }))
        .statusCode,
    ).toBe(201);
    const before = byId(await homeOn(b, viewer), otherPost!)!;
    expect(before.comments.map((c) => c.content)).toEqual(['From the author']);
    // Another viewer who blocks nobody reads the same post (the memory holds its comment).
    const third = await person(t);
    await befriend(t, third, other);
    await rebuildHomeFeeds(t.db, new Date());
    expect(byId(await homeOn(b, third), otherPost!)!.comments).toHaveLength(1);

    expect((await viewer.call('POST', `/api/block/${author.id}`)).statusCode).toBe(200);
    const seen = await homeOn(b, viewer);
    for (const id of posts) expect(byId(seen, id)).toBeUndefined();
    expect(byId(seen, otherPost!)!.comments).toEqual([]);
    expect(byId(await homeOn(b, third), otherPost!)!.comments).toHaveLength(1);
  });

  it("a minor's post stays within their circle (§13) while it is remembered", async () => {
    const minor = await person(t, { dob: dobForAge(15) });
    const friend = await person(t);
    await befriend(t, friend, minor);
    const [minorPost] = await seedPosts(t, minor, [1]);
    await rebuildHomeFeeds(t.db, new Date());
    expect(byId(await homeOn(b, friend), minorPost!)).toMatchObject({ can_comment: true });
    expect((await friend.call('DELETE', `/api/friends/${minor.id}`)).statusCode).toBe(200);
    expect(byId(await homeOn(b, friend), minorPost!)).toBeUndefined();
    // Someone outside the circle never sees it, whatever the instance remembers.
    const stranger = await person(t);
    expect(byId(await homeOn(b, stranger), minorPost!)).toBeUndefined();
  });
});
