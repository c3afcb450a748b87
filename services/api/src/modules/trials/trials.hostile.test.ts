import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { academy, createTrial, lagosDate, player, register, setTrial } from './trials.test-support';

const NUL = '\u0000';
const HUGE = 'x'.repeat(100_000);
const MISSING = '00000000-0000-4000-8000-000000000000';

/**
 * The trial-day routes under hostile input (issue 27; decisions 49–51): NUL bytes, 100 kB
 * strings, wrong JSON types, arrays for objects, bad ids, scores out of range, too many or repeated
 * criteria. Each answers 400 (or 404 for an id that names nothing) with the error envelope, never
 * 500, and never echoes the huge input back.
 */
describe('trial-day routes under hostile input', () => {
  let t: TestApp;
  let club: TestUser;
  let ada: TestUser;
  let trialId: string;
  let registrationId: string;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    club = await academy(t);
    const trial = await createTrial(club);
    trialId = trial.id;
    ada = await player(t);
    const reg = (await register(ada, trial)).json();
    registrationId = reg.id;
    await setTrial(t, trial.id, { trialDate: lagosDate(0), deadline: lagosDate(0) });
    const checked = await club.call('POST', `/api/trial/${trial.id}/check_in`, {
      reference_code: reg.reference_code,
    });
    expect(checked.statusCode).toBe(200);
  }, 60_000);
  afterAll(async () => t.close());

  const refused = (res: { statusCode: number; body: string }, what: string, status = 400) => {
    expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(status);
    const body = JSON.parse(res.body) as { code?: unknown; message?: unknown };
    expect(typeof body.code, what).toBe('string');
    // The message: one sentence, or the validation's sentences (the spec's envelope).
    const messages = Array.isArray(body.message) ? body.message : [body.message];
    expect(messages.length, what).toBeGreaterThan(0);
    for (const m of messages) expect(typeof m, what).toBe('string');
    expect(res.body.length, `${what}: the input is not echoed`).toBeLessThan(5_000);
  };

  it('check-in: a reference code that is not one answers 400; bad trial ids 400', async () => {
    const checkIn = (payload: unknown, id = trialId) =>
      club.call('POST', `/api/trial/${id}/check_in`, payload as Record<string, unknown>);
    for (const [what, payload] of [
      ['NUL', { reference_code: `TL-AB${NUL}CD` }],
      ['100 kB', { reference_code: HUGE }],
      ['a number', { reference_code: 123456 }],
      ['an array', { reference_code: ['TL-ABCDEF'] }],
      ['nothing', {}],
      ['an array body', ['TL-ABCDEF']],
    ] as const)
      refused(await checkIn(payload), `check-in, ${what}`);
    refused(await checkIn({ reference_code: 'TL-ABCDEF' }, 'not-a-uuid'), 'check-in, bad id');
    refused(
      await checkIn({ reference_code: 'TL-ABCDEF' }, HUGE.slice(0, 2000)),
      'check-in, long id',
      414,
    );
    refused(await checkIn({ reference_code: 'TL-ABCDEF' }, MISSING), 'check-in, no trial', 404);
  });

  it('attendance: bad trial ids answer 400, a missing one 404', async () => {
    refused(await club.call('GET', '/api/trial/not-a-uuid/attendance'), 'attendance, bad id');
    refused(await club.call('GET', `/api/trial/${MISSING}/attendance`), 'attendance, none', 404);
  });

  it('evaluation: wrong shapes, out-of-range scores, too many or repeated criteria, huge notes answer 400', async () => {
    const put = (payload: unknown, id = registrationId) =>
      club.call('PUT', `/api/player_trial/${id}/evaluation`, payload as Record<string, unknown>);
    const score = (criterion: string, value: unknown = 3) => ({ criterion, score: value });
    for (const [what, payload] of [
      ['scores not a list', { scores: 'Pace: 4' }],
      ['a score of 0', { scores: [score('Pace', 0)] }],
      ['a score of 6', { scores: [score('Pace', 6)] }],
      ['a score as text', { scores: [score('Pace', '4')] }],
      ['a fractional score', { scores: [score('Pace', 3.5)] }],
      ['seven criteria', { scores: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((c) => score(c)) }],
      ['a repeated criterion', { scores: [score('Pace'), score('Pace')] }],
      ['a NUL in a criterion', { scores: [score(`Pa${NUL}ce`)] }],
      ['a 100 kB criterion', { scores: [score(HUGE)] }],
      ['100 kB notes', { scores: [score('Pace')], notes: HUGE }],
      ['a NUL in the notes', { scores: [score('Pace')], notes: `fine${NUL}` }],
      ['a negative sprint', { scores: [], measurements: { sprint_30m_seconds: -4 } }],
      ['a sprint as text', { scores: [], measurements: { sprint_30m_seconds: 'fast' } }],
      ['an absurd height', { scores: [], measurements: { height_cm: 1e9 } }],
      ['share as text', { scores: [], share_with_player: 'yes' }],
      ['an array body', [score('Pace')]],
    ] as const)
      refused(await put(payload), `evaluation, ${what}`);
    refused(await put({ scores: [] }, 'not-a-uuid'), 'evaluation, bad id');
    refused(await put({ scores: [] }, MISSING), 'evaluation, no registration', 404);
    refused(
      await club.call('GET', '/api/player_trial/not-a-uuid/evaluation'),
      'evaluation read, bad id',
    );
    // Nothing half-written: the attendee still has no evaluation.
    const read = await club.call('GET', `/api/player_trial/${registrationId}/evaluation`);
    expect(read.statusCode).toBe(200);
    expect(JSON.stringify(read.json())).not.toContain('fine');
  });

  it('paying a waitlist place and leaving the waitlist: bad ids answer 400 or 404, never 500', async () => {
    refused(await ada.call('POST', '/api/player_trial/not-a-uuid/payment'), 'payment, bad id');
    refused(await ada.call('POST', `/api/player_trial/${MISSING}/payment`), 'payment, none', 404);
    refused(await ada.call('DELETE', '/api/player_trial/not-a-uuid'), 'leave, bad id');
    refused(await ada.call('DELETE', `/api/player_trial/${MISSING}`), 'leave, none', 404);
  });
});
