import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, createTrial, register } from '../trials/trials.test-support';
import { awaitingChild, consentedGuardian } from './guardians.test-support';

/**
 * Supplement §14: a child awaiting a guardian's consent is invisible and inert to everyone else,
 * on every path the server offers; once a guardian consents, the same paths open.
 */
describe('a child awaiting consent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is not found by a verified academy: search, profile, posts, suggestions', async () => {
    const child = await awaitingChild(t, 13, { username: 'Kelechi Hidden' });
    const club = await academy(t, { username: 'Search Club' });
    const search = await club.call('GET', '/api/search?q=Kelechi');
    expect(search.statusCode).toBe(200);
    expect(search.json()).toEqual([]);
    const results = await club.call('GET', '/api/search/results?q=Kelechi&type=players');
    expect(JSON.stringify(results.json())).not.toContain(child.id);
    expect((await club.call('GET', `/api/profile/${child.id}`)).statusCode).toBe(404);
    expect((await club.call('GET', `/api/user_posts/${child.id}`)).statusCode).toBe(404);
    // Another minor's friend suggestions never offer them.
    const peer = await t.createUser({ dob: child.dob, state: 'Lagos', sports: ['football'] });
    const suggestions = await peer.call('GET', '/api/friend_suggestion');
    expect(JSON.stringify(suggestions.json())).not.toContain(child.id);
  });

  it('cannot be befriended or messaged, and cannot befriend, follow or message', async () => {
    const child = await awaitingChild(t);
    const peer = await t.createUser({ dob: child.dob });
    const club = await academy(t);
    expect((await peer.call('POST', '/api/friend_request', { to_user: child.id })).statusCode).toBe(
      404,
    );
    const opened = await club.call('POST', '/api/chat', { receiver_id: child.id });
    expect(opened.statusCode).toBeGreaterThanOrEqual(400);
    expect(opened.statusCode).toBeLessThan(500);

    for (const [method, url, body] of [
      ['POST', '/api/friend_request', { to_user: peer.id }],
      ['POST', '/api/follow', { academy: club.id }],
      ['POST', '/api/chat', { receiver_id: club.id }],
    ] as const) {
      const res = await child.call(method, url, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().code, url).toBe('guardian.consent_required');
      expect(res.json().message).toMatch(/waiting for your parent or guardian/);
    }
  });

  it('cannot post, comment, like or register for a trial', async () => {
    const child = await awaitingChild(t);
    const adult = await t.createUser();
    const post = await adult.call('POST', '/api/post', { content: 'Training at 6' });
    expect(post.statusCode).toBe(201);
    const postId = post.json().id as string;
    const club = await academy(t);
    const trial = await createTrial(club);
    const attempts = [
      await child.call('POST', '/api/post', { content: 'Hello' }),
      await child.call('POST', `/api/add_comment/${postId}`, { content: 'Nice' }),
      await child.call('POST', `/api/like/${postId}`),
      await register(child, trial),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('guardian.consent_required');
    }
    // Reading stays open: public trials and their own session, which says what is waiting.
    expect((await child.call('GET', '/api/trial')).statusCode).toBe(200);
    const me = await child.call('GET', '/api/me');
    expect(me.json().consent_status).toBe('awaiting_consent');
  });

  it('appears to a verified academy and can act once a guardian consents', async () => {
    const child = await awaitingChild(t, 13, { username: 'Zainab Visible' });
    const club = await academy(t);
    expect((await club.call('GET', '/api/search?q=Zainab')).json()).toEqual([]);
    await consentedGuardian(t, child, `parent-${child.id.slice(-8)}@example.test`);
    const found = await club.call('GET', '/api/search?q=Zainab');
    expect(found.json()).toEqual([{ id: child.id, type: 'Player', name: 'Zainab Visible' }]);
    expect((await club.call('GET', `/api/profile/${child.id}`)).statusCode).toBe(200);
    expect((await child.call('GET', '/api/me')).json().consent_status).toBe('given');
    expect((await child.call('POST', '/api/follow', { academy: club.id })).statusCode).toBe(200);
    const trial = await createTrial(club);
    expect((await register(child, trial)).statusCode).toBe(201);
  });
});

describe('a Google account', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a child repeating /welcome stays awaiting consent', async () => {
    const child = await awaitingChild(t, 13);
    const res = await child.call('POST', '/api/welcome', {
      dob: child.dob,
      state: 'Lagos',
      district: 'Ikeja',
      sport: 'football',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().consent_status).toBe('awaiting_consent');
  });
});
