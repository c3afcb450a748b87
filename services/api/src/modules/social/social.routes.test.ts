import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@touchline/db/users';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('friends, follows and blocks', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function as(user: UserRow) {
    const { headers } = await t.signIn(user);
    const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return call;
  }
  const ids = (res: { json: () => { results: { id: string }[] } }) =>
    res.json().results.map((r) => r.id);

  it('a request, its acceptance, and both friend lists', async () => {
    const [a, b] = [
      await t.createUser({ username: 'Ada' }),
      await t.createUser({ username: 'Bola' }),
    ];
    const A = await as(a);
    const B = await as(b);
    const sent = await A('POST', '/api/friend_request', { to_user: b.id });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().status).toBe('request_sent');
    expect(ids(await A('GET', '/api/sent_request_list'))).toEqual([b.id]);
    expect(ids(await B('GET', '/api/friend_request'))).toEqual([a.id]);
    expect((await A('POST', '/api/friend_request', { to_user: b.id })).statusCode).toBe(409);
    expect((await B('GET', `/api/relationship/${a.id}`)).json().friend_status).toBe(
      'request_received',
    );

    expect((await B('POST', `/api/friend_request_accept/${a.id}`)).statusCode).toBe(200);
    expect(ids(await A('GET', '/api/friends'))).toEqual([b.id]);
    expect(ids(await B('GET', '/api/friends'))).toEqual([a.id]);
    expect(ids(await B('GET', '/api/friend_request'))).toEqual([]);
    expect((await A('GET', `/api/relationship/${b.id}`)).json().friend_status).toBe('friends');

    expect((await A('DELETE', `/api/friends/${b.id}`)).statusCode).toBe(200);
    expect(ids(await B('GET', '/api/friends'))).toEqual([]);
  });

  it('a request to someone who already asked you accepts theirs; never two requests', async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const A = await as(a);
    const B = await as(b);
    await A('POST', '/api/friend_request', { to_user: b.id });
    const crossing = await B('POST', '/api/friend_request', { to_user: a.id });
    expect(crossing.json().status).toBe('friends');
    expect(ids(await A('GET', '/api/sent_request_list'))).toEqual([]);
    expect(ids(await A('GET', '/api/friends'))).toEqual([b.id]);
  });

  it('a sender may cancel, a receiver may decline, and nobody else can do either', async () => {
    const [a, b, c] = [await t.createUser(), await t.createUser(), await t.createUser()];
    const A = await as(a);
    const B = await as(b);
    const C = await as(c);
    await A('POST', '/api/friend_request', { to_user: b.id });
    expect((await C('POST', `/api/cancel_request/${b.id}`)).statusCode).toBe(404);
    expect((await C('POST', `/api/friend_request_accept/${a.id}`)).statusCode).toBe(404);
    expect((await A('POST', `/api/friend_request_accept/${b.id}`)).statusCode).toBe(404); // not to A
    expect((await B('POST', `/api/friend_request_decline/${a.id}`)).statusCode).toBe(200);
    expect(ids(await A('GET', '/api/sent_request_list'))).toEqual([]);
    await A('POST', '/api/friend_request', { to_user: b.id });
    expect((await A('POST', `/api/cancel_request/${b.id}`)).statusCode).toBe(200);
    expect(ids(await B('GET', '/api/friend_request'))).toEqual([]);
  });

  it('friends are between players; players follow academies', async () => {
    const player = await t.createUser();
    const academy = await t.createUser({ role: 'academy', username: 'Stars Academy' });
    const P = await as(player);
    const Acad = await as(academy);
    expect((await P('POST', '/api/friend_request', { to_user: academy.id })).statusCode).toBe(403);
    expect((await Acad('POST', '/api/friend_request', { to_user: player.id })).statusCode).toBe(
      403,
    );
    expect((await P('POST', '/api/follow', { academy: player.id })).statusCode).toBe(400);
    expect((await Acad('POST', '/api/follow', { academy: academy.id })).statusCode).toBe(403);
    expect((await P('POST', '/api/follow', { academy: academy.id })).statusCode).toBe(200);
    expect((await P('POST', '/api/follow', { academy: academy.id })).statusCode).toBe(200); // idempotent
    expect(ids(await P('GET', '/api/follow'))).toEqual([academy.id]);
    expect((await P('GET', `/api/relationship/${academy.id}`)).json().is_following).toBe(true);
    expect((await P('POST', '/api/unfollow', { academy: academy.id })).statusCode).toBe(200);
    expect(ids(await P('GET', '/api/follow'))).toEqual([]);
  });

  it('a block ends friendship and follows and stops requests, follows and friend lists either way', async () => {
    const [a, b] = [await t.createUser(), await t.createUser()];
    const academy = await t.createUser({ role: 'academy' });
    const A = await as(a);
    const B = await as(b);
    const Acad = await as(academy);
    await A('POST', '/api/friend_request', { to_user: b.id });
    await B('POST', `/api/friend_request_accept/${a.id}`);
    await A('POST', '/api/follow', { academy: academy.id });

    expect((await B('POST', `/api/block/${a.id}`)).statusCode).toBe(200);
    expect(ids(await A('GET', '/api/friends'))).toEqual([]);
    expect((await A('POST', '/api/friend_request', { to_user: b.id })).statusCode).toBe(404);
    expect((await B('POST', '/api/friend_request', { to_user: a.id })).statusCode).toBe(404);
    expect((await A('GET', `/api/friends?user_id=${b.id}`)).statusCode).toBe(404);
    expect(ids(await B('GET', '/api/block'))).toEqual([a.id]);

    expect((await Acad('POST', `/api/block/${a.id}`)).statusCode).toBe(200);
    expect(ids(await A('GET', '/api/follow'))).toEqual([]);
    expect((await A('POST', '/api/follow', { academy: academy.id })).statusCode).toBe(404);

    expect((await B('DELETE', `/api/block/${a.id}`)).statusCode).toBe(200);
    expect((await A('POST', '/api/friend_request', { to_user: b.id })).statusCode).toBe(201);
  });

  it('someone who blocked you is absent from other people’s friend lists when you view them', async () => {
    const [viewer, blocker, common] = [
      await t.createUser(),
      await t.createUser(),
      await t.createUser(),
    ];
    const [V, B, C] = [await as(viewer), await as(blocker), await as(common)];
    for (const [from, to] of [
      [V, common],
      [B, common],
    ] as const) {
      await from('POST', '/api/friend_request', { to_user: to.id });
    }
    await C('POST', `/api/friend_request_accept/${viewer.id}`);
    await C('POST', `/api/friend_request_accept/${blocker.id}`);
    expect(ids(await V('GET', `/api/friends?user_id=${common.id}`)).sort()).toEqual(
      [blocker.id, viewer.id].sort(),
    );

    expect((await B('POST', `/api/block/${viewer.id}`)).statusCode).toBe(200);
    expect(ids(await V('GET', `/api/friends?user_id=${common.id}`))).toEqual([viewer.id]);
    // Hidden both ways: the blocker does not see the blocked either; the friend sees both.
    expect(ids(await B('GET', `/api/friends?user_id=${common.id}`))).toEqual([blocker.id]);
    expect(ids(await C('GET', '/api/friends')).sort()).toEqual([blocker.id, viewer.id].sort());
  });

  it('suggests friends of friends first, never connected, pending or blocked players', async () => {
    const me = await t.createUser();
    const friend = await t.createUser();
    const fof = await t.createUser();
    const pending = await t.createUser();
    const blocked = await t.createUser();
    const M = await as(me);
    const F = await as(friend);
    await M('POST', '/api/friend_request', { to_user: friend.id });
    await F('POST', `/api/friend_request_accept/${me.id}`);
    await F('POST', '/api/friend_request', { to_user: fof.id });
    await (
      await as(fof)
    )('POST', `/api/friend_request_accept/${friend.id}`);
    await M('POST', '/api/friend_request', { to_user: pending.id });
    await M('POST', `/api/block/${blocked.id}`);
    const suggested = ids(await M('GET', '/api/friend_suggestion'));
    expect(suggested[0]).toBe(fof.id);
    expect(suggested).not.toContain(friend.id);
    expect(suggested).not.toContain(pending.id);
    expect(suggested).not.toContain(blocked.id);
    expect(suggested).not.toContain(me.id);
    expect(suggested.length).toBeLessThanOrEqual(7);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/friends' });
    expect(res.statusCode).toBe(401);
  });
});

describe('profiles and the social graph', () => {
  it('counts friends on a player profile, followers on an academy, and hides a blocker’s profile', async () => {
    const t = await createTestApp();
    const [a, b] = [await t.createUser(), await t.createUser()];
    const academy = await t.createUser({ role: 'academy' });
    const A = (await t.signIn(a)).headers;
    const B = (await t.signIn(b)).headers;
    await t.app.inject({
      method: 'POST',
      url: '/api/friend_request',
      headers: A,
      payload: { to_user: b.id },
    });
    await t.app.inject({ method: 'POST', url: `/api/friend_request_accept/${a.id}`, headers: B });
    await t.app.inject({
      method: 'POST',
      url: '/api/follow',
      headers: A,
      payload: { academy: academy.id },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profile/${b.id}`, headers: A })).json()
        .friends_count,
    ).toBe(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profile/${academy.id}`, headers: A })).json()
        .followers_count,
    ).toBe(1);
    await t.app.inject({ method: 'POST', url: `/api/block/${a.id}`, headers: B });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profile/${b.id}`, headers: A })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profile/${a.id}`, headers: B })).statusCode,
    ).toBe(404);
    await t.close();
  });
});
