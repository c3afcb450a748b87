import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { testDatabaseAdminUrl } from '@touchline/db/testing';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, createTrial, player, register } from './trials.test-support';

/**
 * Capacity under concurrent registrations, through the API. The proof the issue asks for (200
 * registrations at once for 50 places) needs real concurrent connections: it runs on the
 * Postgres tier (TEST_DATABASE_URL set), and there it checks it really is on Postgres rather than
 * passing on PGlite. On PGlite (one connection: transactions queue) the same race runs smaller.
 */
const postgresTier = Boolean(testDatabaseAdminUrl());
const [attempts, places] = postgresTier ? [200, 50] : [40, 10];

describe('capacity under concurrent registrations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  const name = postgresTier
    ? `Postgres only: ${attempts} concurrent POST /api/player_trial for a ${places}-place free trial → exactly ${places} registered, the rest 'Slot Full'`
    : `PGlite: ${attempts} simultaneous POST /api/player_trial for ${places} places → exactly ${places} (the 200 → 50 proof runs on the Postgres tier)`;

  it(
    name,
    async () => {
      if (postgresTier) expect(t.database.kind).toBe('postgres');
      const club = await academy(t);
      const trial = await createTrial(club, { total_participant_limit: places });
      const players = [];
      for (let i = 0; i < attempts; i++) players.push(await player(t));

      // A client told 503 (every database connection stayed busy past the wait: a loaded machine)
      // sends the same request again, as Retry-After invites it to.
      const answers = await Promise.all(
        players.map(async (p) => {
          for (let sent = 1; ; sent++) {
            const res = await register(p, trial);
            if (res.statusCode !== 503 || sent === 10) return res;
          }
        }),
      );

      const registered = answers.filter((res) => res.statusCode === 201);
      const refused = answers.filter((res) => res.statusCode !== 201);
      expect(registered).toHaveLength(places);
      expect(refused).toHaveLength(attempts - places);
      for (const res of refused) {
        expect(res.statusCode).toBe(409);
        expect(res.json()).toMatchObject({ code: 'trials.full', message: TRIAL_MESSAGES.full });
      }
      expect(new Set(registered.map((res) => res.json().reference_code)).size).toBe(places);

      const stored = await t.db
        .select()
        .from(schema.trialRegistrations)
        .where(eq(schema.trialRegistrations.trialId, trial.id));
      expect(stored).toHaveLength(places);
      const view = (await club.call('GET', `/api/trial/${trial.id}`)).json();
      expect(view).toMatchObject({ registered_count: places, places_left: 0 });
    },
    300_000,
  );
});
