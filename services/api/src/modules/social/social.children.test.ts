import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRequest } from '@touchline/db/social';
import { SOCIAL_ERRORS } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { befriend, dobForAge, person } from '../posts/posts.test-support';

/** Supplement §13: friendship never crosses the 18 line (an adult player and a minor). */
describe('friends across the 18 line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('a request between an adult player and a minor answers 403, either way', async () => {
    const adult = await person(t, { dob: dobForAge(18) });
    const minor = await person(t, { dob: dobForAge(17) });
    for (const [from, to] of [
      [adult, minor],
      [minor, adult],
    ] as const) {
      const res = await from.call('POST', '/api/friend_request', { to_user: to.id });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: SOCIAL_ERRORS.acrossAgeLine });
      expect(res.json().message).toMatch(/under 18/);
    }
    expect((await minor.call('GET', '/api/friend_request')).json().results).toEqual([]);
    // The profile offers no 'Add friend' across the line.
    for (const [from, to] of [
      [adult, minor],
      [minor, adult],
    ] as const)
      expect((await from.call('GET', `/api/relationship/${to.id}`)).json().friend_status).toBe(
        'not_applicable',
      );
    // Two minors, or two adults, stay free to connect.
    const otherMinor = await person(t, { dob: dobForAge(9) });
    expect(
      (await minor.call('POST', '/api/friend_request', { to_user: otherMinor.id })).statusCode,
    ).toBe(201);
  });

  it('a pending request across the line cannot be accepted', async () => {
    const adult = await person(t, { dob: dobForAge(25) });
    const minor = await person(t, { dob: dobForAge(14) });
    // Sent before the rule (or before a birthday moved the line).
    await insertRequest(t.db, adult.id, minor.id);
    const res = await minor.call('POST', `/api/friend_request_accept/${adult.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe(SOCIAL_ERRORS.acrossAgeLine);
    expect((await minor.call('GET', '/api/friends')).json().results).toEqual([]);
  });

  it('suggestions stay on the user’s side of the line', async () => {
    const adult = await person(t, { dob: dobForAge(30), state: 'Oyo' });
    const minor = await person(t, { dob: dobForAge(15), state: 'Oyo' });
    const adultPeer = await person(t, { dob: dobForAge(22), state: 'Oyo' });
    const minorPeer = await person(t, { dob: dobForAge(12), state: 'Oyo' });
    // A friend of a friend across the line is still never suggested.
    const bridge = await person(t, { dob: dobForAge(16) });
    await befriend(t, minor, bridge);
    const bridgeAdult = await person(t, { dob: dobForAge(40) });
    await befriend(t, adult, bridgeAdult);
    const suggested = async (who: typeof adult) =>
      ((await who.call('GET', '/api/friend_suggestion')).json().results as { id: string }[]).map(
        (r) => r.id,
      );
    const forAdult = await suggested(adult);
    const forMinor = await suggested(minor);
    expect(forAdult).not.toContain(minor.id);
    expect(forAdult).not.toContain(minorPeer.id);
    expect(forAdult).not.toContain(bridge.id);
    expect(forMinor).not.toContain(adult.id);
    expect(forMinor).not.toContain(adultPeer.id);
    expect(forMinor).not.toContain(bridgeAdult.id);
    expect(forMinor).toContain(minorPeer.id);
  });
});
