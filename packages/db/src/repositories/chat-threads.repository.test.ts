import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Database } from '../client';
import { createTestDatabase, createTestUser, seed } from '../testing';
import type { TestDatabase } from '../testing';
import { uuidv7 } from '../uuid';
import { chatPairFacts } from './chat-pair-facts.repository';
import { listThreads, lockEventCounters, setLastSeen, threadItem } from './chat-threads.repository';
import { nextChatMessageId } from './chat.repository';
import { chatFixtures, TODAY, at } from './fixtures/chat';
import { upsertProfile } from './profiles.repository';
import { insertBlock, insertFollow, insertFriendship } from './social.repository';
import { appendUserEvent, appendUserEventsBatch } from './user-events.repository';

let testDb: TestDatabase;
let db: Database;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db;
});
afterAll(() => testDb?.close());

const { player, academy, open, send } = chatFixtures(() => db);

describe('the conversation list', () => {
  test('latest activity first, with the partner, the last message and the unread count', async () => {
    const me = await player();
    const [p1, p2, p3] = [await player(), await academy(), await player()];
    const t1 = await open(me, p1, at(-300));
    const t2 = await open(p2, me, at(-300));
    const t3 = await open(me, p3, at(-300));
    await db.transaction((tx) => setLastSeen(tx, p1.id, at(-30)));
    await send(t1, p1, 'older', { createdAt: at(1) });
    await send(t2, p2, 'academy says hi', { createdAt: at(2) });
    await send(t3, me, 'newest', { createdAt: at(3) });

    let items = await listThreads(db, me.id, { limit: 10 });
    expect(items.map((i) => i.name)).toEqual([t3.name, t2.name, t1.name]);
    expect(items[1]).toMatchObject({
      partner: { id: p2.id, username: p2.username, role: 'academy', photo: null },
      lastMessage: { text: 'academy says hi', senderId: p2.id },
      unreadCount: 1,
      lastActivityAt: at(2),
    });
    expect(items[2]?.partner.lastSeenAt).toEqual(at(-30));
    expect(items[0]).toMatchObject({ unreadCount: 0, lastMessage: { text: 'newest' } });

    // A new message moves its conversation to the top.
    await send(t1, me, 'back to you', { createdAt: at(4) });
    items = await listThreads(db, me.id, { limit: 10 });
    expect(items.map((i) => i.name)).toEqual([t1.name, t3.name, t2.name]);
    // A late-arriving older message (another instance's clock) does not move anything back.
    await send(t1, p1, 'late', { createdAt: at(-10), id: uuidv7(at(-10).getTime()) });
    const [top] = await listThreads(db, me.id, { limit: 1 });
    expect(top).toMatchObject({ name: t1.name, lastMessage: { text: 'back to you' } });

    // Keyset pages over the list.
    const firstPage = await listThreads(db, me.id, { limit: 2 });
    const rest = await listThreads(db, me.id, { before: firstPage.at(-1)!.cursor, limit: 2 });
    expect([...firstPage, ...rest].map((i) => i.name)).toEqual([t1.name, t3.name, t2.name]);
  });

  test('a conversation without messages shows only to the member who opened it', async () => {
    const [a, b] = [await player(), await player()];
    const thread = await open(a, b);
    expect((await listThreads(db, a.id, { limit: 5 })).map((i) => i.name)).toEqual([thread.name]);
    expect(await listThreads(db, b.id, { limit: 5 })).toEqual([]);
    expect((await threadItem(db, thread.id, b.id))?.lastMessage).toBeNull();
    await send(thread, a, 'now it shows');
    expect((await listThreads(db, b.id, { limit: 5 })).map((i) => i.name)).toEqual([thread.name]);
  });
});

