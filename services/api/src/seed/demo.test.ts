import { describe, expect, it } from 'vitest';
import { createTestApp, silentLogger } from '../testing/test-app';
import { DEMO_PASSWORD, seedDemoWorld } from './demo';

describe('the embedded demo world', () => {
  it('seeds once, its logins work in their own areas, and its notifications come through the pipeline', async () => {
    const t = await createTestApp({ workers: true });
    const first = await seedDemoWorld({ db: t.db, logger: silentLogger });
    expect(first.seeded).toBe(true);
    expect((await seedDemoWorld({ db: t.db, logger: silentLogger })).seeded).toBe(false);

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
    expect(texts).toEqual(['Amaka Obi sent you a friend request']);
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers })).json();
    expect(profile).toMatchObject({
      username: 'Tunde Bakare',
      position: 'CM',
      open_to_work: true,
      achievements_count: 1,
    });
    await t.close();
  });
});
