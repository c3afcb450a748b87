import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRow } from '@touchline/db/users';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/search', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('finds players and academies by name, tolerating typos, best match first', async () => {
    const viewer = await t.createUser({ username: 'Viewer' });
    const tunde = await t.createUser({ username: 'Tunde Bakare' });
    const academy = await t.createUser({ role: 'academy', username: 'Bakare Football Academy' });
    await t.createUser({ username: 'Someone Else' });
    const { headers } = await t.signIn(viewer);
    const exact = await t.app.inject({ method: 'GET', url: '/api/search?q=tunde', headers });
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toEqual([{ id: tunde.id, type: 'Player', name: 'Tunde Bakare' }]);
    const typo = (
      await t.app.inject({ method: 'GET', url: '/api/search?q=Bakre', headers })
    ).json();
    expect(typo.map((s: { id: string }) => s.id).sort()).toEqual([tunde.id, academy.id].sort());
    expect(typo.find((s: { id: string }) => s.id === academy.id).type).toBe('Academy');
  });

  it('never shows blocked users (either way), unverified or inactive accounts, or the searcher', async () => {
    const viewer = await t.createUser({ username: 'Zed Viewer' });
    const blocker = await t.createUser({ username: 'Zed Blocker' });
    const blocked = await t.createUser({ username: 'Zed Blocked' });
    const inactive = await t.createUser({ username: 'Zed Inactive' });
    const { headers } = await t.signIn(viewer);
    await t.app.inject({ method: 'POST', url: `/api/block/${blocked.id}`, headers });
    await t.app.inject({
      method: 'POST',
      url: `/api/block/${viewer.id}`,
      headers: (await t.signIn(blocker)).headers,
    });
    await t.services.accounts.block(inactive.id, 'test');
    const res = (await t.app.inject({ method: 'GET', url: '/api/search?q=zed', headers })).json();
    expect(res).toEqual([]);
  });

  it('answers up to 8 suggestions so the box can offer See All, and pages the full results with actions', async () => {
    const viewer = await t.createUser({ username: 'Paging Viewer' });
    const players: UserRow[] = [];
    for (let i = 0; i < 25; i++)
      players.push(await t.createUser({ username: `Kelechi ${String(i).padStart(2, '0')}` }));
    const { headers } = await t.signIn(viewer);
    await t.app.inject({
      method: 'POST',
      url: '/api/friend_request',
      headers,
      payload: { to_user: players[0]!.id },
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/search?q=kelechi', headers })).json(),
    ).toHaveLength(8);
    const page1 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/search/results?q=kelechi&type=players',
        headers,
      })
    ).json();
    expect(page1.results).toHaveLength(20);
    expect(page1.has_more).toBe(true);
    const first = page1.results.find((r: { id: string }) => r.id === players[0]!.id);
    expect(first.relationship.friend_status).toBe('request_sent');
    const page2 = (
      await t.app.inject({
        method: 'GET',
        url: '/api/search/results?q=kelechi&type=players&page=2',
        headers,
      })
    ).json();
    expect(page2.results).toHaveLength(5);
    const academies = (
      await t.app.inject({
        method: 'GET',
        url: '/api/search/results?q=kelechi&type=academies',
        headers,
      })
    ).json();
    expect(academies.results).toHaveLength(0);
  });

  it('refuses an empty query and a signed-out caller', async () => {
    const viewer = await t.createUser();
    const { headers } = await t.signIn(viewer);
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=', headers })).statusCode).toBe(
      400,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/search?q=a' })).statusCode).toBe(401);
  });
});