describe('pair facts', () => {
  test('strangers: roles, activity, age, academy status, open to work, verified e-mail', async () => {
    const adult = await player('2000-01-15');
    const minor = await player('2010-05-05');
    const eighteenToday = await player('2008-06-01');
    const club = await academy('unverified');
    await upsertProfile(db, adult.id, { openToWork: true });

    const facts = await chatPairFacts(db, club.id, adult.id, TODAY);
    expect(facts).toEqual({
      sender: {
        id: club.id,
        role: 'academy',
        isActive: true,
        isMinor: false,
        academyStatus: 'unverified',
        messaging: 'friends_and_academies',
      },
      receiver: {
        id: adult.id,
        role: 'player',
        isActive: true,
        isMinor: false,
        academyStatus: null,
        messaging: 'friends_and_academies',
        openToWork: true,
        emailVerified: true,
      },
      blocked: false,
      friends: false,
      follows: false,
      registered: false,
    });
    expect((await chatPairFacts(db, club.id, minor.id, TODAY)).receiver).toMatchObject({
      isMinor: true,
      openToWork: false,
    });
    expect((await chatPairFacts(db, minor.id, eighteenToday.id, TODAY)).receiver?.isMinor).toBe(
      false,
    );
    expect(
      (await chatPairFacts(db, minor.id, eighteenToday.id, '2026-05-31')).receiver?.isMinor,
    ).toBe(true);
    expect((await chatPairFacts(db, minor.id, adult.id, TODAY)).sender.isMinor).toBe(true);

    const unverified = await createTestUser(db, { role: 'player', dob: '2000-01-01' });
    expect((await chatPairFacts(db, adult.id, unverified.id, TODAY)).receiver?.emailVerified).toBe(
      false,
    );
    expect((await chatPairFacts(db, adult.id, nextChatMessageId(), TODAY)).receiver).toBeNull();
  });

  test('friends, follows (either side asking), live trial registrations, blocks', async () => {
    const [p, q] = [await player(), await player()];
    const club = await academy();
    expect(await chatPairFacts(db, p.id, q.id, TODAY)).toMatchObject({
      friends: false,
      blocked: false,
    });
    await insertFriendship(db, p.id, q.id);
    expect((await chatPairFacts(db, q.id, p.id, TODAY)).friends).toBe(true);

    await insertFollow(db, p.id, club.id);
    expect((await chatPairFacts(db, p.id, club.id, TODAY)).follows).toBe(true);
    expect((await chatPairFacts(db, club.id, p.id, TODAY)).follows).toBe(true);
    expect((await chatPairFacts(db, club.id, q.id, TODAY)).follows).toBe(false);

    // Only a live registration counts (issue 25 item 9): a cancelled one ends the academy's reach.
    await seed(db, {
      trials: { open: { by: { id: club.id } } },
      registrations: {
        q: { trial: 'open', player: { id: q.id }, status: 'cancelled' },
        p: { trial: 'open', player: { id: p.id }, status: 'registered' },
      },
    });
    expect((await chatPairFacts(db, club.id, q.id, TODAY)).registered).toBe(false);
    expect((await chatPairFacts(db, q.id, club.id, TODAY)).registered).toBe(false);
    expect((await chatPairFacts(db, club.id, p.id, TODAY)).registered).toBe(true);
    expect((await chatPairFacts(db, p.id, club.id, TODAY)).registered).toBe(true);

    await insertBlock(db, q.id, p.id);
    expect((await chatPairFacts(db, p.id, q.id, TODAY)).blocked).toBe(true);
    expect((await chatPairFacts(db, q.id, p.id, TODAY)).blocked).toBe(true);
  });
});

describe('event counters', () => {
  test('locking them changes no sequence number', async () => {
    const [fresh, used] = [await player(), await player()];
    await appendUserEvent(db, used.id, 'system', { text: 'one' });
    const seqs = await db.transaction(async (tx) => {
      await lockEventCounters(tx, [used.id, fresh.id, used.id]);
      return appendUserEventsBatch(tx, [
        { userId: fresh.id, type: 'system', data: { text: 'a' } },
        { userId: used.id, type: 'system', data: { text: 'b' } },
      ]);
    });
    expect(seqs).toEqual([
      { userId: fresh.id, seq: 1 },
      { userId: used.id, seq: 2 },
    ]);
  });
});
