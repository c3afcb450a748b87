import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@touchline/db';
import { chatThreadName, type ServerEvent } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from '../../testing/test-app';
import {
  openTestSocket,
  socketBase,
  type TestSocket,
} from '../../plugins/realtime/realtime.test-support';
import { registerChatLive } from './chat.live';
import {
  academy,
  befriend,
  block,
  expectStatus,
  follow,
  minorPlayer,
  sendText,
  threadOf,
} from './chat.test-support';

const ofType = <T extends ServerEvent['type']>(events: ServerEvent[], type: T) =>
  events.filter((e): e is Extract<ServerEvent, { type: T }> => e.type === type);

describe('chat live: typing and presence', () => {
  let t: TestApp;
  let base: string;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    registerChatLive(t.app); // chat.module.ts does it; once per hub whoever calls it
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    base = socketBase(t.app);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.socket.terminate();
    await t.close();
  });

  async function tab(user: TestUser) {
    const socket = await openTestSocket(base, { userId: user.id, token: user.token });
    sockets.push(socket);
    return socket;
  }

  /** Two friends with a conversation. */
  async function pair() {
    const [a, b] = [await t.createUser(), await t.createUser()];
    await befriend(a, b);
    return { a, b, thread: await threadOf(a, b) };
  }

  it("typing reaches the partner's tabs only, at most once per throttle window", async () => {
    const { a, b, thread } = await pair();
    const [aTab, bTab1, bTab2] = [await tab(a), await tab(b), await tab(b)];
    aTab.send({ type: 'typing', thread_name: thread });
    aTab.send({ type: 'typing', thread_name: thread }); // inside the window: dropped
    const expected = [{ type: 'typing', data: { thread_name: thread, user_id: a.id } }];
    for (const socket of [bTab1, bTab2]) {
      await socket.until((e) => ofType(e, 'typing').length > 0);
    }
    // A marker after the burst: b types back, and a receives it only after the burst was handled.
    bTab1.send({ type: 'typing', thread_name: thread });
    await aTab.until((e) => ofType(e, 'typing').length > 0);
    expect(ofType(bTab1.events, 'typing')).toEqual(expected);
    expect(ofType(bTab2.events, 'typing')).toEqual(expected);
    expect(ofType(aTab.events, 'typing')).toEqual([
      { type: 'typing', data: { thread_name: thread, user_id: b.id } },
    ]);
  });

  it('typing from anyone but a member of an existing, unblocked conversation goes nowhere', async () => {
    const { a, b, thread } = await pair();
    const intruder = await t.createUser();
    const stranger = await t.createUser();
    const [aTab, bTab, intruderTab] = [await tab(a), await tab(b), await tab(intruder)];
    // Not a member (the intruder names a's and b's conversation), a conversation that was never
    // opened (the intruder with a stranger), and nonsense names.
    intruderTab.send({ type: 'typing', thread_name: thread });
    intruderTab.send({ type: 'typing', thread_name: chatThreadName(intruder.id, stranger.id) });
    intruderTab.send({ type: 'typing', thread_name: chatThreadName(intruder.id, a.id) });
    intruderTab.send({ type: 'typing', thread_name: 'chat_nonsense' });
    // Then the intruder types in a real conversation with a friend: the marker.
    const friend = await t.createUser();
    await befriend(intruder, friend);
    const markerThread = await threadOf(intruder, friend);
    const friendTab = await tab(friend);
    intruderTab.send({ type: 'typing', thread_name: markerThread });
    await friendTab.until((e) => ofType(e, 'typing').length > 0);
    expect(ofType(aTab.events, 'typing')).toEqual([]);
    expect(ofType(bTab.events, 'typing')).toEqual([]);
  });

  it('a block ends typing in an existing conversation, either way', async () => {
    const { a, b, thread } = await pair();
    const friend = await t.createUser();
    await befriend(a, friend);
    await befriend(b, friend);
    const [aThread, bThread] = [await threadOf(a, friend), await threadOf(b, friend)];
    await block(b, a);
    const [aTab, bTab, friendTab] = [await tab(a), await tab(b), await tab(friend)];
    // Each socket's events are handled in order: when the friend hears the second typing of a
    // tab, its first (to the blocked partner) was handled.
    aTab.send({ type: 'typing', thread_name: thread });
    aTab.send({ type: 'typing', thread_name: aThread });
    bTab.send({ type: 'typing', thread_name: thread });
    bTab.send({ type: 'typing', thread_name: bThread });
    await friendTab.until((e) => ofType(e, 'typing').length === 2);
    expect(ofType(aTab.events, 'typing')).toEqual([]);
    expect(ofType(bTab.events, 'typing')).toEqual([]);
  });

  it('tells chat partners when a user comes online and goes offline, and stores last seen', async () => {
    const { a, b } = await pair();
    const outsider = await t.createUser();
    const [aTab, outsiderTab] = [await tab(a), await tab(outsider)];
    const presenceOfB = (e: ServerEvent[]) =>
      ofType(e, 'presence').filter((p) => p.data.user_id === b.id);

    const b1 = await tab(b);
    const b2 = await tab(b);
    await aTab.until((e) => presenceOfB(e).length === 1);
    expect(presenceOfB(aTab.events)).toEqual([
      { type: 'presence', data: { user_id: b.id, online: true, last_seen: null } },
    ]);
    const listed = (await a.call('GET', '/api/chat_list')).json() as {
      threads: { partner: { id: string; online: boolean } }[];
    };
    expect(listed.threads.find((x) => x.partner.id === b.id)?.partner.online).toBe(true);

    await b1.close();
    await b2.close();
    await aTab.until((e) => presenceOfB(e).length === 2);
    const offline = presenceOfB(aTab.events)[1]!;
    expect(offline.data).toMatchObject({ user_id: b.id, online: false });
    const [row] = await t.db
      .select({ lastSeenAt: schema.users.lastSeenAt })
      .from(schema.users)
      .where(eq(schema.users.id, b.id));
    expect(row?.lastSeenAt?.toISOString()).toBe(offline.data.last_seen);
    expect(presenceOfB(outsiderTab.events)).toEqual([]); // no conversation with b: told nothing
  });

  it('a block ends presence, last seen, name and photo between the two (issue 25)', async () => {
    const { a, b, thread } = await pair();
    await expectStatus(sendText(a, thread, 'hello'), 201);
    const c = await t.createUser();
    await befriend(c, b);
    await threadOf(c, b);
    await block(b, a);
    const [aTab, cTab] = [await tab(a), await tab(c)];
    const presenceOfB = (e: ServerEvent[]) =>
      ofType(e, 'presence').filter((p) => p.data.user_id === b.id);

    await tab(b);
    // c, still a partner, is told; the blocked side is not (its tab was open first).
    await cTab.until((e) => presenceOfB(e).length === 1);
    expect(presenceOfB(aTab.events)).toEqual([]);

    for (const [viewer, other] of [
      [a, b],
      [b, a],
    ] as const) {
      const listed = (await viewer.call('GET', '/api/chat_list')).json() as {
        threads: { thread_name: string; partner: Record<string, unknown> }[];
      };
      const item = listed.threads.find((x) => x.partner.id === other.id);
      expect(item?.partner).toMatchObject({
        username: 'Touchline user',
        profile_photo: null,
        online: false,
        last_seen: null,
      });
      const opened = (
        await viewer.call('GET', `/api/chat?threadName=${item!.thread_name}`)
      ).json() as {
        thread: { partner: Record<string, unknown> };
      };
      expect(opened.thread.partner).toMatchObject({ username: 'Touchline user', online: false });
      expect(JSON.stringify(opened.thread.partner)).not.toContain(other.username);
    }
  });

  it("a minor's unfollow ends the academy's view of them: presence, last seen, name, photo (issue 25)", async () => {
    const [child, club] = [await minorPlayer(t), await academy(t)];
    await follow(child, club);
    const thread = await threadOf(club, child);
    await expectStatus(sendText(club, thread, 'See you at the trial'), 201);
    const clubTab = await tab(club);
    const presenceOfChild = (e: ServerEvent[]) =>
      ofType(e, 'presence').filter((p) => p.data.user_id === child.id);
    const partnerOfChild = async () => {
      const listed = (await club.call('GET', '/api/chat_list')).json() as {
        threads: { thread_name: string; partner: Record<string, unknown> }[];
      };
      const opened = (await club.call('GET', `/api/chat?threadName=${thread}`)).json() as {
        thread: { partner: Record<string, unknown> };
      };
      return [listed.threads.find((x) => x.thread_name === thread)?.partner, opened.thread.partner];
    };

    // While the child follows the academy, the academy sees them, live.
    const first = await tab(child);
    await clubTab.until((e) => presenceOfChild(e).length === 1);
    for (const partner of await partnerOfChild())
      expect(partner).toMatchObject({ username: child.username, online: true });
    await first.close();
    await clubTab.until((e) => presenceOfChild(e).length === 2);

    await expectStatus(child.call('POST', '/api/unfollow', { academy: club.id }), 200);
    for (const partner of await partnerOfChild())
      expect(partner).toMatchObject({
        username: 'Touchline user',
        profile_photo: null,
        online: false,
        last_seen: null,
      });
    // Coming online again reaches no one on the academy's side (a friend of the child is the
    // marker that the presence change was handled).
    const friend = await minorPlayer(t);
    await befriend(friend, child);
    await threadOf(friend, child);
    const friendTab = await tab(friend);
    const childTab = await tab(child);
    await friendTab.until((e) => presenceOfChild(e).length === 1);
    expect(presenceOfChild(clubTab.events)).toHaveLength(2);
    // The academy's typing does not reach the child either; its typing to an adult follower,
    // sent after on the same socket (handled in order), is the marker.
    const fan = await t.createUser();
    await follow(fan, club);
    const fanThread = await threadOf(club, fan);
    const fanTab = await tab(fan);
    clubTab.send({ type: 'typing', thread_name: thread });
    clubTab.send({ type: 'typing', thread_name: fanThread });
    await fanTab.until((e) => ofType(e, 'typing').length === 1);
    expect(ofType(childTab.events, 'typing')).toEqual([]);
  });

  it('a quick reload (offline, online again) reaches the partner in order', async () => {
    const { a, b } = await pair();
    const aTab = await tab(a);
    const states = () =>
      ofType(aTab.events, 'presence')
        .filter((p) => p.data.user_id === b.id)
        .map((p) => p.data.online);
    const first = await tab(b);
    const closing = first.close();
    const second = await tab(b); // the reloaded page connects while the old socket closes
    await closing;
    await second.close();
    const third = await tab(b);
    await aTab.until(() => states().at(-1) === true && states().length >= 3);
    expect(states().every((online, i) => online === (i % 2 === 0))).toBe(true); // alternating
    expect(await t.app.realtime.online([b.id])).toEqual(new Set([b.id]));
    await third.close();
  });
});
