import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitedProfileSchema, profileViewSchema } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { befriend, dobForAge, follow, person, post, type Person } from '../posts/posts.test-support';
import { academy, createTrial, player, register } from '../trials/trials.test-support';
import { setAccount } from './profiles.test-support';

/** Supplement §13: a minor's full profile, lists and posts are for their circle only. */
describe('a minor’s profile outside their circle', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function world() {
    const minor = await person(t, { username: 'Musa Junior', dob: dobForAge(12), state: 'Kano' });
    await minor.call('POST', '/api/profile', { about: 'I love football', height_cm: 150 });
    const friend = await person(t, { dob: dobForAge(13) });
    const followed = await person(t, { role: 'academy' });
    const verified = await person(t, { role: 'academy' });
    const adult = await person(t, { dob: dobForAge(30) });
    const youngStranger = await person(t, { dob: dobForAge(14) });
    const unverified = await person(t, { role: 'academy' });
    await setAccount(t, unverified, { academyStatus: 'unverified' });
    await setAccount(t, followed, { academyStatus: 'unverified' });
    const admin = await person(t, { role: 'admin', dob: null });
    await befriend(t, minor, friend);
    await follow(t, minor, followed);
    const postId = await post(minor, 'My first trial');
    return { minor, friend, followed, verified, adult, youngStranger, unverified, admin, postId };
  }

  const lists = (id: string) => [
    `/api/user_posts/${id}`,
    `/api/user_achievement?user_id=${id}`,
    `/api/user_academy?user_id=${id}`,
    `/api/friends?user_id=${id}`,
  ];

  it('strangers get a limited card: name, photo, sport, state and an age band', async () => {
    const w = await world();
    for (const viewer of [w.adult, w.youngStranger, w.unverified]) {
      const res = await viewer.call('GET', `/api/profile/${w.minor.id}`);
      expect(res.statusCode).toBe(200);
      const card = limitedProfileSchema.strict().parse(res.json());
      expect(card).toEqual({
        limited: true,
        user_id: w.minor.id,
        username: 'Musa Junior',
        role: 'player',
        profile_photo: null,
        state: 'Kano',
        sports: ['football'],
        age_band: 'U13',
        is_own: false,
      });
    }
  });

  it('strangers get 404 for the minor’s posts, lists and any single post', async () => {
    const w = await world();
    for (const viewer of [w.adult, w.youngStranger, w.unverified]) {
      for (const url of lists(w.minor.id)) {
        const res = await viewer.call('GET', url);
        expect(res.statusCode, `${url}`).toBe(404);
        expect(res.json()).toHaveProperty('code');
      }
      expect((await viewer.call('GET', `/api/post/${w.postId}`)).statusCode).toBe(404);
      expect((await viewer.call('POST', `/api/like/${w.postId}`)).statusCode).toBe(404);
    }
  });

  it('the minor, friends, followed and verified academies and administrators see everything', async () => {
    const w = await world();
    for (const viewer of [w.minor, w.friend, w.followed, w.verified, w.admin]) {
      const res = await viewer.call('GET', `/api/profile/${w.minor.id}`);
      expect(res.statusCode).toBe(200);
      const full = profileViewSchema.parse(res.json());
      expect(full).toMatchObject({ limited: false, about: 'I love football', height_cm: 150 });
      for (const url of lists(w.minor.id))
        expect((await viewer.call('GET', url)).statusCode, `${url}`).toBe(200);
      expect((await viewer.call('GET', `/api/post/${w.postId}`)).statusCode).toBe(200);
      const posts = (await viewer.call('GET', `/api/user_posts/${w.minor.id}`)).json().posts;
      expect(posts.map((p: { id: string }) => p.id)).toEqual([w.postId]);
    }
  });

  it('an academy the minor registered with keeps seeing the full profile, verified or not', async () => {
    const minor = await player(t, { dob: dobForAge(12) });
    const club = await academy(t);
    const trial = await createTrial(club);
    expect((await register(minor, trial)).statusCode).toBe(201);
    await setAccount(t, club, { academyStatus: 'unverified' });
    const res = await club.call('GET', `/api/profile/${minor.id}`);
    expect(res.statusCode).toBe(200);
    expect(profileViewSchema.parse(res.json()).limited).toBe(false);
    const other = await academy(t);
    await setAccount(t, other, { academyStatus: 'unverified' });
    const card = await other.call('GET', `/api/profile/${minor.id}`);
    expect(limitedProfileSchema.parse(card.json()).limited).toBe(true);
  });

  it('an adult’s or an academy’s profile stays open to everyone', async () => {
    const w = await world();
    for (const target of [w.adult, w.verified] as Person[]) {
      const res = await w.youngStranger.call('GET', `/api/profile/${target.id}`);
      expect(res.json()).toMatchObject({ limited: false, user_id: target.id });
    }
  });

  it('age bands: U13 under 13, U15 for 13–14, U17 for 15–17; 18 is an adult', async () => {
    const viewer = await person(t, { dob: dobForAge(40) });
    for (const [age, band] of [
      [7, 'U13'],
      [12, 'U13'],
      [13, 'U15'],
      [14, 'U15'],
      [15, 'U17'],
      [17, 'U17'],
    ] as const) {
      const minor = await person(t, { dob: dobForAge(age) });
      expect((await viewer.call('GET', `/api/profile/${minor.id}`)).json().age_band).toBe(band);
    }
    const adult = await person(t, { dob: dobForAge(18) });
    expect((await viewer.call('GET', `/api/profile/${adult.id}`)).json()).toMatchObject({
      limited: false,
      age: 18,
    });
  });
});
