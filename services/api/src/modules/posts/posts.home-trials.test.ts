import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { countQueries } from '@touchline/db/testing';
import { todayInLagos } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

/** A date `days` from today in Lagos (negative: in the past). */
const dayFromToday = (days: number) => {
  const d = new Date(`${todayInLagos()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** Spec §3 home right panel: 'Top Trials' (GET /api/home `trials`). */
describe('home Top Trials', () => {
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
        district: 'Surulere',
        venue: 'Teslim Balogun Stadium',
        trialDate: dayFromToday(20),
        startTime: '09:00',
        deadline: dayFromToday(10),
        ...fields,
      })
      .returning();
    return row!;
  }

  it('shows the three open trials with the most registrations, soonest first on a tie', async () => {
    const viewer = await t.createUser({ username: 'Home Viewer' });
    const stars = await t.createUser({ role: 'academy', username: 'Stars' });
    const [poster] = await t.db
      .insert(schema.mediaObjects)
      .values({
        ownerId: stars.id,
        key: `images/poster-${stars.id}.jpg`,
        visibility: 'public',
        kind: 'image',
        contentType: 'image/jpeg',
        byteSize: 1000,
        status: 'ready',
        variants: {
          display: `images/poster-${stars.id}.display.jpg`,
          thumb: `images/poster-${stars.id}.thumb.jpg`,
        },
      })
      .returning();
    const busiest = await trial(stars.id, {
      name: 'Busiest',
      registeredCount: 40,
      imageMediaId: poster!.id,
      state: 'Oyo',
      district: 'Ibadan North',
    });
    const soon = await trial(stars.id, {
      name: 'Soon',
      registeredCount: 5,
      trialDate: dayFromToday(5),
      deadline: dayFromToday(4),
    });
    const later = await trial(stars.id, { name: 'Later', registeredCount: 5 });
    await trial(stars.id, { name: 'Quiet', registeredCount: 1 });
    // Never shown however popular: cancelled, registration closed, a blocked or an unverified academy.
    await trial(stars.id, { name: 'Cancelled', registeredCount: 90, status: 'cancelled' });
    await trial(stars.id, {
      name: 'Closed',
      registeredCount: 90,
      trialDate: dayFromToday(2),
      deadline: dayFromToday(-1),
    });
    const blocked = await t.createUser({ role: 'academy', username: 'Blocked' });
    await trial(blocked.id, { name: 'Blocked academy', registeredCount: 90 });
    await viewer.call('POST', `/api/block/${blocked.id}`);
    const unverified = await t.createUser({
      role: 'academy',
      username: 'Unverified',
      academyStatus: 'unverified',
    });
    await trial(unverified.id, { name: 'Unverified academy', registeredCount: 90 });

    const res = await viewer.call('GET', '/api/home');
    expect(res.statusCode).toBe(200);
    const trials = res.json().trials as Record<string, unknown>[];
    expect(trials.map((x) => x.name)).toEqual(['Busiest', 'Soon', 'Later']);
    expect(trials[0]).toEqual({
      id: busiest.id,
      name: 'Busiest',
      image: expect.stringMatching(/^\/media\/images\/poster-.+\.thumb\.jpg$/),
      district: 'Ibadan North',
      state: 'Oyo',
    });
    expect(trials[1]).toEqual({
      id: soon.id,
      name: 'Soon',
      image: null,
      district: 'Surulere',
      state: 'Lagos',
    });
    expect(trials[2]!.id).toBe(later.id);

    // Still two statements for the page (the trials ride with the side panels).
    const statements = await countQueries(t.database, () =>
      t.services.feed.home({ userId: viewer.id, role: viewer.role }, { page: 1 }),
    );
    expect(statements).toBe(2);
  });
});
