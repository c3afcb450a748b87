import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@touchline/db';
import { insertAdminAudit } from '@touchline/db/admin';
import { insertContentReport } from '@touchline/db/posts';
import type { SeedUser, SeedWorld } from '@touchline/db/testing';
import { ADMIN_LIMITS, CHAT_LIMITS, LIMITS, TRIAL_LIMITS } from '@touchline/shared';
import { createTestApp, type TestApp, type TestUser } from './test-app';

/**
 * A standing guard over the paging contract (paging.ts, docs/decisions.md "One paging
 * contract"): every GET operation of the OpenAPI document with a `page`, `before` or `after`
 * parameter must have a world below with more than one page of items, and then
 *
 * - `page` is a page number: no `page` and `page=1` answer the first page, `page=2` the second
 *   (other items), each saying `has_more` and the `page` it served;
 * - a cursor (`before` / `after`) comes back as `next`, which fetches the following page
 *   (other items), and following `next` walks the whole list once, ending with `has_more: false`
 *   and `next: null`; where an operation pages both ways, `page=2` is the cursor's second page.
 *
 * A new paged operation without a world here fails the first test, so none escapes the contract.
 */

type Op = { path: string; query: string[] };
/** Where one operation's pages are read: as whom, its URL (path filled, fixed filters) and items. */
type Pages = { as: TestUser; url: string; items: (body: Record<string, unknown>) => string[] };

let t: TestApp;
let ops: Op[] = [];
const tag = `Pg${randomUUID().slice(0, 6)}`;
const ids = (key: string) => (body: Record<string, unknown>) =>
  (body[key] as { id?: string; thread_name?: string }[]).map((x) => x.id ?? x.thread_name!);

/** `n` entries keyed `<prefix><i>`. */
const many = <T>(prefix: string, n: number, make: (i: number) => T): Record<string, T> =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`${prefix}${i}`, make(i)]));

