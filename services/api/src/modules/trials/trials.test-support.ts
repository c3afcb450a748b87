import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { todayInLagos, type TrialView } from '@touchline/shared';
import type { TestApp, TestUser, TestUserInput } from '../../testing/test-app';

/** A Lagos calendar date `days` from today (negative: in the past). */
export function lagosDate(days: number): string {
  const d = new Date(`${todayInLagos()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A verified academy (the only kind that runs trials) unless told otherwise. */
export const academy = (t: TestApp, values: TestUserInput = {}) =>
  t.createUser({ role: 'academy', state: 'Lagos', sports: ['football'], ...values });

/** A Lagos player, born 15 June 1995 unless told (an adult). */
export const player = (t: TestApp, values: TestUserInput = {}) =>
  t.createUser({
    role: 'player',
    state: 'Lagos',
    district: 'Ikeja',
    sports: ['football'],
    ...values,
  });

/** A valid trial form: in two weeks, deadline in a week, free, no limits, no requirements. */
export function trialFields(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Open Football Trial',
    sport: 'football',
    state: 'Lagos',
    district: 'Ikeja',
    venue: 'Teslim Balogun Stadium',
    landmark: 'Near the National Stadium',
    trial_date: lagosDate(14),
    start_time: '09:30',
    deadline: lagosDate(7),
    description: 'Bring your boots.',
    ...overrides,
  };
}

/** Creates a trial as `who` (JSON) and answers it; fails the test when refused. */
export async function createTrial(
  who: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<TrialView> {
  const res = await who.call('POST', '/api/trial', trialFields(overrides));
  if (res.statusCode !== 201) throw new Error(`trial not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A registration body for `who` (their profile's date of birth), answering every requirement. */
export function registrationFields(
  trial: Pick<TrialView, 'id' | 'requirements'>,
  who: Pick<TestUser, 'username' | 'email' | 'dob'>,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    trial: trial.id,
    name: who.username,
    dob: who.dob ?? '1995-06-15',
    phone: '0803 123 4567',
    email: who.email,
    state: 'Lagos',
    district: 'Ikeja',
    level: 'district',
    answers: trial.requirements.map((r, i) => ({
      requirement_id: r.id,
      answer: `Answer ${i + 1}`,
    })),
    ...overrides,
  };
}

/** `POST /api/player_trial` as `who`. */
export const register = (
  who: TestUser,
  trial: Pick<TrialView, 'id' | 'requirements'>,
  overrides: Record<string, unknown> = {},
) => who.call('POST', '/api/player_trial', registrationFields(trial, who, overrides));

/** Changes a stored trial directly (a deadline in the past, which the API never accepts). */
export async function setTrial(
  t: TestApp,
  trialId: string,
  values: Partial<typeof schema.trials.$inferInsert>,
) {
  await t.db.update(schema.trials).set(values).where(eq(schema.trials.id, trialId));
}

/** The outbox events of a type, payloads only. */
export async function outboxOf(t: TestApp, type: string) {
  const rows = await t.db.select().from(schema.outbox).where(eq(schema.outbox.type, type));
  return rows.map((r) => r.payload as Record<string, string>);
}
