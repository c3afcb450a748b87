import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import type { UserRow } from '@touchline/db/users';
import { ERROR_CODES, PAGING_MESSAGES } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('paged social lists (issue 10 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function as(user: UserRow) {
    const { headers } = await t.signIn(user);
    return (url: string) => t.app.inject({ method: 'GET', url, headers });
  }

  it('the blocked list is keyset-paged, newest first: every user once, ties included', async () => {
    const me = await t.createUser({ username: 'Blocker' });
    const others = await Promise.all(Array.from({ length: 7 }, () => t.createUser()));
    const at = Date.UTC(2026, 2, 1);
    // Three blocks share one instant: only the id tells them apart.
    await t.db.insert(schema.blocks).values(
      others.map((o, i) => ({
        blockerId: me.id,
        blockedId: o.id,
        createdAt: new Date(at + Math.min(i, 4) * 1000),
      })),
    );
    const get = await as(me);
    const seen: string[] = [];
    let url = '/api/block?limit=2';
    let pages = 0;
    for (; pages < 10; pages += 1) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { results: { id: string }[]; next: string | null };
      expect(page.results.length).toBeLessThanOrEqual(2);
      seen.push(...page.results.map((r) => r.id));
      if (!page.next) break;
      url = `/api/block?limit=2&before=${encodeURIComponent(page.next)}`;
    }
    expect(pages).toBe(3);
    const latest = [others[4]!, others[5]!, others[6]!]
      .map((o) => o.id)
      .sort()
      .reverse();
    expect(seen).toEqual([...latest, ...[3, 2, 1, 0].map((i) => others[i]!.id)]);
  });

  it('a malformed cursor or limit on any social list answers 400 with a message and a code', async () => {
    const me = await t.createUser();
    const get = await as(me);
    const cursors = [
      '2024-99-99T00:00:00.000000Z~6f1c1e36-9a4e-4a8e-8f25-4f0f2a4f8f11',
      '2024-02-30T00:00:00.000Z',
      '0000-01-01T00:00:00Z',
      'garbage',
      '9'.repeat(300),
    ];
    const lists = ['/api/block', '/api/friends', '/api/friend_request', '/api/sent_request_list'];
    for (const list of ['/api/follow', ...lists]) {
      for (const before of cursors) {
        const url = `${list}?before=${encodeURIComponent(before)}`;
        const res = await get(url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({
          code: ERROR_CODES.validation,
          message: PAGING_MESSAGES.badCursor,
        });
      }
      const huge = await get(`${list}?limit=99999999999999999999`);
      expect(huge.statusCode, list).toBe(400);
      expect(huge.json().code).toBe(ERROR_CODES.validation);
    }
  });
});
