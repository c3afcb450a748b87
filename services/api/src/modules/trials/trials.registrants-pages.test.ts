import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SeedRegistration, SeedUser } from '@touchline/db/testing';
import { PAGING_MESSAGES, TRIAL_LIMITS, type RegistrantList } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { academy, createTrial } from './trials.test-support';

/**
 * The registrants list is bounded (issue 25 item 12): the JSON answer is a page (oldest first,
 * `after` = the previous answer's `next`), searched on the server, with the whole list's counts;
 * the CSV is the whole list, written in keyset batches. The trial below has more registrants
 * than a CSV batch, every one registered at the same instant, so the cursor's tie-break on the
 * id is what keeps each registrant exactly once.
 */
const COUNT = TRIAL_LIMITS.registrantsCsvBatch + 7;

let t: TestApp;
let club: TestUser;
let trialId: string;
/** Registration ids, in the order the academy's list shows them (created_at, then id). */
let expected: string[];

beforeAll(async () => {
  t = await createTestApp();
  club = await academy(t);
  const trial = await createTrial(club, { name: 'Big Open Day', requirements: ['Position'] });
  trialId = trial.id;
  const users: Record<string, SeedUser> = {};
  const registrations: Record<string, SeedRegistration> = {};
  for (let i = 0; i < COUNT; i++) {
    users[`u${i}`] = { username: `Player ${String(i).padStart(4, '0')}` };
    registrations[`r${i}`] = { trial: { id: trialId }, player: `u${i}`, answers: [`pos ${i}`] };
  }
  // Two to find by search: a name with a percent sign (a character, never a pattern).
  users.ada = { username: 'Ada Obi' };
  users.pct = { username: 'Tunde 100% Bello' };
  registrations.ada = { trial: { id: trialId }, player: 'ada', phone: '+2348099990000' };
  registrations.pct = { trial: { id: trialId }, player: 'pct' };
  const world = await t.seed({ users, registrations }, { now: new Date('2026-06-01T10:00:00Z') });
  expected = Object.values(world.registrations)
    .map((r) => r.registration.id)
    .sort();
}, 180_000);
afterAll(async () => t?.close());

const list = async (query: string) => {
  const res = await club.call('GET', `/api/players_in_trial_list/${trialId}${query}`);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json() as RegistrantList;
};

describe('the registrants list, a page at a time', () => {
  it('answers a page with the whole list’s counts, and `next` walks every registrant once', async () => {
    const first = await list('');
    expect(first.registrants).toHaveLength(TRIAL_LIMITS.registrantsPageSize);
    expect(first.total).toBe(COUNT + 2);
    expect(first.attendance).toEqual({ expected: COUNT + 2, checked_in: 0 });
    expect([first.has_more, typeof first.next]).toEqual([true, 'string']);

    const seen = first.registrants.map((r) => r.id);
    let page = first;
    while (page.next) {
      page = await list(`?after=${encodeURIComponent(page.next)}`);
      seen.push(...page.registrants.map((r) => r.id));
    }
    expect([page.has_more, page.next]).toEqual([false, null]);
    // Same instant for all: the id breaks the tie, so the order is the ids' order.
    expect(seen).toEqual(expected);
  });

  it('searches the whole list on the server, every word, a typed % as a character', async () => {
    const ada = await list(`?q=${encodeURIComponent('  obi ADA ')}`);
    expect(ada.registrants.map((r) => r.name)).toEqual(['Ada Obi']);
    expect([ada.has_more, ada.next, ada.total]).toEqual([false, null, COUNT + 2]);
    expect((await list('?q=99990000')).registrants.map((r) => r.name)).toEqual(['Ada Obi']);
    expect((await list('?q=100%25')).registrants.map((r) => r.name)).toEqual(['Tunde 100% Bello']);
    expect((await list('?q=%25%25')).registrants).toEqual([]);
  });

  it('refuses a bad cursor, a limit above a page and an over-long search with 400', async () => {
    const bad = await club.call('GET', `/api/players_in_trial_list/${trialId}?after=nonsense`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(PAGING_MESSAGES.badCursor);
    const big = await club.call(
      'GET',
      `/api/players_in_trial_list/${trialId}?limit=${TRIAL_LIMITS.registrantsPageSize + 1}`,
    );
    expect(big.statusCode).toBe(400);
    const long = await club.call(
      'GET',
      `/api/players_in_trial_list/${trialId}?q=${'a'.repeat(TRIAL_LIMITS.registrantsSearchMaxLength + 1)}`,
    );
    expect(long.statusCode).toBe(400);
    const nul = await club.call('GET', `/api/players_in_trial_list/${trialId}?q=a%00b`);
    expect(nul.statusCode).toBe(400);
  });
});

describe('the registrants CSV, streamed in batches', () => {
  it('holds every registrant exactly once, in the list’s order, across batch boundaries', async () => {
    const res = await club.call('GET', `/api/players_in_trial_list/${trialId}?format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.body.startsWith('\uFEFFReference code,Name,')).toBe(true);
    const lines = res.body.split('\r\n');
    expect(lines.pop()).toBe(''); // the file ends with a line end
    expect(lines[0]!.endsWith(',Position')).toBe(true);
    const rows = lines.slice(1);
    expect(rows).toHaveLength(COUNT + 2);
    // Reference codes in the file, mapped back through the JSON list to registration ids.
    const codes = new Map<string, string>();
    let page: RegistrantList | null = null;
    do {
      page = await list(page?.next ? `?after=${encodeURIComponent(page.next)}` : '');
      for (const r of page.registrants) codes.set(r.reference_code, r.id);
    } while (page.next);
    expect(rows.map((row) => codes.get(row.split(',')[0]!))).toEqual(expected);
    expect(rows.filter((row) => row.endsWith(',pos 3'))).toHaveLength(1);
  });

  it('answers 403 before any byte to another academy', async () => {
    const other = await academy(t);
    const res = await other.call('GET', `/api/players_in_trial_list/${trialId}?format=csv`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'trials.not_owner' });
  });
});