/** The worlds: one per list, each larger than one page, built on first use (then kept). */
let worlds: Record<string, () => Promise<Pages>>;
const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
  };
  ops = Object.entries(doc.paths)
    .filter(([, methods]) => methods.get)
    .map(([path, methods]) => ({
      path,
      query: (methods.get!.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    }))
    .filter((op) => op.query.some((name) => ['page', 'before', 'after'].includes(name)));

  // One player who sees a lot: posts, trials (registered to all), notifications; players and
  // academies to list.
  const trials = Math.max(TRIAL_LIMITS.pageSize, TRIAL_LIMITS.listPageSize) + 1;
  const posts = Math.max(LIMITS.feedPageSize, ADMIN_LIMITS.pageSize) + 2;
  const players: Record<string, SeedUser> = many('p', ADMIN_LIMITS.pageSize + 1, (i) => ({
    username: `${tag} player ${i}`,
  }));
  const world = {
    users: {
      me: { username: `${tag} me` },
      club: { role: 'academy', username: `${tag} club` },
      ...players,
    },
    trials: many('t', trials, (i) => ({ by: 'club', name: `${tag} trial ${i}` })),
    registrations: many('r', trials, (i) => ({ trial: `t${i}`, player: 'me' })),
    posts: many('post', posts, (i) => ({ by: 'me', content: `${tag} ${i}` })),
  } satisfies SeedWorld;
  const w = await t.seed(world);
  const me = w.users.me;
  const club = w.users.club;
  const admin = await t.createUser({ role: 'admin' });
  const ME = { id: me.id };
  /** Three people of their own for a social list, and what each has to do with `me`. */
  const three = async (role: 'player' | 'academy' = 'player') => {
    const { users } = await t.seed({ users: many('u', 3, () => ({ role })) });
    return Object.values(users).map((u) => ({ id: u.id }));
  };

  const defined: Record<string, () => Promise<Pages>> = {
    '/api/home': async () => ({ as: me, url: '/api/home', items: ids('posts') }),
    '/api/user_posts': async () => ({ as: me, url: '/api/user_posts', items: ids('posts') }),
    '/api/user_posts/{userId}': async () => ({
      as: club,
      url: `/api/user_posts/${me.id}`,
      items: ids('posts'),
    }),
    '/api/comments/{id}': async () => {
      const postId = w.posts.post0!.id;
      for (let i = 0; i < 3; i++)
        expect(
          (await me.call('POST', `/api/add_comment/${postId}`, { content: `c${i}` })).statusCode,
        ).toBe(201);
      return { as: me, url: `/api/comments/${postId}?limit=2`, items: ids('comments') };
    },
    '/api/search/results': async () => ({
      as: me,
      url: `/api/search/results?q=${encodeURIComponent(`${tag} player`)}&type=players`,
      items: ids('results'),
    }),
    '/api/trial': async () => ({ as: me, url: `/api/trial?search=${tag}`, items: ids('trials') }),
    '/api/academy_trials': async () => ({
      as: club,
      url: '/api/academy_trials?tab=upcoming',
      items: ids('trials'),
    }),
    '/api/trial_history': async () => ({
      as: me,
      url: '/api/trial_history',
      items: ids('registrations'),
    }),
    '/api/players_in_trial_list/{trialId}': async () => {
      // Three more registrants of the first trial, read two a page.
      const trial = { id: w.trials.t0!.id };
      const listed: Record<string, { id: string }> = w.users;
      await t.seed({
        registrations: many('reg', 3, (i) => ({ trial, player: { id: listed[`p${i}`]!.id } })),
      });
      return {
        as: club,
        url: `/api/players_in_trial_list/${trial.id}?limit=2`,
        items: ids('registrants'),
      };
    },
    '/api/notification': async () => {
      await t.db.insert(schema.notifications).values(
        Array.from({ length: LIMITS.notificationPageSize + 3 }, (_, i) => ({
          userId: me.id,
          kind: 'system',
          text: `n${i}`,
          link: '/home',
          actorId: null,
          sourceKey: `paging-guard-${i}`,
        })),
      );
      return { as: me, url: '/api/notification', items: ids('results') };
    },
    '/api/chat': async () => {
      const messages = Array.from({ length: CHAT_LIMITS.pageSize + 2 }, (_, i) => ({
        from: ME,
        text: `m${i}`,
      }));
      const { conversations } = await t.seed({
        conversations: { long: { between: [ME, { id: club.id }], messages } },
      });
      return {
        as: me,
        url: `/api/chat?threadName=${conversations.long.name}`,
        items: ids('messages'),
      };
    },
    '/api/chat_list': async () => {
      const partners = many('u', CHAT_LIMITS.pageSize + 1, () => ({}));
      const conversations = many('c', CHAT_LIMITS.pageSize + 1, (i) => ({
        between: [{ id: admin.id }, `u${i}`] as [{ id: string }, string],
        messages: [{ from: `u${i}`, text: 'hello' }],
      }));
      await t.seed({ users: partners, conversations });
      return { as: admin, url: '/api/chat_list', items: ids('threads') };
    },
    '/api/friend_request': async () => {
      await t.seed({ friendRequests: (await three()).map((u) => [u, ME]) });
      return { as: me, url: '/api/friend_request?limit=2', items: ids('results') };
    },
    '/api/sent_request_list': async () => {
      await t.seed({ friendRequests: (await three()).map((u) => [ME, u]) });
      return { as: me, url: '/api/sent_request_list?limit=2', items: ids('results') };
    },
    '/api/friends': async () => {
      await t.seed({ friendships: (await three()).map((u) => [ME, u]) });
      return { as: me, url: '/api/friends?limit=2', items: ids('results') };
    },
    '/api/follow': async () => {
      await t.seed({ follows: (await three('academy')).map((a) => [ME, a]) });
      return { as: me, url: '/api/follow?limit=2', items: ids('results') };
    },
    '/api/block': async () => {
      await t.seed({ blocks: (await three()).map((u) => [ME, u]) });
      return { as: me, url: '/api/block?limit=2', items: ids('results') };
    },
    '/api/admin/academies': async () => {
      await t.seed({
        users: many('a', ADMIN_LIMITS.pageSize + 1, (i) => ({
          role: 'academy' as const,
          username: `${tag} academy ${i}`,
        })),
      });
      return { as: admin, url: `/api/admin/academies?search=${tag}`, items: ids('results') };
    },
    '/api/admin/players': async () => ({
      as: admin,
      url: `/api/admin/players?search=${encodeURIComponent(`${tag} player`)}`,
      items: ids('results'),
    }),
    '/api/admin/trials': async () => ({
      as: admin,
      url: `/api/admin/trials?search=${tag}`,
      items: ids('results'),
    }),
    '/api/admin/audit': async () => {
      for (let i = 0; i < ADMIN_LIMITS.pageSize + 1; i++)
        await insertAdminAudit(t.db, {
          actorId: admin.id,
          action: 'user.blocked',
          targetUserId: me.id,
          reason: `${tag} reason ${i}`,
        });
      return { as: admin, url: `/api/admin/audit?search=${tag}%20reason`, items: ids('results') };
    },
    '/api/admin/consents': async () => {
      // Accounts awaiting a guardian's consent (supplement §14), one page and one more.
      const { users } = await t.seed({
        users: many('minor', 20 + 1, (i) => ({ username: `${tag} minor ${i}` })),
      });
      const minors = Object.values(users).map((u) => u.id);
      await t.db
        .update(schema.users)
        .set({ consentStatus: 'awaiting_consent' })
        .where(inArray(schema.users.id, minors));
      return {
        as: admin,
        url: `/api/admin/consents?status=awaiting&search=${encodeURIComponent(`${tag} minor`)}`,
        items: ids('awaiting'),
      };
    },
    '/api/admin/reports': async () => {
      for (let i = 0; i < ADMIN_LIMITS.pageSize + 1; i++) {
        const post = w.posts[`post${i}`]!.id;
        await insertContentReport(t.db, {
          reporterId: club.id,
          targetKind: 'post',
          targetId: post,
          postId: post,
          targetAuthorId: me.id,
          reason: 'spam',
          details: '',
          snapshot: `${tag} ${i}`,
        });
      }
      return { as: admin, url: '/api/admin/reports?status=open', items: ids('results') };
    },
  };
  worlds = Object.fromEntries(Object.entries(defined).map(([path, make]) => [path, once(make)]));
}, 120_000);
afterAll(async () => t?.close());

