import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { setUserActive } from '@touchline/db/users';
import { PROFILE_MESSAGES, todayInLagos } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { setAccount } from './profiles.test-support';

const thisYear = Number(todayInLagos().slice(0, 4));

describe('experience (/api/user_academy)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const send = (
    method: 'POST' | 'PUT' | 'DELETE' | 'GET',
    url: string,
    headers: Record<string, string>,
    payload?: Record<string, unknown>,
  ) => t.app.inject({ method, url, headers, payload });
  const entry = (over: Record<string, unknown> = {}) => ({
    academy_name: 'Ikeja Stars FC',
    sport: 'football',
    position: 'CB',
    start_month: 1,
    start_year: 2019,
    end_month: 12,
    end_year: 2020,
    ...over,
  });

  it('lists the current entry first, then by start date newest first', async () => {
    const { headers } = await t.createUser();
    const add = (over: Record<string, unknown>) =>
      send('POST', '/api/user_academy', headers, entry(over));
    expect(
      (await add({ academy_name: 'Old club', start_year: 2016, end_year: 2017 })).statusCode,
    ).toBe(201);
    expect(
      (
        await add({
          academy_name: 'Latest finished',
          position: 'rw',
          start_year: 2021,
          end_year: 2022,
        })
      ).statusCode,
    ).toBe(201);
    const current = await add({
      academy_name: 'Current club',
      position: 'cam',
      start_year: 2018,
      end_month: null,
      end_year: null,
      is_current: true,
    });
    expect(current.statusCode).toBe(201);
    expect(current.json()).toMatchObject({ position: 'CAM', is_current: true, end_year: null });

    const list = await send('GET', '/api/user_academy', headers);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((e: { academy_name: string }) => e.academy_name)).toEqual([
      'Current club',
      'Latest finished',
      'Old club',
    ]);
    // The home card shows the first entry's position.
    expect(list.json()[0].position).toBe('CAM');
  });

  it('academies cannot add experience (403)', async () => {
    const academy = await t.createUser({ role: 'academy' });
    const res = await send('POST', '/api/user_academy', academy.headers, entry());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('profiles.players_only');
    const invalid = await send('POST', '/api/user_academy', academy.headers, {});
    expect(invalid.statusCode).toBe(403);
    const own = await send('GET', '/api/user_academy', academy.headers);
    expect(own.json()).toEqual([]);
    expect((await send('POST', '/api/user_academy', {}, entry())).statusCode).toBe(401);
  });

  it('a player cannot edit or delete another player’s entry (404) and nothing changes', async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const created = (await send('POST', '/api/user_academy', owner.headers, entry())).json();
    const url = `/api/user_academy/${created.id}`;
    const edit = await send('PUT', url, other.headers, { position: 'GK' });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().code).toBe('profiles.experience_not_found');
    expect((await send('DELETE', url, other.headers)).statusCode).toBe(404);
    const [row] = await t.db
      .select()
      .from(schema.experiences)
      .where(eq(schema.experiences.id, created.id));
    expect(row).toMatchObject({ position: 'CB', userId: owner.id });

    const listed = await send('GET', `/api/user_academy?user_id=${owner.id}`, other.headers);
    expect(listed.json()).toHaveLength(1);

    const edited = await send('PUT', url, owner.headers, { is_current: true });
    expect(edited.json()).toMatchObject({ is_current: true, end_month: null, end_year: null });
    expect((await send('DELETE', url, owner.headers)).statusCode).toBe(200);
    expect((await send('GET', '/api/user_academy', owner.headers)).json()).toEqual([]);
  });

  it('names a registered academy by id (its current name) and refuses anything else', async () => {
    const { headers } = await t.createUser();
    const academy = await t.createUser({ role: 'academy', username: 'Kano Pillars Academy' });
    const player = await t.createUser();
    const res = await send(
      'POST',
      '/api/user_academy',
      headers,
      entry({ academy_id: academy.id, academy_name: undefined }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      academy_id: academy.id,
      academy_name: 'Kano Pillars Academy',
    });
    await setAccount(t, academy, { username: 'Kano Pillars FC Academy' });
    const [listed] = (await send('GET', '/api/user_academy', headers)).json();
    expect(listed.academy_name).toBe('Kano Pillars FC Academy');

    for (const id of [player.id, '0190c0de-0000-7000-8000-00000000dead']) {
      const refused = await send('POST', '/api/user_academy', headers, entry({ academy_id: id }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().code).toBe('profiles.academy_not_found');
    }
    await setUserActive(t.db, academy.id, false, 'fraud');
    const blocked = await send(
      'POST',
      '/api/user_academy',
      headers,
      entry({ academy_id: academy.id }),
    );
    expect(blocked.statusCode).toBe(400);
  });

  it('checks dates, the academy and the position against the sport', async () => {
    const { headers } = await t.createUser();
    const [, month] = todayInLagos().split('-').map(Number) as [number, number];
    const cases: [Record<string, unknown>, string, string][] = [
      [entry({ academy_name: '' }), 'academy_name', PROFILE_MESSAGES.academyRequired],
      [
        entry({ academy_name: 'x'.repeat(121) }),
        'academy_name',
        PROFILE_MESSAGES.academyNameTooLong,
      ],
      [entry({ position: 'PG' }), 'position', PROFILE_MESSAGES.footballPosition],
      [
        entry({ sport: 'basketball', position: 'CB' }),
        'position',
        PROFILE_MESSAGES.basketballPosition,
      ],
      [entry({ position: '' }), 'position', PROFILE_MESSAGES.positionRequired],
      [entry({ start_month: 13 }), 'start_month', PROFILE_MESSAGES.month],
      [entry({ start_year: thisYear + 1 }), 'start_year', PROFILE_MESSAGES.year],
      [entry({ end_month: null, end_year: null }), 'end_year', PROFILE_MESSAGES.endRequired],
      [entry({ is_current: true }), 'end_year', PROFILE_MESSAGES.endWhileCurrent],
      [entry({ start_year: 2020, end_year: 2019 }), 'end_year', PROFILE_MESSAGES.endBeforeStart],
      [
        entry({ start_month: 6, end_month: 5, start_year: 2020, end_year: 2020 }),
        'end_year',
        PROFILE_MESSAGES.endBeforeStart,
      ],
    ];
    if (month < 12) {
      cases.push([
        entry({
          start_month: 12,
          start_year: thisYear,
          end_month: null,
          end_year: null,
          is_current: true,
        }),
        'start_month',
        PROFILE_MESSAGES.startFuture,
      ]);
    }
    for (const [payload, field, message] of cases) {
      const res = await send('POST', '/api/user_academy', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    const basketball = await send(
      'POST',
      '/api/user_academy',
      headers,
      entry({ sport: 'basketball', position: 'sf' }),
    );
    expect(basketball.json().position).toBe('SF');
    const swimming = await send(
      'POST',
      '/api/user_academy',
      headers,
      entry({ sport: 'Swimming', position: 'Backstroke' }),
    );
    expect(swimming.json()).toMatchObject({ sport: 'swimming', position: 'Backstroke' });

    // An edit is checked as the whole entry it makes.
    const id = basketball.json().id;
    const wrongSport = await send('PUT', `/api/user_academy/${id}`, headers, { sport: 'football' });
    expect(wrongSport.json().fields.position).toBe(PROFILE_MESSAGES.footballPosition);
    const moved = await send('PUT', `/api/user_academy/${id}`, headers, {
      sport: 'football',
      position: 'ls',
    });
    expect(moved.json()).toMatchObject({ sport: 'football', position: 'LS' });
  });
});
