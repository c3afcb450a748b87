import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { CHAT_MESSAGES, TEXT_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { academy, befriend, follow, openChat, sendText, threadOf } from '../chat/chat.test-support';
import { awaitingChild, consentedGuardian } from './guardians.test-support';

let n = 0;
const mailbox = () => `contact${++n}-${Date.now()}@example.test`;

describe('contact in the open (supplement §14, decision 43)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("a linked guardian reads every message of the child's academy conversations, nothing else", async () => {
    const child = await awaitingChild(t, 13);
    const guardian = await consentedGuardian(t, child, mailbox());
    const club = await academy(t, { academyStatus: 'verified', username: 'Surulere Stars' });
    const friend = await awaitingChild(t, 13);
    await consentedGuardian(t, friend, mailbox());
    await follow(child, club);
    await befriend(child, friend);
    const thread = await threadOf(club, child);
    expect((await sendText(club, thread, 'Hello Tunde, come on Saturday')).statusCode).toBe(201);
    expect((await sendText(child, thread, 'Thank you, I will')).statusCode).toBe(201);
    const friendThread = await threadOf(child, friend);
    expect((await sendText(child, friendThread, 'Hi')).statusCode).toBe(201);

    const list = await guardian.call('GET', `/api/guardian/children/${child.id}/conversations`);
    expect(list.statusCode).toBe(200);
    expect(list.json().results).toEqual([
      expect.objectContaining({
        thread_name: thread,
        academy: { id: club.id, username: 'Surulere Stars' },
      }),
    ]);
    const read = await guardian.call(
      'GET',
      `/api/guardian/children/${child.id}/conversations/${thread}`,
    );
    expect(read.statusCode).toBe(200);
    expect(read.json().messages.map((m: { text: string }) => m.text)).toEqual([
      'Hello Tunde, come on Saturday',
      'Thank you, I will',
    ]);
    // A friend's conversation is not an academy conversation: not found.
    const other = await guardian.call(
      'GET',
      `/api/guardian/children/${child.id}/conversations/${friendThread}`,
    );
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('guardian.child_not_found');
    // The friend's guardian cannot read this child's academy conversation through their own child.
    const stranger = await consentedGuardian(t, await awaitingChild(t, 12), mailbox());
    for (const url of [
      `/api/guardian/children/${child.id}/conversations`,
      `/api/guardian/children/${child.id}/conversations/${thread}`,
    ]) {
      expect((await stranger.call('GET', url)).statusCode).toBe(404);
    }
    // Guardians read; they never write in a conversation.
    expect((await sendText(guardian as never, thread, 'Hello')).statusCode).toBe(404);
  });

  it("the child's messaging setting is enforced by the chat rules, with its refusal texts", async () => {
    const child = await awaitingChild(t, 14);
    const guardian = await consentedGuardian(t, child, mailbox());
    const club = await academy(t, { academyStatus: 'verified' });
    const friend = await awaitingChild(t, 14);
    await consentedGuardian(t, friend, mailbox());
    await follow(child, club);
    await befriend(child, friend);
    const thread = await threadOf(club, child);
    const setting = (messaging: string) =>
      guardian.call('PUT', `/api/guardian/children/${child.id}/settings`, { messaging });

    expect((await setting('friends')).statusCode).toBe(200);
    const opened = await openChat(club, child);
    expect(opened.statusCode).toBe(403);
    expect(opened.json()).toMatchObject({
      code: 'chat.not_allowed',
      message: CHAT_MESSAGES.guardianFriendsOnly,
    });
    const sent = await sendText(club, thread, 'Still there?');
    expect(sent.statusCode).toBe(403);
    expect(sent.json().message).toBe(CHAT_MESSAGES.guardianFriendsOnly);
    const own = await sendText(child, thread, 'Hello coach');
    expect(own.json().message).toBe(CHAT_MESSAGES.ownGuardianFriendsOnly);
    expect((await openChat(friend, child)).statusCode).toBe(200);

    expect((await setting('nobody')).statusCode).toBe(200);
    const refused = await openChat(friend, child);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MESSAGES.guardianNobody);

    expect((await setting('friends_and_academies')).statusCode).toBe(200);
    expect((await sendText(club, thread, 'Welcome back')).statusCode).toBe(201);
  });
});

