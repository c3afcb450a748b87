import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { TRIAL_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, createTrial, player, register } from './trials.test-support';

/**
 * Issue 25 item 10: a profile without a date of birth is bound by its first registration's, so
 * a register/cancel loop cannot claim a different age each time; the profile stays unknown.
 */
describe('a profile without a date of birth registering', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  }, 60_000);
  afterAll(async () => t.close());

  it('cannot register with a different age after cancelling, nor for another trial; the first date still works', async () => {
    const club = await academy(t);
    const [first, second] = [await createTrial(club), await createTrial(club)];
    const ada = await player(t, { dob: null });

    const registered = await register(ada, first, { dob: '2000-03-01' });
    expect(registered.statusCode, registered.body).toBe(201);
    const cancelled = await ada.call('DELETE', `/api/player_trial/${registered.json().id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    for (const trial of [first, second]) {
      const other = await register(ada, trial, { dob: '1990-03-01' });
      expect(other.statusCode).toBe(400);
      expect(other.json()).toMatchObject({
        code: 'trials.dob_mismatch',
        message: TRIAL_MESSAGES.dobMismatch,
      });
    }
    const same = await register(ada, second, { dob: '2000-03-01' });
    expect(same.statusCode, same.body).toBe(201);

    // The profile's date of birth stays unknown (it counts as a minor's, supplement §13).
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, ada.id));
    expect(row!.dob).toBeNull();
  });

  it('two profiles without a date of birth are bound each by their own', async () => {
    const club = await academy(t);
    const trial = await createTrial(club);
    const [a, b] = [await player(t, { dob: null }), await player(t, { dob: null })];
    expect((await register(a, trial, { dob: '2001-01-01' })).statusCode).toBe(201);
    expect((await register(b, trial, { dob: '1999-01-01' })).statusCode).toBe(201);
  });
});
