import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { befriend, dobForAge, person, type Person } from '../posts/posts.test-support';
import { setAccount } from '../profiles/profiles.test-support';

/** Supplement §13: search never shows minors to adult players who are not their friends. */
describe('search and minors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const found = async (viewer: Person, q: string) => {
    const box = (await viewer.call('GET', `/api/search?q=${q}`)).json() as { id: string }[];
    const page = (await viewer.call('GET', `/api/search/results?q=${q}&type=players`)).json()
      .results as { id: string }[];
    expect(page.map((r) => r.id).sort()).toEqual(box.map((r) => r.id).sort());
    return box.map((r) => r.id).sort();
  };

  it('adult strangers and unverified academies do not find minors; friends and the circle do', async () => {
    const minor = await person(t, { username: 'Obinna Kid', dob: dobForAge(12) });
    const adultPlayer = await person(t, { username: 'Obinna Grown', dob: dobForAge(30) });
    const unknownAge = await person(t, { username: 'Obinna Unknown', dob: null });
    const adult = await person(t, { dob: dobForAge(19) });
    const adultFriend = await person(t, { dob: dobForAge(45) });
    await befriend(t, minor, adultFriend); // made before the rule: friends still find them
    const youngster = await person(t, { dob: dobForAge(15) });
    const verified = await person(t, { role: 'academy' });
    const unverified = await person(t, { role: 'academy' });
    await setAccount(t, unverified, { academyStatus: 'unverified' });
    const admin = await person(t, { role: 'admin', dob: null });

    const adults = [adultPlayer.id].sort();
    const everyone = [minor.id, adultPlayer.id, unknownAge.id].sort();
    expect(await found(adult, 'obinna')).toEqual(adults);
    expect(await found(unverified, 'obinna')).toEqual(adults);
    expect(await found(adultFriend, 'obinna')).toEqual([minor.id, adultPlayer.id].sort());
    for (const viewer of [youngster, verified, admin])
      expect(await found(viewer, 'obinna')).toEqual(everyone);
  });
});
