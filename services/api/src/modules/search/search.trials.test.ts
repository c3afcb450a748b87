import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { todayInLagos } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A date `days` from today in Lagos (negative: in the past). */
const dayFromToday = (days: number) => {
  const d = new Date(`${todayInLagos()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

type Hit = { id: string; type: string; name: string; subtitle?: string; relationship?: unknown };

/** Supplement §9: search includes open trials, matched on name, venue and district. */
describe('search finds open trials', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function trial(
    academyId: string,
    fields: Partial<typeof schema.trials.$inferInsert> & { name: string },
  ) {
    const [row] = await t.db
      .insert(schema.trials)
      .values({
        academyId,
        sport: 'football',
        state: 'Lagos',
        district: 'Ikeja',
        venue: 'Mobolaji Johnson Arena',
        trialDate: dayFromToday(20),
        startTime: '09:00',
        deadline: dayFromToday(10),
        ...fields,
      })
      .returning();
    return row!;
  }

  it('matches name, venue and district with typos; never cancelled, past-deadline or hidden academies’ trials', async () => {
    const viewer = await t.createUser({ username: 'Trial Seeker' });
    const academy = await t.createUser({ role: 'academy', username: 'Ogunlana Stars' });
    const open = await trial(academy.id, {
      name: 'Ogunlana Goalkeepers Day',
      venue: 'Teslim Balogun Stadium',
      district: 'Surulere',
      trialDate: '2099-12-12',
      deadline: '2099-12-01',
    });
    const lastDay = await trial(academy.id, {
      name: 'Ogunlana Last Call',
      deadline: dayFromToday(0),
    });
    await trial(academy.id, {
      name: 'Ogunlana Cancelled Day',
      status: 'cancelled',
      cancelReason: 'Pitch unavailable',
    });
    await trial(academy.id, {
      name: 'Ogunlana Closed Day',
      trialDate: dayFromToday(3),
      deadline: dayFromToday(-1),
    });
    const blocker = await t.createUser({ role: 'academy', username: 'Ogunlana Blockers' });
    await trial(blocker.id, { name: 'Ogunlana Blocked Day' });
    await t.app.inject({
      method: 'POST',
      url: `/api/block/${viewer.id}`,
      headers: (await t.signIn(blocker)).headers,
    });
    const unverified = await t.createUser({
      role: 'academy',
      username: 'Ogunlana Unverified',
      academyStatus: 'unverified',
    });
    await trial(unverified.id, { name: 'Ogunlana Unverified Day' });

    const { headers } = await t.signIn(viewer);
    const tab = async (q: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/search/results?q=${encodeURIComponent(q)}&type=trials`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json().results as Hit[];
    };

    const byName = await tab('ogunlana');
    expect(byName.map((h) => h.name).sort()).toEqual([
      'Ogunlana Goalkeepers Day',
      'Ogunlana Last Call',
    ]);
    expect(byName.every((h) => h.type === 'Trial' && h.relationship === null)).toBe(true);
    expect(byName.find((h) => h.id === open.id)?.subtitle).toBe(
      '12 Dec 2099 · Teslim Balogun Stadium, Surulere, Lagos',
    );
    expect((await tab('goalkepers')).map((h) => h.id)).toEqual([open.id]); // a typo
    expect((await tab('Teslim Balogun')).map((h) => h.id)).toEqual([open.id]); // the venue
    expect((await tab('Surulre')).map((h) => h.id)).toEqual([open.id]); // the district, a typo
    expect((await tab('last call')).map((h) => h.id)).toEqual([lastDay.id]); // deadline today

    // The Players and Academies tabs stay people only; All mixes trials in with them.
    expect(await tab('zzqxj')).toEqual([]);
    const players = (
      await t.app.inject({
        method: 'GET',
        url: '/api/search/results?q=ogunlana&type=academies',
        headers,
      })
    ).json().results as Hit[];
    expect(players.map((h) => h.type)).toEqual(['Academy']);
    const all = (
      await t.app.inject({ method: 'GET', url: '/api/search/results?q=ogunlana', headers })
    ).json().results as Hit[];
    expect(all.map((h) => `${h.type}:${h.name}`).sort()).toEqual([
      'Academy:Ogunlana Stars',
      'Trial:Ogunlana Goalkeepers Day',
      'Trial:Ogunlana Last Call',
    ]);
  });

  it('offers trials among the navbar suggestions, best match first', async () => {
    const viewer = await t.createUser({ username: 'Box User' });
    const academy = await t.createUser({ role: 'academy', username: 'Zuma Rock FC' });
    const open = await trial(academy.id, { name: 'Zumba Open Trial', venue: 'Old Parade Ground' });
    const { headers } = await t.signIn(viewer);
    const box = (
      await t.app.inject({ method: 'GET', url: '/api/search?q=zumba', headers })
    ).json() as Hit[];
    expect(box[0]).toEqual({ id: open.id, type: 'Trial', name: 'Zumba Open Trial' });
    expect(box.map((h) => h.name)).toContain('Zuma Rock FC'); // similar enough to a typo
    const byVenue = (
      await t.app.inject({ method: 'GET', url: '/api/search?q=parade%20ground', headers })
    ).json() as Hit[];
    expect(byVenue).toEqual([{ id: open.id, type: 'Trial', name: 'Zumba Open Trial' }]);
  });
});