describe('hostile input on every guardian route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const big = 'x'.repeat(100_000);
  const NUL = 'a\u0000b';

  it('NUL bytes, 100 kB strings and wrong types answer 400 and write nothing', async () => {
    const child = await awaitingChild(t, 13);
    const guardian = await consentedGuardian(t, child, mailbox());
    const before = async () => {
      const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, child.id));
      const ledger = await t.db
        .select()
        .from(schema.consentLedger)
        .where(eq(schema.consentLedger.childId, child.id));
      const guardians = await t.db.select({ id: schema.users.id }).from(schema.users);
      return {
        messaging: row!.messaging,
        consent: row!.consentStatus,
        ledger: ledger.length,
        users: guardians.length,
      };
    };
    const start = await before();
    const base = `/api/guardian/children/${child.id}`;
    const cases: {
      method: 'GET' | 'POST' | 'PUT' | 'DELETE';
      url: string;
      payload?: unknown;
      auth?: boolean;
      status?: number;
    }[] = [
      { method: 'PUT', url: `${base}/settings`, payload: { messaging: NUL } },
      { method: 'PUT', url: `${base}/settings`, payload: { messaging: big } },
      { method: 'PUT', url: `${base}/settings`, payload: { messaging: 7 } },
      { method: 'PUT', url: `${base}/settings`, payload: { messaging: ['nobody'] } },
      { method: 'PUT', url: `${base}/settings`, payload: { messaging: 'everyone' } },
      { method: 'PUT', url: `${base}/settings`, payload: [] },
      { method: 'GET', url: `/api/guardian/children/${encodeURIComponent(NUL)}` },
      // A 100 kB address is refused before routing: 414, nothing read.
      { method: 'GET', url: `/api/guardian/children/${big}`, status: 414 },
      { method: 'GET', url: `/api/guardian/children/12` },
      { method: 'GET', url: `${base}/conversations/${encodeURIComponent(NUL)}` },
      { method: 'GET', url: `${base}/conversations/${'c'.repeat(5000)}`, status: 414 },
      { method: 'POST', url: `/api/guardian/children/${encodeURIComponent(NUL)}/withdraw` },
      { method: 'POST', url: `/api/guardian/children/not-a-uuid/export` },
      { method: 'DELETE', url: `/api/guardian/children/not-a-uuid` },
      { method: 'DELETE', url: `${base}?immediately=${encodeURIComponent(NUL)}` },
      { method: 'DELETE', url: `${base}?immediately=yes` },
      {
        method: 'POST',
        url: `/api/guardian/consent/${encodeURIComponent(NUL)}`,
        payload: { decision: 'give', relationship: 'Mother' },
      },
      {
        method: 'POST',
        url: `/api/guardian/consent/${'t'.repeat(300)}`,
        status: 414,
        payload: { decision: 'give', relationship: 'Mother' },
      },
      {
        method: 'POST',
        url: `/api/guardian/consent/abc`,
        payload: { decision: 7, relationship: 'Mother' },
      },
      {
        method: 'POST',
        url: `/api/guardian/consent/abc`,
        payload: { decision: 'give', relationship: NUL },
      },
      {
        method: 'POST',
        url: `/api/guardian/consent/abc`,
        payload: { decision: 'give', relationship: big },
      },
      { method: 'GET', url: `/api/guardian/consent/${encodeURIComponent(NUL)}`, auth: false },
      { method: 'GET', url: `/api/guardian/consent/${'t'.repeat(300)}`, auth: false, status: 414 },
      {
        method: 'POST',
        url: '/api/guardian/signup',
        payload: { token: NUL, username: 'A', email: 'a@example.test', password: 'Parent#2026x' },
        auth: false,
      },
      {
        method: 'POST',
        url: '/api/guardian/signup',
        payload: { token: 'abc', username: big, email: 'a@example.test', password: 'Parent#2026x' },
        auth: false,
      },
      {
        method: 'POST',
        url: '/api/guardian/signup',
        payload: {
          token: 'abc',
          username: 'A',
          email: ['a@example.test'],
          password: 'Parent#2026x',
        },
        auth: false,
      },
      {
        method: 'POST',
        url: '/api/guardian/signup',
        payload: { token: 'abc', username: 'A', email: 'a@example.test', password: 12345678 },
        auth: false,
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({
        method: c.method,
        url: c.url,
        ...(c.auth === false ? {} : { headers: guardian.headers }),
        ...(c.payload === undefined ? {} : { payload: c.payload as object }),
      });
      const label = `${c.method} ${c.url.slice(0, 80)} ${JSON.stringify(c.payload)?.slice(0, 60)}`;
      expect(res.statusCode, label).toBe(c.status ?? 400);
      const body = res.json();
      expect(typeof body.message, label).toBe('string');
      expect(body.message.length, label).toBeLessThan(300);
      expect(JSON.stringify(body), label).not.toContain('\\u0000');
      if (c.url.includes('%00') || JSON.stringify(c.payload ?? '').includes('\\u0000'))
        expect(body.message, label).toBe(TEXT_MESSAGES.nulCharacter);
    }
    expect(await before()).toEqual(start);
  });
});
