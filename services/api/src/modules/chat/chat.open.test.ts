import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import { createTrial, register } from '../trials/trials.test-support';
import {
  academy,
  adultPlayer,
  befriend,
  block,
  expectStatus,
  follow,
  minorPlayer,
  openChat,
} from './chat.test-support';

/** What the caller sees of a refusal: status, code and the reason text. */
async function refusal(who: TestUser, receiver: { id: string }) {
  const res = await openChat(who, receiver);
  const body = res.json() as { code?: string; message?: string };
  return { status: res.statusCode, code: body.code, message: body.message };
}
const notAllowed = (message: string) => ({ status: 403, code: 'chat.not_allowed', message });

describe('POST /api/chat: who may open a conversation (§7, §13)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('opens one conversation per pair, named by the two ids, whoever opens it', async () => {
    const [a, b] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(a, b);
    const first = await expectStatus(openChat(a, b), 200);
    const again = await expectStatus(openChat(b, a), 200);
    const [low, high] = [a.id, b.id].sort();
    expect(first.json()).toEqual({ thread_name: `chat_${low}_${high}` });
    expect(again.json()).toEqual(first.json());
  });

  it('players: friends only, and never yourself', async () => {
    const [a, b] = [await adultPlayer(t), await adultPlayer(t)];
    expect(await refusal(a, b)).toEqual(notAllowed('You can only message your friends'));
    expect(await refusal(a, a)).toEqual({
      status: 400,
      code: 'chat.self',
      message: 'You cannot message yourself',
    });
    await befriend(a, b);
    expect((await openChat(b, a)).statusCode).toBe(200);
  });

  it('a receiver who does not exist, is blocked by the administrators or unconfirmed is not found', async () => {
    const a = await adultPlayer(t);
    const notFound = { status: 404, code: 'chat.user_not_found', message: 'User not found' };
    expect(await refusal(a, { id: '00000000-0000-7000-8000-000000000000' })).toEqual(notFound);
    const inactive = await adultPlayer(t, { active: false });
    const unconfirmed = await adultPlayer(t, { verified: false });
    const admin = await t.createUser({ role: 'admin' });
    // Even an administrator, who may message anyone, finds no such user.
    expect(await refusal(admin, inactive)).toEqual(notFound);
    expect(await refusal(admin, unconfirmed)).toEqual(notFound);
    const bad = await a.call('POST', '/api/chat', { receiver_id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('User not found');
  });

  it('academy and adult player: a follow or a trial registration opens it, both ways', async () => {
    const acad = await academy(t);
    const follower = await adultPlayer(t);
    const registrant = await adultPlayer(t);
    const stranger = await adultPlayer(t);
    await follow(follower, acad);
    const trial = await createTrial(acad);
    await expectStatus(register(registrant, trial), 201);

    expect((await openChat(acad, follower)).statusCode).toBe(200);
    expect((await openChat(follower, acad)).statusCode).toBe(200);
    expect((await openChat(acad, registrant)).statusCode).toBe(200);
    expect((await openChat(registrant, acad)).statusCode).toBe(200);
    expect(await refusal(acad, stranger)).toEqual(
      notAllowed('Academies can message players who follow them or registered for their trials'),
    );
    expect(await refusal(stranger, acad)).toEqual(notAllowed('Follow this academy to message it'));
  });

  it("a verified academy may message an adult 'Open to Work' player; an unverified one may not", async () => {
    const verified = await academy(t);
    const unverified = await academy(t, { academyStatus: 'unverified' });
    const seeker = await adultPlayer(t);
    await expectStatus(seeker.call('POST', '/api/profile', { open_to_work: true }), 200);
    expect((await openChat(verified, seeker)).statusCode).toBe(200);
    expect(await refusal(unverified, seeker)).toEqual(
      notAllowed('Academies can message players who follow them or registered for their trials'),
    );
    // The player's side still needs the follow.
    const other = await academy(t);
    expect(await refusal(seeker, other)).toEqual(notAllowed('Follow this academy to message it'));
  });

  it('minors: never from a stranger, whatever they set', async () => {
    const minorText = 'This player can only be messaged by friends and academies they follow';
    const acad = await academy(t);
    const kid = await minorPlayer(t);
    await expectStatus(kid.call('POST', '/api/profile', { open_to_work: true }), 200);
    expect(await refusal(acad, kid)).toEqual(notAllowed(minorText));
    expect(await refusal(kid, acad)).toEqual(notAllowed('Follow this academy to message it'));

    // An adult player who is not a friend.
    const adult = await adultPlayer(t);
    expect(await refusal(adult, kid)).toEqual(notAllowed('You can only message your friends'));

    // The academy the minor follows may (verified).
    await follow(kid, acad);
    expect((await openChat(acad, kid)).statusCode).toBe(200);
    expect((await openChat(kid, acad)).statusCode).toBe(200);

    // A friend of the minor may.
    const friend = await minorPlayer(t);
    await befriend(friend, kid);
    expect((await openChat(friend, kid)).statusCode).toBe(200);
  });

  it('an unverified academy is refused by a minor even when followed', async () => {
    const minorText = 'This player can only be messaged by friends and academies they follow';
    const unverified = await academy(t, { academyStatus: 'unverified' });
    const kid = await minorPlayer(t);
    await follow(kid, unverified);
    expect(await refusal(unverified, kid)).toEqual(notAllowed(minorText));
    // The same follow is enough for an adult.
    const adult = await adultPlayer(t);
    await follow(adult, unverified);
    expect((await openChat(unverified, adult)).statusCode).toBe(200);
  });

  it('a block either way refuses, without saying who blocked', async () => {
    const blockedText = notAllowed('You cannot message this user');
    const [a, b] = [await adultPlayer(t), await adultPlayer(t)];
    await befriend(a, b);
    await block(b, a);
    expect(await refusal(a, b)).toEqual(blockedText);
    expect(await refusal(b, a)).toEqual(blockedText);
  });

  it('academies never message each other', async () => {
    const [x, y] = [await academy(t), await academy(t)];
    expect(await refusal(x, y)).toEqual(notAllowed('Academies cannot message other academies'));
  });

  it('administrators message anyone (a minor, an academy), and are answered', async () => {
    const admin = await t.createUser({ role: 'admin' });
    const kid = await minorPlayer(t);
    const acad = await academy(t, { academyStatus: 'unverified' });
    const adult = await adultPlayer(t);
    expect((await openChat(admin, kid)).statusCode).toBe(200);
    expect((await openChat(admin, acad)).statusCode).toBe(200);
    expect((await openChat(adult, admin)).statusCode).toBe(200);
  });
});
