import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import { DEMO_PASSWORD } from './support';

/**
 * Trial set-up for the trial-day journeys (waitlist, check-in, the combined trial day): demo
 * accounts signed in through the API, a trial created by an academy and registrations made as the
 * players' own apps would.
 */
export type Session = { access: string; dob: string | null; name: string };

export async function sessionOf(
  request: APIRequestContext,
  email: string,
  isAcademy = false,
): Promise<Session> {
  const credentials = { email, password: DEMO_PASSWORD, is_academy: isAcademy };
  const login = await request.post('/api/login', { data: credentials });
  expect(login.ok(), `POST /api/login as ${email}`).toBe(true);
  const answer = (await login.json()) as { user: string; dob: string | null };
  const token = await request.post('/api/token/', { data: credentials });
  expect(token.ok(), `POST /api/token/ as ${email}`).toBe(true);
  const { access } = (await token.json()) as { access: string };
  return { access, dob: answer.dob, name: answer.user };
}

export const bearer = (session: Session) => ({ Authorization: `Bearer ${session.access}` });

const dayFromToday = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * A Lagos football trial `inDays` days from today (a new trial must be dated after today), its
 * deadline the day before unless `deadlineInDays` says otherwise; free unless `fee` (kobo).
 */
export async function createTrialAs(
  request: APIRequestContext,
  academy: Session,
  trial: {
    name: string;
    limit: number;
    inDays: number;
    deadlineInDays?: number;
    fee?: number;
    startTime?: string;
  },
): Promise<string> {
  const created = await request.post('/api/trial', {
    headers: bearer(academy),
    data: {
      name: trial.name,
      sport: 'football',
      state: 'Lagos',
      district: 'Surulere',
      venue: 'Teslim Balogun Stadium',
      trial_date: dayFromToday(trial.inDays),
      start_time: trial.startTime ?? '09:00',
      deadline: dayFromToday(trial.deadlineInDays ?? trial.inDays - 1),
      ...(trial.fee ? { registration_fee: trial.fee } : {}),
      total_participant_limit: trial.limit,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

export type Registration = { id: string; status: string; reference_code: string };

/** `POST /api/player_trial` as `player`; the answer is checked to have the `expected` status. */
export async function registerAs(
  request: APIRequestContext,
  player: Session,
  trialId: string,
  expected = 'registered',
): Promise<Registration> {
  const answer = await request.post('/api/player_trial', {
    headers: bearer(player),
    data: {
      trial: trialId,
      name: player.name,
      dob: player.dob,
      phone: '08051234567',
      email: 'player@example.test',
      state: 'Lagos',
      district: 'Surulere',
      level: 'state',
      answers: [],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  const body = (await answer.json()) as Registration;
  expect(body.status).toBe(expected);
  return body;
}
