import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import type { UserRow } from '@touchline/db/users';
import { ERROR_CODES, LIMITS, PAGING_MESSAGES, type NotificationPage } from '@touchline/shared';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('notification pages (issue 10 item 5)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function session(user: UserRow) {
    const { headers } = await t.signIn(user);
    return (url: string) => t.app.inject({ method: 'GET', url, headers });
  }

  /** `count` notifications for the user, several sharing one creation time (ties need the id). */
  async function seed(user: UserRow, count: number) {
    const base = Date.UTC(2026, 5, 1, 12);
    await t.db.insert(schema.notifications).values(
      Array.from({ length: count }, (_, i) => ({
        userId: user.id,
        kind: 'system',
        text: `n${i}`,
        link: '/home',
        actorId: null,
        sourceKey: `paging-${user.id}-${i}`,
        // Four rows per instant, microseconds apart from the next group.
        createdAt: new Date(base + Math.floor(i / 4)),
      })),
    );
  }

  it('`before` pages newest first by (created_at, id): every row once, none skipped at ties', async () => {
    const ada = await t.createUser({ username: 'Ada Paging' });
    const get = await session(ada);
    const total = LIMITS.notificationPageSize * 2 + 7;
    await seed(ada, total);

    const seen: string[] = [];
    let url = '/api/notification';
    for (let pages = 0; pages < 10; pages += 1) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as NotificationPage;
      expect(page.results.length).toBeLessThanOrEqual(LIMITS.notificationPageSize);
      seen.push(...page.results.map((n) => n.id));
      expect(page.has_more).toBe(page.next !== null);
      if (!page.next) break;
      url = `/api/notification?before=${encodeURIComponent(page.next)}`;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);

    // The specification's `?page=` still answers the same order.
    const byPage = [1, 2, 3].map(async (n) => (await get(`/api/notification?page=${n}`)).json());
    const pages = (await Promise.all(byPage)) as NotificationPage[];
    expect(pages.flatMap((p) => p.results.map((n) => n.id))).toEqual(seen);
    expect(pages.map((p) => p.has_more)).toEqual([true, true, false]);
  });

  it('a malformed `before` or `page` answers 400 with a message and a code, never 500', async () => {
    const bola = await t.createUser({ username: 'Bola Paging' });
    const get = await session(bola);
    for (const query of [
      'before=2024-99-99T00:00:00.000000Z~6f1c1e36-9a4e-4a8e-8f25-4f0f2a4f8f11',
      'before=2024-02-30T10:00:00.000000Z~6f1c1e36-9a4e-4a8e-8f25-4f0f2a4f8f11',
      'before=0000-01-01T00:00:00.000000Z~6f1c1e36-9a4e-4a8e-8f25-4f0f2a4f8f11',
      'before=2024-01-01T00:00:00.000000Z~not-a-uuid',
      'before=garbage',
      `before=${'9'.repeat(400)}`,
      'page=99999999999999999999',
      'page=-1',
    ]) {
      const res = await get(`/api/notification?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({ code: ERROR_CODES.validation });
      expect(res.json().message, query).toBeTruthy();
    }
    const garbage = await get('/api/notification?before=garbage');
    expect(garbage.json().message).toBe(PAGING_MESSAGES.badCursor);
  });
});
