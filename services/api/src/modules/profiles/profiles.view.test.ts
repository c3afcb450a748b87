import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUserActive } from '@touchline/db/users';
import { todayInLagos, yearsBefore } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { setAccount } from './profiles.test-support';

const PRIVATE_FIELDS = ['email', 'phone', 'dob'] as const;

describe('GET /api/profile and /api/profile/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const get = (url: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url, headers });

  async function childPlayer() {
    // A 12-year-old: the exact date of birth must never reach other users.
    const dob = yearsBefore(todayInLagos(), 12);
    const player = await t.createUser({
      dob,
      state: 'Lagos',
      district: 'Ikeja',
      sports: ['football'],
    });
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/profile',
      headers: player.headers,
      payload: { phone: '08031234567', bio: 'Left-footed winger' },
    });
    expect(update.statusCode).toBe(200);
    return { ...player, dob };
  }

  it('nobody reads another user’s e-mail, phone or date of birth; they see the age', async () => {
    const child = await childPlayer();
    // A verified academy sees a minor's full profile (supplement §13); strangers see a card.
    const academy = await t.createUser({ role: 'academy' });
    for (const viewer of [academy]) {
      const res = await get(`/api/profile/${child.id}`, viewer.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      for (const field of PRIVATE_FIELDS) expect(body).not.toHaveProperty(field);
      expect(JSON.stringify(body)).not.toContain(child.dob);
      expect(JSON.stringify(body)).not.toContain('8031234567');
      expect(JSON.stringify(body)).not.toContain(child.email);
      expect(body).toMatchObject({
        user_id: child.id,
        role: 'player',
        age: 12,
        bio: 'Left-footed winger',
        is_own: false,
        friends_count: 0,
        post_count: 0,
        achievements_count: 0,
      });
    }
  });

  it('the owner and an administrator read the private fields', async () => {
    const child = await childPlayer();
    const admin = await t.createUser({ role: 'admin' });
    const own = await get('/api/profile', child.headers);
    const ownById = await get(`/api/profile/${child.id}`, child.headers);
    const byAdmin = await get(`/api/profile/${child.id}`, admin.headers);
    for (const res of [own, ownById, byAdmin]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        email: child.email,
        phone: '+2348031234567',
        dob: child.dob,
        age: 12,
      });
    }
    expect(own.json().is_own).toBe(true);
    expect(byAdmin.json().is_own).toBe(false);
  });

  it('an academy shows followers instead of friends and its established date, not an age', async () => {
    const academy = await t.createUser({ role: 'academy', establishedOn: '2010-05-01' });
    const viewer = await t.createUser();
    const body = (await get(`/api/profile/${academy.id}`, viewer.headers)).json();
    expect(body).toMatchObject({
      role: 'academy',
      established_on: '2010-05-01',
      age: null,
      followers_count: 0,
      is_verified: true,
      open_to_work: false,
    });
    expect(body).not.toHaveProperty('friends_count');
  });

  it('answers 404 for an unknown id, a blocked account and an administrator’s profile', async () => {
    const viewer = await t.createUser();
    const unknown = await get('/api/profile/0190c0de-0000-7000-8000-00000000dead', viewer.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('profiles.not_found');

    const blocked = await t.createUser();
    await setUserActive(t.db, blocked.id, false, 'spam');
    expect((await get(`/api/profile/${blocked.id}`, viewer.headers)).statusCode).toBe(404);
    const admin = await t.createUser({ role: 'admin' });
    expect((await get(`/api/profile/${blocked.id}`, admin.headers)).statusCode).toBe(200);
    expect((await get(`/api/profile/${admin.id}`, viewer.headers)).statusCode).toBe(404);

    const badId = await get('/api/profile/not-a-uuid', viewer.headers);
    expect(badId.statusCode).toBe(400);
  });

  it('needs a signed-in user', async () => {
    const user = await t.createUser();
    expect((await t.app.inject({ method: 'GET', url: `/api/profile/${user.id}` })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  it('honours the viewer check it is given (blocks arrive with the social graph)', async () => {
    const { createProfilesService } = await import('./profiles.service');
    const a = await t.createUser();
    const b = await t.createUser();
    await setAccount(t, b, { state: 'Kano', district: 'Fagge' });
    const service = createProfilesService({
      db: t.db,
      clock: () => new Date(),
      storage: t.drivers.storage,
      media: t.services.media,
      canView: async (viewerId, targetId) => !(viewerId === a.id && targetId === b.id),
    });
    await expect(service.view({ userId: a.id, role: 'player' }, b.id)).rejects.toMatchObject({
      status: 404,
    });
    await expect(service.view({ userId: b.id, role: 'player' }, b.id)).resolves.toMatchObject({
      state: 'Kano',
    });
    await expect(
      service.achievements.list({ userId: a.id, role: 'player' }, b.id),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/api/profile',
      '/api/profile/{id}',
      '/api/profile/photo',
      '/api/profile/cover',
      '/api/user_achievement',
      '/api/user_achievement/{id}',
      '/api/user_academy',
      '/api/user_academy/{id}',
    ])
      expect(paths).toContain(path);
  });
});