const join = (url: string, param: string) => `${url}${url.includes('?') ? '&' : '?'}${param}`;

async function read(as: TestUser, url: string) {
  const res: LightMyRequestResponse = await as.call('GET', url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as Record<string, unknown>;
}

describe('the paging contract of every paged operation', () => {
  it('has a world for each paged operation of the OpenAPI document', () => {
    expect(ops.length).toBeGreaterThan(15);
    expect(ops.map((op) => op.path).filter((path) => !worlds[path])).toEqual([]);
  });

  it('`page` is a 1-based page number: none and 1 answer the first page, 2 the next', async () => {
    const numbered = ops.filter((op) => op.query.includes('page'));
    expect(numbered.length).toBeGreaterThan(8);
    for (const op of numbered) {
      const { as, url, items } = await worlds[op.path]!();
      const first = await read(as, url);
      const one = await read(as, join(url, 'page=1'));
      const two = await read(as, join(url, 'page=2'));
      const what = `${op.path}`;
      expect(items(one), what).toEqual(items(first));
      expect([one.has_more, one.page], what).toEqual([true, 1]);
      expect(two.page, what).toBe(2);
      expect(typeof two.has_more, what).toBe('boolean');
      expect(items(two).length, what).toBeGreaterThan(0);
      expect(
        items(two).filter((id) => items(one).includes(id)),
        what,
      ).toEqual([]);
    }
  }, 300_000);

  it('a cursor comes back as `next`, which fetches the following page and walks the list once', async () => {
    const cursored = ops.filter((op) => op.query.some((q) => q === 'before' || q === 'after'));
    expect(cursored.length).toBeGreaterThan(10);
    for (const op of cursored) {
      const param = op.query.includes('before') ? 'before' : 'after';
      const { as, url, items } = await worlds[op.path]!();
      const first = await read(as, url);
      const what = `${op.path}`;
      expect([first.has_more, typeof first.next], what).toEqual([true, 'string']);
      const seen = [...items(first)];
      let body = first;
      for (let pages = 1; body.next !== null; pages++) {
        expect(pages, `${what}: more pages than items`).toBeLessThan(200);
        const next = await read(as, join(url, `${param}=${encodeURIComponent(String(body.next))}`));
        expect(items(next).length, what).toBeGreaterThan(0);
        expect(
          items(next).filter((id) => seen.includes(id)),
          what,
        ).toEqual([]);
        if (pages === 1 && op.query.includes('page'))
          expect(items(next), `${what}: page=2 is the cursor's second page`).toEqual(
            items(await read(as, join(url, 'page=2'))),
          );
        seen.push(...items(next));
        expect(body.has_more, what).toBe(true);
        body = next;
      }
      expect([body.has_more, body.next], what).toEqual([false, null]);
    }
  }, 300_000);
});
