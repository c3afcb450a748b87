import { describe, expect, it } from 'vitest';
import { DEFAULT_AVATAR_URL } from '@touchline/shared';
import { createTestApp, silentLogger } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemoWorld } from './demo';

describe('the embedded demo world', () => {
  it('seeds once, its logins work in their own areas, and its notifications come through the pipeline', async () => {
    const t = await createTestApp({ workers: true });
    const deps = { db: t.db, storage: t.drivers.storage, logger: silentLogger };
    const first = await seedDemoWorld(deps);
    expect(first.seeded).toBe(true);
    expect((await seedDemoWorld(deps)).seeded).toBe(false);

    const login = (email: string, area: object = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/token/',
        payload: { email, password: DEMO_PASSWORD, ...area },
      });
    expect((await login('admin@touchline.test', { is_admin: true })).statusCode).toBe(200);
    expect((await login('academy@touchline.test', { is_academy: true })).statusCode).toBe(200);
    const player = await login('player@touchline.test');
    expect(player.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${player.json().access}` };

    let texts: string[] = [];
    for (let i = 0; i < 200 && texts.length === 0; i++) {
      texts = (await t.app.inject({ method: 'GET', url: '/api/notification', headers }))
        .json()
        .results.map((n: { text: string }) => n.text);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(texts).toEqual(['Chidi Okafor sent you a friend request']);
    // The seeded request is between two adults, so it can be accepted (supplement §13).
    const received = (
      await t.app.inject({ method: 'GET', url: '/api/friend_request', headers })
    ).json();
    expect(received.results.map((p: { username: string }) => p.username)).toEqual(['Chidi Okafor']);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/friend_request_accept/${received.results[0].id}`,
      headers,
    });
    expect(accepted.statusCode).toBe(200);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json();
    expect(profile).toMatchObject({
      username: 'Tunde Bakare',
      position: 'CM',
      open_to_work: true,
      achievements_count: 1,
      post_count: 3,
    });

    // Tunde's feed: his own posts, then popular ones from Lagos or football, never a minor's.
    const home = (await t.app.inject({ method: 'GET', url: '/api/home', headers })).json();
    const authors = new Set(home.posts.map((p: { user: string }) => p.user));
    expect(authors).toEqual(new Set(['Tunde Bakare', 'Lagos Stars Academy', 'Kemi Adeyemi']));
    expect(home.user).toMatchObject({
      username: 'Tunde Bakare',
      post_count: 3,
      open_to_work: true,
    });
    expect(home.academies.map((a: { username: string }) => a.username)).toContain(
      'Lagos Stars Academy',
    );
    const trials = home.posts.find((p: { content: string }) => p.content.startsWith('Open trials'));
    expect(trials.image).toMatch(/^\/media\/images\/.+\.display\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: trials.image })).statusCode).toBe(200);
    expect(trials.likes_count).toBe(3);
    expect(trials.comments_count).toBe(2);
    // A reply chain three deep under the first comment.
    let depth = 0;
    for (let c = trials.comments[0]; c; c = c.replies[0]) depth = c.depth;
    expect(depth).toBe(3);
    // The academies and two players have profile pictures; Tunde keeps the default avatar.
    expect(trials.profile_photo).toMatch(/^\/media\/images\/.+\.thumb\.png$/);
    expect((await t.app.inject({ method: 'GET', url: trials.profile_photo })).statusCode).toBe(200);
    const tundes = home.posts.find((p: { user: string }) => p.user === 'Tunde Bakare');
    expect(tundes.profile_photo).toBe(DEFAULT_AVATAR_URL);
    await t.close();
  });
});
